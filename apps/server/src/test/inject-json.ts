import type { TestApp } from './test-app';

/** An inject of `method` `url` with `headers`, and the body, if any, as JSON. */
export function injectJson(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}
