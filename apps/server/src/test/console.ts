import crypto from 'node:crypto';
import type { UserRole } from '@lumenfield/contract';
import { FIXED_HEADER_NAME, FIXED_HEADER_VALUE, XSRF_HEADER_NAME } from '@lumenfield/contract';
import { hashPassword } from '../domains/accounts/passwords';
import { SESSION_COOKIE_NAME } from '../plugins/console-sessions';
import type { User } from '../domains/accounts/users-repository';
import type { SessionMethod } from '../domains/accounts/sessions-repository';
import { injectJson } from './inject-json';
import type { TestApp } from './test-app';

export const PASSWORD = 'correct horse battery staple 7';

/** An account made straight in the database (the CLI and the users route are tested apart). */
export async function createUser(
  t: TestApp,
  email: string,
  role: UserRole = 'recruiter',
  name = role === 'admin' ? 'Ada Admin' : 'Rita Recruiter',
): Promise<User> {
  return t.app.repos.users.create(
    { email, name, role, passwordHash: await hashPassword(PASSWORD) },
    new Date(),
  );
}

let clientCounter = 0;
/** A client address of its own, so sign-in throttling of one test never touches another. */
export const newClient = () => `10.77.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`;

export function signInRequest(
  t: TestApp,
  email: string,
  password = PASSWORD,
  client = newClient(),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/recruiters/session',
    remoteAddress: client,
    headers: { ...t.headers('write'), 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });
}

/**
 * A write of a browser with no session yet (a sign-in's later steps): the page's headers, the
 * `cookies` it holds beside the XSRF one, and the body, if any, as JSON.
 */
export function signedOutWrite(
  t: TestApp,
  client: string,
  cookies: readonly (string | undefined)[],
  url: string,
  body?: unknown,
) {
  const headers = t.headers('write');
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: client,
    headers: {
      ...headers,
      cookie: [headers.cookie, ...cookies].filter(Boolean).join('; '),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** Signs in and answers the session cookie as a browser would send it back. */
export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await signInRequest(t, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

/**
 * The console page's headers: the session cookie, the fixed header, on writes the XSRF echo
 * (a body's Content-Type is the caller's: a DELETE without a body must not claim JSON).
 */
export function consoleHeaders(
  t: TestApp,
  session: string,
  kind: 'read' | 'write' = 'read',
): Record<string, string> {
  const headers: Record<string, string> = {
    [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE,
    cookie: session,
  };
  if (kind === 'write') {
    headers.cookie = `${session}; XSRF-TOKEN=${t.xsrf}`;
    headers[XSRF_HEADER_NAME] = t.xsrf;
  }
  return headers;
}

/**
 * A session opened straight in the database (no scrypt per request): what a sign-in leaves
 * behind, for suites that need many sessions. The cookie is signed with the app's secret.
 */
export async function openSession(
  t: TestApp,
  user: User,
  method: SessionMethod = 'password',
  /** When the person signed in (now when not said). */
  signedInAt?: Date,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = t.app.now();
  await t.app.repos.sessions.create({
    id: crypto.createHash('sha256').update(token).digest('hex'),
    userId: user.id,
    createdAt: (signedInAt ?? now).toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
    method,
  });
  return `${SESSION_COOKIE_NAME}=${t.app.signCookie(token)}`;
}

/**
 * A console API call as the page makes it: consoleHeaders for a read on a GET and for a write
 * otherwise, and the body, if any, as JSON.
 */
export function consoleRequest(
  t: TestApp,
  session: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  return injectJson(
    t,
    method,
    url,
    consoleHeaders(t, session, method === 'GET' ? 'read' : 'write'),
    body,
  );
}

/** A console GET as `session`: its status, the response, and its JSON body when asked for. */
export const consoleGet = <T>(t: TestApp, url: string, session: string) =>
  t.app.inject({ method: 'GET', url, headers: consoleHeaders(t, session) }).then((res) => ({
    status: res.statusCode,
    get body() {
      return res.json() as T;
    },
    res,
  }));
