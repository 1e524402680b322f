import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { problemDetailsSchema } from '@lumenfield/contract';

/** What no answer may ever contain: stack frames, SQL or driver errors, server paths. */
const LEAKS = [
  /\n\s+at [\w$.<>]+ \(/, // a stack frame
  /node_modules/,
  /\/work\/|\/home\/|\/tmp\//,
  /\.(ts|js|mjs):\d+/,
  /SQLITE_[A-Z]/,
  /syntax error at or near/i,
  /invalid byte sequence|violates (unique|foreign key|not-null)/i,
  /\b(TypeError|RangeError|ReferenceError|SyntaxError):/,
];

/** Slowest answer allowed to any single hostile request. */
export const ANSWER_TIMEOUT_MS = 5_000;

/** Injects with a deadline: a hang is a failure, not a stuck suite. */
export async function answered(
  send: () => Promise<LightMyRequestResponse>,
  what: string,
): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms: ${what}`)),
      ANSWER_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([send(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The invariant of every answer to bad input: below 500, nothing leaked, and under /api
 * every error is an RFC 9457 problem document.
 */
export function expectCleanAnswer(res: LightMyRequestResponse, url: string, what = url): void {
  expect(res.statusCode, `${what} -> ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(
    500,
  );
  for (const leak of LEAKS) {
    expect(leak.test(res.body), `${what} leaked ${leak}: ${res.body.slice(0, 300)}`).toBe(false);
  }
  if (url.startsWith('/api/') && res.statusCode >= 400) {
    expect(res.headers['content-type'], what).toContain('application/problem+json');
    const parsed = problemDetailsSchema.safeParse(res.json());
    expect(parsed.success, `${what}: not a problem document: ${res.body.slice(0, 300)}`).toBe(true);
    expect(res.json().status).toBe(res.statusCode);
  }
}

/** Counts generated cases per endpoint so the suite can print the figure the report needs. */
export class CaseCounter {
  private readonly counts = new Map<string, number>();

  add(endpoint: string): void {
    this.counts.set(endpoint, (this.counts.get(endpoint) ?? 0) + 1);
  }

  get total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }

  summary(title: string): string {
    const lines = [...this.counts.entries()].map(([endpoint, n]) => `  ${n}\t${endpoint}`);
    return `${title}: ${this.total} generated cases over ${this.counts.size} endpoints\n${lines.join('\n')}`;
  }
}
