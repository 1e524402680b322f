import type { z } from 'zod';
import {
  API_BASE_PATH,
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
  XSRF_HOST_COOKIE_NAME,
  problemDetailsSchema,
  type FieldError,
  type ProblemDetails,
} from '@lumenfield/contract';
import { pendingRequests } from './pending-requests';

/** Every failure of an API call, with the server's problem document when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problem?: ProblemDetails,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get fieldErrors(): FieldError[] {
    return this.problem?.errors ?? [];
  }
}

export const NETWORK_ERROR_MESSAGE =
  "We couldn't reach our server. Check your connection and try again; nothing you typed was lost.";

type QueryValue = string | number | undefined;

export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Checks the answer's shape; a mismatch is reported as an error, not passed on. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE_PATH}${path}${qs ? `?${qs}` : ''}`;
}

async function readProblem(response: Response): Promise<ProblemDetails | undefined> {
  try {
    const parsed = problemDetailsSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function statusMessage(status: number): string {
  if (status === 413) return 'The file is too large to send. Resumes can be at most 5 MB.';
  if (status === 429)
    return 'Too many attempts in a short time. Please wait a minute and try again.';
  if (status === 503) return 'The service is briefly unavailable. Please try again in a moment.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'The request could not be completed.';
}

/**
 * The one way the page talks to the API: it sends the fixed header, echoes the XSRF cookie on
 * writes, counts the request for the loading overlay and turns every failure into ApiError.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    // Over HTTPS the server names the cookie __Host-XSRF-TOKEN; over plain HTTP XSRF-TOKEN.
    const token = readCookie(XSRF_HOST_COOKIE_NAME) ?? readCookie(XSRF_COOKIE_NAME);
    if (token) headers[XSRF_HEADER_NAME] = token;
  }

  pendingRequests.start();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method,
        headers,
        credentials: 'same-origin',
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal: options.signal ?? null,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    }

    if (!response.ok) {
      const problem = await readProblem(response);
      throw new ApiError(
        response.status,
        problem?.errors?.[0]?.message ?? problem?.detail ?? statusMessage(response.status),
        problem,
      );
    }

    const data: unknown =
      response.status === 204
        ? undefined
        : await response.json().catch(() => {
            throw new ApiError(response.status, 'The server sent an answer we could not read.');
          });
    if (!options.schema) return data as T;
    const parsed = options.schema.safeParse(data);
    if (!parsed.success)
      throw new ApiError(response.status, 'The server sent an unexpected answer.');
    return parsed.data;
  } finally {
    pendingRequests.finish();
  }
}
