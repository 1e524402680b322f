import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggableUrl, loggerOptions } from './logging';

/** A Fastify app with the server's logger options, writing its lines into an array. */
function appWithLog() {
  const lines: string[] = [];
  const app = Fastify({
    logger: {
      ...(loggerOptions('info') as object),
      stream: { write: (line: string) => lines.push(line) },
    },
  });
  return { app, lines };
}

describe('no personal data in logs', () => {
  it('logs a console search with its words redacted and no e-mail address anywhere', async () => {
    const { app, lines } = appWithLog();
    app.get('/api/recruiters/applicants', async (request) => {
      // What a careless line might carry: the address in a field and in the message.
      request.log.info({ searched: request.query }, `searched for ${String(request.url)}`);
      throw new Error('no applicant named alice@example.com');
    });
    for (const query of [
      'q=alice%40example.com&jobId=3',
      'q=alice@example.com',
      'alice@example.com',
    ]) {
      await app.inject({ url: `/api/recruiters/applicants?${query}` });
    }
    await app.inject({ url: '/api/recruiters/alice%40example.com/notes' });
    await app.close();
    const text = lines.join('');
    expect(text).toContain('"url":"/api/recruiters/applicants?q=[redacted]&jobId=[redacted]"');
    expect(text).toContain('"url":"/api/recruiters/applicants?[redacted]"');
    expect(text).toContain('incoming request');
    expect(text).not.toMatch(/alice/i);
  });

  it('keeps the path and the parameter names', () => {
    expect(loggableUrl('/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0')).toBe(
      '/api/Jobs/CareerDetailsRetrival?ActionFlag=[redacted]&jobID=[redacted]',
    );
    expect(loggableUrl('/careers')).toBe('/careers');
    expect(loggableUrl('/x/bob.smith+cv%40mail.example.org')).toBe('/x/[email]');
  });
});
