import { XSRF_COOKIE_NAME } from '@lumenfield/contract';
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

/** A no-script form's post as this site's page sends it: the XSRF field and its cookie. */
export function injectForm(
  t: TestApp,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `${XSRF_COOKIE_NAME}=${t.xsrf}`,
      ...headers,
    },
    payload: new URLSearchParams({ _xsrf: t.xsrf, ...fields }).toString(),
  });
}
