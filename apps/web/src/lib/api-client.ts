import type { z } from 'zod';
import {
  API_BASE_PATH,
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
  XSRF_HOST_COOKIE_NAME,
  MAX_RESUME_MB,
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
  // The contract's tooLargeToSend, spelled here so the page's entry does not carry its messages.
  if (status === 413) {
    return `The application is too large to send. A resume may be at most ${MAX_RESUME_MB} MB.`;
  }
  if (status === 429)
    return 'Too many attempts in a short time. Please wait a minute and try again.';
  if (status === 503) return 'The service is briefly unavailable. Please try again in a moment.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'The request could not be completed.';
}

function requestHeaders(method: string, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE,
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    // Over HTTPS the server names the cookie __Host-XSRF-TOKEN; over plain HTTP XSRF-TOKEN.
    const token = readCookie(XSRF_HOST_COOKIE_NAME) ?? readCookie(XSRF_COOKIE_NAME);
    if (token) headers[XSRF_HEADER_NAME] = token;
  }
  return headers;
}

/** A failed answer as ApiError, with the server's problem document when it sent one. */
function failure(status: number, problem: ProblemDetails | undefined): ApiError {
  return new ApiError(
    status,
    problem?.errors?.[0]?.message ?? problem?.detail ?? statusMessage(status),
    problem,
  );
}

/** A successful answer's body checked against the expected shape. */
function accepted<T>(status: number, data: unknown, schema?: z.ZodType<T>): T {
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(status, 'The server sent an unexpected answer.');
  return parsed.data;
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
  const headers = requestHeaders(method, options.body !== undefined);
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

    if (!response.ok) throw failure(response.status, await readProblem(response));

    const data: unknown =
      response.status === 204
        ? undefined
        : await response.json().catch(() => {
            throw new ApiError(response.status, 'The server sent an answer we could not read.');
          });
    return accepted(response.status, data, options.schema);
  } finally {
    pendingRequests.finish();
  }
}

export interface UploadOptions<T> extends RequestOptions<T> {
  /** Bytes of the request body sent so far, of all of them; as the browser reports them. */
  onProgress?: (sent: number, total: number) => void;
}

/**
 * apiRequest for a large body whose sending the visitor watches: the same headers, errors and
 * answer checks and loading count, over XMLHttpRequest, since fetch reports no upload
 * progress. `signal` aborts it (an AbortError, as with fetch). A FormData body goes as
 * multipart/form-data; any other as JSON.
 */
export function apiUpload<T>(
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  options: UploadOptions<T> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    pendingRequests.start();
    xhr.open(method, buildUrl(path, options.query));
    // A form's body (FormData) is sent as multipart/form-data: the browser sets its type with
    // the parts' boundary, and streams the files it holds.
    const form = options.body instanceof FormData ? options.body : undefined;
    for (const [name, value] of Object.entries(
      requestHeaders(method, options.body !== undefined && !form),
    )) {
      xhr.setRequestHeader(name, value);
    }
    xhr.responseType = 'text';
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      pendingRequests.finish();
    };
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
    }
    xhr.addEventListener('load', () => {
      done();
      let data: unknown;
      try {
        data = xhr.responseText === '' ? undefined : JSON.parse(xhr.responseText);
      } catch {
        reject(
          xhr.status >= 200 && xhr.status < 300
            ? new ApiError(xhr.status, 'The server sent an answer we could not read.')
            : failure(xhr.status, undefined),
        );
        return;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const problem = problemDetailsSchema.safeParse(data);
        reject(failure(xhr.status, problem.success ? problem.data : undefined));
        return;
      }
      try {
        resolve(accepted(xhr.status, data, options.schema));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    });
    xhr.send(form ?? (options.body === undefined ? null : JSON.stringify(options.body)));
  });
}
