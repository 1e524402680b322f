import type { Metric } from 'prom-client';

type Labels = { method: string; route: string; status_code: string };

/** One line of the exposition, as prom-client's registry reads it from a metric's `get()`. */
interface Sample {
  metricName: string;
  labels: Labels | (Labels & { le: number | '+Inf' });
  value: number;
}

interface Series {
  labels: Labels;
  /** Observations per bucket (not cumulative); the last is past the largest bound (+Inf). */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The requests' latency histogram (by method, route pattern and status), counted here and read
 * by prom-client when it is scraped, in its own histogram's form. prom-client's Histogram checks
 * and hashes the label set on every observation, about a tenth of what an API read costs
 * (docs/performance.md); here an observation is a map lookup by a key of the three values, a
 * search of the bounds and three additions. There are as many series as route patterns,
 * methods and statuses the node has answered, as with prom-client's.
 */
export class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {}

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(status) },
        counts: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket += 1;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** What prom-client's registry reads: each series' cumulative buckets, sum and count. */
  async get() {
    const values: Sample[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let below = 0;
      counts.forEach((n, bucket) => {
        below += n;
        const le = bucket < this.bounds.length ? this.bounds[bucket]! : '+Inf';
        values.push({ metricName: `${this.name}_bucket`, labels: { le, ...labels }, value: below });
      });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    };
  }

  reset(): void {
    this.series.clear();
  }

  /**
   * Registered as a metric: prom-client's registry reads a metric by its name and `get()` (and
   * resets it by `reset()`); its types name only its own classes, and its histogram's `type` as
   * an enum where the registry uses the string, as here.
   */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
