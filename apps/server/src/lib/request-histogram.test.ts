import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestHistogram } from './request-histogram';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const OBSERVED: [string, string, number, number][] = [
  ['GET', '/api/Jobs/CareerDetailsRetrival', 200, 0.003],
  ['GET', '/api/Jobs/CareerDetailsRetrival', 200, 0.01],
  ['GET', '/api/Jobs/CareerDetailsRetrival', 200, 0.7],
  ['GET', '/api/Jobs/CareerDetailsRetrival', 304, 0.002],
  ['POST', '/api/Jobs/SaveApplicantDetail', 201, 12],
  ['GET', 'unmatched', 404, 0.004],
];

describe('the requests histogram', () => {
  it("reads exactly as prom-client's own histogram of the same observations", async () => {
    const theirs = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: BOUNDS,
      registers: [theirs],
    });
    const ours = new Registry();
    const requests = new RequestHistogram(
      'http_request_duration_seconds',
      'Time to answer a request, by method, route pattern and status',
      BOUNDS,
    );
    ours.registerMetric(requests.asMetric());
    for (const [method, route, status, seconds] of OBSERVED) {
      histogram.observe({ method, route, status_code: String(status) }, seconds);
      requests.observe(method, route, status, seconds);
    }
    const sorted = async (registry: Registry) => (await registry.metrics()).split('\n').sort();
    expect(await sorted(ours)).toEqual(await sorted(theirs));
    // Merged with the process's registry, as /metrics does.
    expect(await Registry.merge([new Registry(), ours]).metrics()).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/Jobs/SaveApplicantDetail",status_code="201"} 1',
    );
    requests.reset();
    expect(await ours.metrics()).not.toContain('_count{');
  });
});
