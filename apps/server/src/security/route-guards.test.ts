import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  RECENT_SIGN_IN_MINUTES,
  SIGN_IN_AGAIN_TO_CHANGE_MESSAGE,
  XSRF_HEADER_NAME,
} from '@lumenfield/contract';
import { BEARER_FAILURES_PER_MINUTE } from '../plugins/api-guard';
import type { RouteEntry } from '../plugins/route-table';
import { mintXsrfToken } from '../plugins/xsrf';
import { newClient as newSignInClient, openSession, PASSWORD } from '../test/console';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import {
  caseFor,
  createFixtures,
  OWN_ROUTES,
  REACH_ROLE_ROUTES,
  RECENT_SIGN_IN_ROUTES,
  routeCases,
  SESSION_ONLY_PATHS,
  SESSION_ONLY_ROUTES,
  spellings,
  type Fixtures,
  type RouteCase,
} from './route-cases';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * What a spelling may answer instead of meeting its route's guard: refused as malformed (400),
 * unknown (404), or by the guard of the /api catch-all it resolved to (403: no fixed header).
 */
const REFUSED = [400, 403, 404];

let addressCounter = 0;
/** A client address of its own per test, so limits counted for one never touch another. */
const newClient = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** The route's case sent to `url` (a spelling of its path) with these headers, from `client`. */
function request(
  route: RouteEntry,
  routeCase: RouteCase,
  url: string,
  headers: Record<string, string>,
  client = newClient(),
): InjectOptions {
  const hasBody = routeCase.body !== undefined && WRITES.has(route.method);
  return {
    method: route.method as InjectOptions['method'],
    url,
    headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload: JSON.stringify(routeCase.body) } : {}),
    remoteAddress: client,
  };
}

describe(`security: every route meets its guard, whatever the spelling (${engine})`, () => {
  let t: TestApp;
  let cases: Record<string, RouteCase>;
  let fixtures: Fixtures;
  beforeAll(async () => {
    t = await createTestApp(
      {
        RATE_LIMIT_REQUESTS: '4',
        RATE_LIMIT_APPLICATIONS: '4',
        METRICS_TOKEN: 'test-metrics-token-0123456789',
        // Every optional route is there, so every one meets its guard.
        SELF_ID: 'us',
      },
      { pages: true },
    );
    fixtures = await createFixtures(t);
    cases = routeCases(fixtures);
  });
  afterAll(() => t.close());

  /** The routes the router knows; HEAD follows GET. */
  const table = () => t.app.routeTable.filter((route) => route.method !== 'HEAD');
  const guarded = () => table().filter((route) => route.access !== undefined);
  const caseOf = (method: string, url: string) => {
    const found = caseFor(cases, method, url);
    if (!found) throw new Error(`no security case for ${method} ${url}`);
    return found;
  };
  /** The fixture applicant's resume link as the page gives it to these credentials. */
  const resumeLinkFor = async (
    headers: Record<string, string>,
    token?: Record<string, string>,
    link: RouteCase['link'] = 'resume',
  ): Promise<string> => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/recruiters/applicants/${fixtures.applicantId}`,
      headers: token ?? {
        [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE,
        cookie: headers.cookie ?? '',
      },
      remoteAddress: newClient(),
    });
    const { resumeUrl, replies } = page.json() as {
      resumeUrl?: string;
      replies?: { attachments: { url: string }[] }[];
    };
    // Not the role's to read: the admin's link, refused all the same.
    if (link === 'replyFile') return replies?.[0]?.attachments[0]?.url ?? fixtures.replyFileUrl;
    return resumeUrl ?? fixtures.resumeUrl;
  };
  const pageHeaders = (method: string) =>
    WRITES.has(method) ? t.headers('write') : { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE };
  /** A fresh admin session per call (a sign-out case must not end the others' session). */
  const credentials = async (
    access: string | undefined,
    method: string,
    routeCase?: RouteCase,
  ): Promise<Record<string, string>> => {
    if (access === 'bearer') return { authorization: `Bearer ${t.config.adminToken ?? ''}` };
    if (access === 'metrics') return { authorization: `Bearer ${t.config.metricsToken ?? ''}` };
    if (access === 'public') return pageHeaders(method);
    if (access !== 'session' && access !== 'session-link') return {};
    const person = routeCase?.person === 'compliance' ? fixtures.compliance : fixtures.admin;
    const session = routeCase?.session ?? (await openSession(t, person));
    if (access === 'session-link') return { cookie: session };
    const headers = pageHeaders(method);
    return { ...headers, cookie: [headers.cookie, session].filter(Boolean).join('; ') };
  };

  it('has a case for every route the router knows, and every guarded route declares its access', () => {
    const missing = table()
      .filter((route) => !caseFor(cases, route.method, route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    // The pages are in the table too (the app is built with its page renderer).
    expect(table().some((route) => route.url === '/services/ccm')).toBe(true);
    const undeclared = table().filter(
      (route) =>
        (route.url.startsWith('/api') || route.url === '/metrics') && route.access === undefined,
    );
    expect(undeclared).toEqual([]);
    // The guarded kinds are all exercised below.
    expect(new Set(guarded().map((route) => route.access))).toEqual(
      new Set(['public', 'bearer', 'metrics', 'open', 'session', 'session-link']),
    );
  });

  it('a public route refuses every spelling of its path without the fixed header', async () => {
    for (const route of guarded().filter((r) => r.access === 'public')) {
      const routeCase = caseOf(route.method, route.url);
      for (const url of [routeCase.url, ...spellings(routeCase.url)]) {
        const res = await t.app.inject(request(route, routeCase, url, {}));
        expect(REFUSED, `${route.method} ${url}`).toContain(res.statusCode);
      }
    }
  });

  it('a public write refuses every spelling without the XSRF echo, or with a forged or mismatched one', async () => {
    const foreign = mintXsrfToken('a-secret-that-is-not-this-servers-0123456789');
    const other = mintXsrfToken(t.cookieSecret);
    const bad: Record<string, Record<string, string>> = {
      missing: { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE },
      forged: {
        [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE,
        cookie: `XSRF-TOKEN=${foreign}`,
        [XSRF_HEADER_NAME]: foreign,
      },
      mismatched: {
        [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE,
        cookie: `XSRF-TOKEN=${t.xsrf}`,
        [XSRF_HEADER_NAME]: other,
      },
    };
    const writes = guarded().filter((r) => r.access === 'public' && WRITES.has(r.method));
    expect(writes.length).toBeGreaterThan(0);
    for (const route of writes) {
      const routeCase = caseOf(route.method, route.url);
      for (const url of [routeCase.url, ...spellings(routeCase.url)]) {
        for (const [kind, headers] of Object.entries(bad)) {
          const res = await t.app.inject(request(route, routeCase, url, headers));
          expect(REFUSED, `${kind}: ${route.method} ${url}`).toContain(res.statusCode);
        }
      }
      // The same request with a good pair passes the guard.
      const ok = await t.app.inject(
        request(route, routeCase, routeCase.url, await credentials('public', route.method)),
      );
      expect(ok.statusCode, `${route.method} ${routeCase.url}`).not.toBe(403);
    }
  });

  it('a bearer route refuses every spelling with a missing or wrong token', async () => {
    for (const route of guarded().filter((r) => r.access === 'bearer' || r.access === 'metrics')) {
      const routeCase = caseOf(route.method, route.url);
      for (const url of [routeCase.url, ...spellings(routeCase.url)]) {
        for (const authorization of [undefined, 'Bearer wrong-token-0123456789', 'Basic abc']) {
          const headers: Record<string, string> = authorization ? { authorization } : {};
          const res = await t.app.inject(request(route, routeCase, url, headers));
          expect(
            [401, ...REFUSED],
            `${authorization ?? 'no token'}: ${route.method} ${url}`,
          ).toContain(res.statusCode);
        }
      }
      const ok = await t.app.inject(
        request(route, routeCase, routeCase.url, await credentials(route.access, route.method)),
      );
      expect(ok.statusCode, `${route.method} ${routeCase.url}`).toBeLessThan(400);
    }
  });

  it('a session route refuses every spelling without a session, with a forged one, or without the fixed header or XSRF echo', async () => {
    const routes = guarded().filter((r) => r.access === 'session');
    expect(routes.length).toBeGreaterThan(0);
    const forged = `lumenfield-session=${encodeURIComponent('a'.repeat(43) + '.forged')}`;
    for (const route of routes) {
      const routeCase = caseOf(route.method, route.url);
      const good = await credentials('session', route.method, routeCase);
      const goodCookie = good.cookie ?? '';
      const xsrfCookie = goodCookie.split('; ').filter((c) => !c.startsWith('lumenfield-session='));
      const bad: Record<string, Record<string, string>> = {
        'no session': { ...good, cookie: xsrfCookie.join('; ') },
        'forged session': { ...good, cookie: [...xsrfCookie, forged].join('; ') },
        'no fixed header': Object.fromEntries(
          Object.entries(good).filter(([name]) => name !== FIXED_HEADER_NAME),
        ),
      };
      if (WRITES.has(route.method)) {
        bad['no XSRF echo'] = Object.fromEntries(
          Object.entries(good).filter(([name]) => name !== XSRF_HEADER_NAME),
        );
      }
      for (const url of [routeCase.url, ...spellings(routeCase.url)]) {
        for (const [kind, headers] of Object.entries(bad)) {
          const res = await t.app.inject(request(route, routeCase, url, headers));
          expect([401, ...REFUSED], `${kind}: ${route.method} ${url}`).toContain(res.statusCode);
        }
      }
      const ok = await t.app.inject(request(route, routeCase, routeCase.url, good));
      expect([401, 403], `${route.method} ${routeCase.url}`).not.toContain(ok.statusCode);
      expect(ok.statusCode, `${route.method} ${routeCase.url}`).toBeLessThan(500);
    }
  }, 60_000); // every guarded route, each spelled several ways

  it('a session link refuses every spelling without the session cookie; an admin route refuses a recruiter', async () => {
    for (const route of guarded().filter((r) => r.access === 'session-link')) {
      const routeCase = caseOf(route.method, route.url);
      for (const url of [routeCase.url, ...spellings(routeCase.url)]) {
        const res = await t.app.inject(request(route, routeCase, url, {}));
        expect([401, ...REFUSED], `${route.method} ${url}`).toContain(res.statusCode);
      }
      const ok = await t.app.inject(
        request(
          route,
          routeCase,
          routeCase.url,
          await credentials(route.access, route.method, routeCase),
        ),
      );
      expect(ok.statusCode, `${route.method} ${routeCase.url}`).toBe(200);
    }
    const recruiter = await openSession(t, fixtures.recruiter);
    const adminOnly = t.app.routeTable.filter((r) =>
      r.url.match(/\/recruiters\/(users|audit|erasures|unmatched-replies)/),
    );
    expect(adminOnly.length).toBeGreaterThanOrEqual(4);
    for (const route of adminOnly.filter((r) => r.method !== 'HEAD')) {
      const routeCase = caseOf(route.method, route.url);
      const headers = pageHeaders(route.method);
      const cookie = [headers.cookie, recruiter].filter(Boolean).join('; ');
      const res = await t.app.inject(
        request(route, routeCase, routeCase.url, { ...headers, cookie }),
      );
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it("lists every console route as open to a token or sessionOnly; account, password, session and token routes are never a token's", () => {
    const consoleRoutes = guarded().filter(
      (r) => r.access === 'session' || r.access === 'session-link',
    );
    const flags = Object.fromEntries(
      consoleRoutes.map((r) => [`${r.method} ${r.url}`, r.sessionOnly ? 'sessionOnly' : 'token']),
    );
    const expected = Object.fromEntries(
      consoleRoutes.map((r) => {
        const key = `${r.method} ${r.url}`;
        return [key, SESSION_ONLY_ROUTES.has(key) ? 'sessionOnly' : 'token'];
      }),
    );
    expect(flags).toEqual(expected);
    // Every listed route is one the router knows (a renamed route cannot drop out unseen).
    expect([...SESSION_ONLY_ROUTES].filter((key) => !(key in flags))).toEqual([]);
    // The rule a new route meets without being listed: under these paths, a browser's only.
    const open = consoleRoutes.filter((r) => SESSION_ONLY_PATHS.test(r.url) && !r.sessionOnly);
    expect(open.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(consoleRoutes.filter((r) => SESSION_ONLY_PATHS.test(r.url)).length).toBeGreaterThan(8);
  });

  it('a route that changes how one signs in takes only a session signed in within the last minutes', async () => {
    const flagged = guarded()
      .filter((r) => r.recentSignIn)
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(flagged)).toEqual(RECENT_SIGN_IN_ROUTES);
    const signedIn = (minutesAgo: number) =>
      openSession(
        t,
        fixtures.admin,
        'password',
        new Date(t.app.now().getTime() - minutesAgo * 60_000),
      );
    for (const key of RECENT_SIGN_IN_ROUTES) {
      const [method, url] = key.split(' ') as [string, string];
      const route = table().find((r) => r.method === method && r.url === url)!;
      const routeCase = caseOf(method, url);
      const send = async (session: string) => {
        const headers = pageHeaders(method);
        const cookie = [headers.cookie, session].filter(Boolean).join('; ');
        return t.app.inject(request(route, routeCase, routeCase.url, { ...headers, cookie }));
      };
      // Signed in a minute past the window: refused before the route does anything.
      const stale = await send(await signedIn(RECENT_SIGN_IN_MINUTES + 1));
      expect(stale.statusCode, key).toBe(403);
      expect(stale.json(), key).toMatchObject({ detail: SIGN_IN_AGAIN_TO_CHANGE_MESSAGE });
      // Within it, the route answers for itself (its own 2xx, 400, 404 or 409).
      const fresh = await send(await signedIn(RECENT_SIGN_IN_MINUTES - 1));
      expect(fresh.json()?.detail, key).not.toBe(SIGN_IN_AGAIN_TO_CHANGE_MESSAGE);
      expect(fresh.statusCode, key).not.toBe(401);
    }
  });

  it("a session route takes a person's own token instead of the session and the page's headers, with their role, and refuses every spelling with a wrong or revoked one", async () => {
    const routes = guarded().filter((r) => r.access === 'session' || r.access === 'session-link');
    const wrong = `Bearer lft_${'x'.repeat(43)}`;
    for (const route of routes) {
      const routeCase = caseOf(route.method, route.url);
      for (const url of [routeCase.url, ...spellings(routeCase.url)]) {
        for (const authorization of [wrong, `Bearer ${fixtures.revokedToken}`, 'Basic abc']) {
          const res = await t.app.inject(request(route, routeCase, url, { authorization }));
          expect([401, ...REFUSED], `${authorization}: ${route.method} ${url}`).toContain(
            res.statusCode,
          );
        }
      }
      // The token alone: no cookie, no fixed header, no XSRF echo.
      const token =
        routeCase.person === 'compliance' ? fixtures.complianceToken : fixtures.adminToken;
      const headers = { authorization: `Bearer ${token}` };
      const ok = await t.app.inject(request(route, routeCase, routeCase.url, headers));
      if (route.sessionOnly) {
        expect(ok.statusCode, `${route.method} ${routeCase.url}`).toBe(403);
      } else {
        expect([401, 403], `${route.method} ${routeCase.url}`).not.toContain(ok.statusCode);
        expect(ok.statusCode, `${route.method} ${routeCase.url}`).toBeLessThan(500);
      }
      expect(ok.headers['cache-control']).toBe('no-store');
    }
    // Signing in, out, the password and the tokens themselves are a browser's.
    expect(routes.filter((r) => r.sessionOnly).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/recruiters/tokens',
        'PUT /api/recruiters/session/password',
        'POST /api/recruiters/users',
        'PATCH /api/recruiters/users/:id',
      ]),
    );
    // A recruiter's token is a recruiter.
    for (const route of table().filter((r) => /\/recruiters\/(users|audit|erasures)/.test(r.url))) {
      const routeCase = caseOf(route.method, route.url);
      const headers = { authorization: `Bearer ${fixtures.recruiterToken}` };
      const res = await t.app.inject(request(route, routeCase, routeCase.url, headers));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  }, 60_000); // every guarded route, each spelled several ways

  it('the compliance role reaches its report and its own session, password and tokens, and no other route', async () => {
    const own = new Set(['GET /api/recruiters/self-identification', ...OWN_ROUTES]);
    const routes = guarded().filter((r) => r.access === 'session' || r.access === 'session-link');
    const refused = routes.filter((r) => !own.has(`${r.method} ${r.url}`));
    expect(refused.length).toBeGreaterThan(10);
    for (const route of refused) {
      const routeCase = caseOf(route.method, route.url);
      const session = await openSession(t, fixtures.compliance);
      const headers =
        route.access === 'session-link' ? { cookie: session } : pageHeaders(route.method);
      const cookie = [headers.cookie, session].filter(Boolean).join('; ');
      const res = await t.app.inject(
        request(route, routeCase, routeCase.url, { ...headers, cookie }),
      );
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      const byToken = await t.app.inject(
        request(route, routeCase, routeCase.url, {
          authorization: `Bearer ${fixtures.complianceToken}`,
        }),
      );
      expect(byToken.statusCode, `token: ${route.method} ${route.url}`).toBe(403);
    }
    // And the report is theirs alone: an admin's and a recruiter's session are refused.
    const report = caseOf('GET', '/api/recruiters/self-identification');
    const reportRoute = routes.find((r) => r.url === '/api/recruiters/self-identification')!;
    for (const person of [fixtures.admin, fixtures.recruiter]) {
      const res = await t.app.inject(
        request(reportRoute, report, report.url, {
          ...pageHeaders('GET'),
          cookie: await openSession(t, person),
        }),
      );
      expect(res.statusCode, person.role).toBe(403);
    }
  });

  it.each(['hiring_manager', 'interviewer', 'editor'] as const)(
    'the %s role reaches the routes it names, by session and by token, and no other console route',
    async (role) => {
      const { person, token } = {
        hiring_manager: { person: fixtures.hiringManager, token: fixtures.hiringManagerToken },
        interviewer: { person: fixtures.interviewer, token: fixtures.interviewerToken },
        editor: { person: fixtures.editor, token: fixtures.editorToken },
      }[role];
      const reached = REACH_ROLE_ROUTES[role];
      const routes = guarded().filter((r) => r.access === 'session' || r.access === 'session-link');
      // Every route it names is one the router knows.
      const known = new Set(routes.map((r) => `${r.method} ${r.url}`));
      expect([...reached].filter((key) => !known.has(key))).toEqual([]);
      // Reached: an answer past the guards (2xx, or the route's own 400 or 409; 404 where the
      // case names no such thing); else 403.
      const namesNothing = new Set([
        'DELETE /api/recruiters/tokens/:id',
        'DELETE /api/recruiters/session/sessions/:handle',
        'DELETE /api/recruiters/session/passkeys/:id',
        'PUT /api/recruiters/interviews/:id/scorecard',
        'GET /api/recruiters/content/:id/diff',
        'POST /api/recruiters/content/:id/revisions/:revisionId/restore',
        'DELETE /api/recruiters/content/images/:id',
      ]);
      const outcome = (status: number, key: string) =>
        status < 400 ||
        status === 400 ||
        status === 409 ||
        // An image upload sent as JSON: refused by its type once past the guards.
        status === 415 ||
        (status === 404 && namesNothing.has(key))
          ? 'reached'
          : status === 403
            ? 'refused'
            : `answered ${status}`;
      const seen: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const routeCase = caseOf(route.method, route.url);
        for (const by of ['session', 'token'] as const) {
          const session = by === 'session' ? await openSession(t, person) : '';
          const page = pageHeaders(route.method);
          const headers: Record<string, string> =
            by === 'token'
              ? { authorization: `Bearer ${token}` }
              : route.access === 'session-link'
                ? { cookie: session }
                : { ...page, cookie: [page.cookie, session].filter(Boolean).join('; ') };
          // A resume link is signed for the session or token that asked for it: its own.
          const url = routeCase.session
            ? await resumeLinkFor(headers, by === 'token' ? headers : undefined, routeCase.link)
            : routeCase.url;
          const res = await t.app.inject(request(route, routeCase, url, headers));
          const reaches = reached.has(key) && !(by === 'token' && route.sessionOnly);
          seen[`${by}: ${key}`] = outcome(res.statusCode, key);
          expected[`${by}: ${key}`] = reaches ? 'reached' : 'refused';
        }
      }
      expect(seen).toEqual(expected);
      expect([...OWN_ROUTES].every((key) => reached.has(key))).toBe(true);
    },
    60_000,
  );

  it('every console and admin answer carries Cache-Control: no-store, writes, refusals and errors included', async () => {
    const personal = guarded().filter(
      (r) =>
        r.access === 'session' ||
        r.access === 'session-link' ||
        r.access === 'bearer' ||
        r.url === '/api/recruiters/session',
    );
    expect(personal.filter((r) => WRITES.has(r.method)).length).toBeGreaterThan(0);
    for (const route of personal) {
      const routeCase = caseOf(route.method, route.url);
      const good = await credentials(route.access, route.method, routeCase);
      const answers = [
        await t.app.inject(request(route, routeCase, routeCase.url, good)),
        // Refused by the guard: no session, no token.
        await t.app.inject(request(route, routeCase, routeCase.url, {})),
      ];
      if (WRITES.has(route.method) && routeCase.body !== undefined) {
        // A body that does not parse: the error answer.
        answers.push(
          await t.app.inject({
            ...request(route, routeCase, routeCase.url, good),
            payload: '{"broken',
          }),
        );
      }
      for (const res of answers) {
        expect(
          res.headers['cache-control'],
          `${route.method} ${routeCase.url} ${res.statusCode}`,
        ).toBe('no-store');
      }
    }
  });

  it('every spelling that reaches a route counts against the same request limit', async () => {
    for (const route of guarded()) {
      const routeCase = caseOf(route.method, route.url);
      const client = newClient();
      const headers = await credentials(route.access, route.method, routeCase);
      const [encodedA, encodedB] = spellings(routeCase.url).filter((u) => u.includes('%'));
      // Four calls use up the limit whatever their spelling; the fifth, plain, is refused.
      for (const url of [encodedA!, encodedB!, routeCase.url, encodedA!]) {
        const allowed = await t.app.inject(request(route, routeCase, url, headers, client));
        // An allowed call carries no counts (docs/performance.md); only a refusal does.
        expect(allowed.headers['x-ratelimit-remaining']).toBeUndefined();
      }
      const res = await t.app.inject(request(route, routeCase, routeCase.url, headers, client));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
    }
  }, 60_000); // five requests and fresh credentials for every guarded route
});

describe(`security: failed bearer tokens are throttled (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const wrong = (remoteAddress: string, token = 'wrong-token-0123456789') =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs',
      remoteAddress,
      headers: { authorization: `Bearer ${token}` },
    });

  it(`answers 401 to the first ${BEARER_FAILURES_PER_MINUTE} wrong tokens a minute, then 429 even to the right one`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < BEARER_FAILURES_PER_MINUTE + 5; i++) {
      statuses.push((await wrong('10.20.0.1', `wrong-token-${i}-0123456789`)).statusCode);
    }
    expect(statuses.slice(0, BEARER_FAILURES_PER_MINUTE)).toEqual(
      Array(BEARER_FAILURES_PER_MINUTE).fill(401),
    );
    expect(statuses.slice(BEARER_FAILURES_PER_MINUTE)).toEqual(Array(5).fill(429));
    const limited = await wrong('10.20.0.1', t.config.adminToken);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected, and the right token still works there.
    expect((await wrong('10.20.0.2')).statusCode).toBe(401);
    expect((await wrong('10.20.0.2', t.config.adminToken)).statusCode).toBe(200);
  });

  it('counts failed tokens against the client request limit too', async () => {
    const small = await createTestApp({ RATE_LIMIT_REQUESTS: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await small.app.inject({
          method: 'GET',
          url: '/api/admin/jobs',
          remoteAddress: '10.20.1.1',
          headers: { authorization: 'Bearer wrong-token-0123456789' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await small.close();
    }
  });
});

describe(`security: once a second factor is required, no console route takes a password-only session (${engine})`, () => {
  let t: TestApp;
  let cases: Record<string, RouteCase>;
  let fixtures: Fixtures;
  beforeAll(async () => {
    t = await createTestApp({ SELF_ID: 'us' });
    fixtures = await createFixtures(t);
    cases = routeCases(fixtures);
  });
  afterAll(() => t.close());

  it('the rule ends every password session in its change, refuses one begun after it on every console route, and keeps second-factor, passkey and single sign-on sessions', async () => {
    const { admin } = fixtures;
    // The admin has an app on (made straight in the database: the routes are tested apart).
    await t.app.repos.secondFactors.startTotp(admin.id, 'v1.sealed', new Date());
    await t.app.repos.secondFactors.confirmTotp(admin.id, new Date());
    const before = [await openSession(t, admin), await openSession(t, fixtures.recruiter)];
    const withFactor = await openSession(t, admin, 'password+totp');
    const page = (method: string, session: string) => {
      const headers = WRITES.has(method)
        ? t.headers('write')
        : { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE };
      return { ...headers, cookie: [headers.cookie, session].filter(Boolean).join('; ') };
    };
    const turnedOn = await t.app.inject({
      method: 'PATCH',
      url: '/api/recruiters/account-settings',
      headers: { ...page('PATCH', withFactor), 'content-type': 'application/json' },
      payload: JSON.stringify({ requireSecondFactor: true }),
      remoteAddress: newClient(),
    });
    expect(turnedOn.statusCode).toBe(200);
    // Both password sessions ended with the rule: their rows are gone.
    const probe = async (session: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/recruiters/session',
          headers: page('GET', session),
          remoteAddress: newClient(),
        })
      ).statusCode;
    expect(await Promise.all(before.map(probe))).toEqual([401, 401]);

    const routes = t.app.routeTable.filter(
      (r) => r.method !== 'HEAD' && (r.access === 'session' || r.access === 'session-link'),
    );
    expect(routes.length).toBeGreaterThan(50);
    const seen: Record<string, number> = {};
    for (const route of routes) {
      const routeCase = caseFor(cases, route.method, route.url);
      if (!routeCase) throw new Error(`no security case for ${route.method} ${route.url}`);
      // A password session begun in the same instant as the rule (its row written after the
      // rule's change): the guard refuses it all the same.
      const late = await openSession(t, admin, 'password');
      const headers = route.access === 'session-link' ? { cookie: late } : page(route.method, late);
      const res = await t.app.inject(request(route, routeCase, routeCase.url, headers));
      seen[`${route.method} ${route.url}`] = res.statusCode;
    }
    expect(Object.entries(seen).filter(([, status]) => status !== 401)).toEqual([]);
    // Sessions signed in with a second factor, a passkey or single sign-on go on.
    for (const method of ['password+totp', 'password+recovery-code', 'passkey', 'sso'] as const) {
      expect(await probe(await openSession(t, admin, method)), method).toBe(200);
    }
    expect(await probe(withFactor)).toBe(200);
    // And the next password sign-in of a person without a factor goes to enrolment.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/recruiters/session',
      headers: { ...t.headers('write'), 'content-type': 'application/json' },
      payload: JSON.stringify({ email: fixtures.recruiter.email, password: PASSWORD }),
      remoteAddress: newSignInClient(),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ secondStep: 'enrol' });
    expect(signIn.cookies.map((c) => c.name)).not.toContain('lumenfield-session');
  }, 60_000);
});
