import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { applicantStageSchema, auditActionSchema } from '@lumenfield/contract';
import { applicationPayload, createOpening, postApplication } from '../test/legacy/application';
import { consoleHeaders, createUser, openSession } from '../test/console';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { anyJson, junkText, maybe, queryString, rawFragment } from './arbitraries';
import { CaseCounter, answered, expectCleanAnswer } from './harness';

/**
 * Property-based bad input over the console's endpoints (signed in as an admin, so every
 * route is reached past its guard) and the careers search: never a 5xx, nothing leaked,
 * problem+json under /api. PostgreSQL refuses NUL where SQLite stores it, so this runs on both.
 */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 120);
const counter = new CaseCounter();

describe(`property-based bad input on the console and the careers search (${engine})`, () => {
  let t: TestApp;
  let session: string;
  let jobId: number;
  let applicantId: number;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t, 'fuzz.admin@example.com', 'admin');
    userId = (await createUser(t, 'fuzz.recruiter@example.com')).id;
    session = await openSession(t, admin);
    jobId = await createOpening(t, 'FUZZ-CONSOLE');
    const res = await postApplication(t, jobId, applicationPayload({}));
    applicantId = (res.json() as { ApplicantID: number }).ApplicantID;
  });
  afterAll(async () => {
    console.log(counter.summary(`[bad-input console] ${engine}`));
    await t.close();
  });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: string) =>
    answered(
      () =>
        t.app.inject({
          method,
          url,
          headers:
            method === 'GET'
              ? consoleHeaders(t, session)
              : { ...consoleHeaders(t, session, 'write'), 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: body }),
        }),
      `${method} ${url} ${body?.slice(0, 80) ?? ''}`,
    );

  /** An id in a path: the real one, any number, or junk. */
  const pathId = (real: () => number) =>
    fc.oneof(
      fc.constant(0).map(() => String(real())),
      fc.integer().map(String),
      junkText,
    );

  it('GET the careers search, as the API and as the page', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          q: maybe(junkText),
          country: maybe(fc.oneof(fc.constantFrom('356', '840'), junkText)),
          workplace: maybe(fc.oneof(fc.constantFrom('remote', 'hybrid', 'onsite'), junkText)),
        }),
        maybe(rawFragment),
        fc.constantFrom('/api/openings', '/careers'),
        async (query, raw, path) => {
          counter.add(`GET ${path}`);
          const qs = queryString(query, raw);
          const url = `${path}${qs ? `?${qs}` : ''}`;
          const res = await answered(
            () => t.app.inject({ method: 'GET', url, headers: t.headers('read') }),
            url,
          );
          expectCleanAnswer(res, url);
        },
      ),
      { numRuns: RUNS },
    );
  });

  // Each sign-in that reaches the password costs a deliberate scrypt: fewer runs, more time.
  it('POST a sign-in: any JSON, any e-mail', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyJson,
          fc.record({ email: fc.oneof(junkText, fc.emailAddress()), password: junkText }),
        ),
        fc.ipV4(),
        async (body, client) => {
          counter.add('POST /api/recruiters/session');
          const url = '/api/recruiters/session';
          const res = await answered(
            () =>
              t.app.inject({
                method: 'POST',
                url,
                remoteAddress: client,
                headers: { ...t.headers('write'), 'content-type': 'application/json' },
                payload: JSON.stringify(body) ?? '',
              }),
            `POST ${url} ${JSON.stringify(body)?.slice(0, 80)}`,
          );
          expectCleanAnswer(res, url);
        },
      ),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });

  it('GET the applicant and audit lists and the CSV with any query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/recruiters/applicants',
          '/api/recruiters/applicants.csv',
          '/api/recruiters/audit',
          '/api/recruiters/jobs',
          '/api/recruiters/users',
        ),
        fc.record({
          q: maybe(junkText),
          actor: maybe(junkText),
          page: maybe(fc.oneof(fc.nat().map(String), junkText)),
          jobId: maybe(
            fc.oneof(
              fc.constant(0).map(() => String(jobId)),
              junkText,
            ),
          ),
          stage: maybe(fc.oneof(fc.constantFrom(...applicantStageSchema.options), junkText)),
          action: maybe(fc.oneof(fc.constantFrom(...auditActionSchema.options), junkText)),
          from: maybe(fc.oneof(fc.constantFrom('2026-01-01', '2026-02-30'), junkText)),
          to: maybe(junkText),
        }),
        maybe(rawFragment),
        async (path, query, raw) => {
          counter.add(`GET ${path}`);
          const qs = queryString(query, raw);
          const url = `${path}${qs ? `?${qs}` : ''}`;
          expectCleanAnswer(await send('GET', url), url);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('GET an applicant, an opening or a resume with any id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('applicants', 'jobs', 'resumes'),
        pathId(() => applicantId),
        async (kind, id) => {
          counter.add(`GET /api/recruiters/${kind}/:id`);
          const url = `/api/recruiters/${kind}/${encodeURIComponent(id)}`;
          expectCleanAnswer(await send('GET', url), url);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('PUT a stage and POST a note: any JSON, any id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('stage', 'notes'),
        pathId(() => applicantId),
        fc.oneof(
          anyJson,
          fc.record({
            stage: fc.oneof(fc.constantFrom(...applicantStageSchema.options), junkText),
          }),
          fc.record({ text: junkText }),
        ),
        async (what, id, body) => {
          const method = what === 'stage' ? 'PUT' : 'POST';
          counter.add(`${method} /api/recruiters/applicants/:id/${what}`);
          const url = `/api/recruiters/applicants/${encodeURIComponent(id)}/${what}`;
          expectCleanAnswer(await send(method, url, JSON.stringify(body) ?? ''), url);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('POST and PATCH users, POST an erasure, PUT a password: any JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ['POST', '/api/recruiters/users'] as const,
          ['PATCH', '/api/recruiters/users/:id'] as const,
          ['POST', '/api/recruiters/erasures'] as const,
          ['PUT', '/api/recruiters/session/password'] as const,
        ),
        pathId(() => userId),
        fc.oneof(
          anyJson,
          fc.record({
            email: fc.oneof(junkText, fc.emailAddress()),
            name: junkText,
            role: fc.oneof(fc.constantFrom('admin', 'recruiter'), junkText),
            password: junkText,
            isActive: fc.oneof(fc.boolean(), anyJson),
          }),
          fc.record({ currentPassword: junkText, newPassword: junkText }),
        ),
        async ([method, route], id, body) => {
          counter.add(`${method} ${route}`);
          const url = route.replace(':id', encodeURIComponent(id));
          expectCleanAnswer(await send(method, url, JSON.stringify(body) ?? ''), url);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
