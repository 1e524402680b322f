import type { FieldError } from '@lumenfield/contract';

/** Thrown by domains, routes and plugins; plugins/problem-details.ts turns it into an RFC 9457
 * problem document. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: FieldError[],
    /** Headers the answer needs, such as Retry-After on 429 and 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}
