import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE_NAME, applyApiPath } from '@lumenfield/contract';
import { routes } from '@lumenfield/routes';
import { ERASE_LINKS_PER_HOUR } from '../domains/mail/mail-caps';
import { emailKey } from '../lib/contact-keys';
import {
  INDIA,
  KARNATAKA,
  applicationPayload,
  createOpening,
  postApplication,
  statusLinkToken,
} from '../test/legacy/application';
import { pdfFile } from '../test/files';
import { startSmtpServer, type ReceivedMail } from '../test/smtp';
import { createTestApp, createTestDb, engine, type TestApp, type TestDb } from '../test/test-app';
import { multipart, MULTIPART_TYPE } from '../test/multipart';

/**
 * Mail a stranger can cause to someone else's address (docs/careers.md "Mail a stranger can
 * cause"): every way of causing it, hammered at one address, from one client and from many, on one
 * node and on two sharing the database; the queue is sent to a real SMTP server and what that
 * address received is counted.
 */

const HOUR = 3_600_000;
const CONTACTS = 'priya.raman@example.com';

/**
 * What a client sees of an answer, but what differs between any two requests whatever the cap:
 * the date, the request's id, the client's own request count, an application's id (and so the
 * length of a JSON answer).
 */
function comparable(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  const {
    date: _date,
    'x-request-id': _id,
    'x-ratelimit-remaining': _remaining,
    'x-ratelimit-reset': _reset,
    'content-length': _length,
    ...headers
  } = res.headers;
  const body = res.body.replace(/"(ApplicantID|applicantId)":\d+/, '"$1":0');
  return { status: res.statusCode, headers, body };
}

const applicationParts = (email: string, size: number) =>
  [
    ['firstName', 'Vic'],
    ['lastName', 'Tim'],
    ['mobileNumber', '5550101234'],
    ['countryId', String(INDIA)],
    ['stateId', String(KARNATAKA)],
    ['city', 'Bengaluru'],
    ['email', email],
    ['resume', { name: 'cv.pdf', bytes: pdfFile(size) }],
  ] as [string, string | { name: string; bytes: Buffer }][];

type Answer = ReturnType<typeof comparable>;
/** A way to cause mail: its name, and one request of it to a node from a client. */
type Way = [name: string, send: (t: TestApp, from: string) => Promise<Answer>];

/** Every queued mail due at `now` sent, by every node, to the real SMTP server. */
async function sendAll(nodes: readonly TestApp[], now: Date) {
  for (const node of nodes) await node.app.linkRequests.runOnce();
  for (;;) {
    let sent = 0;
    for (const node of nodes) sent += await node.app.mailer.runOnce(now);
    if (sent === 0) return;
  }
}

const to = (mails: readonly ReceivedMail[], address: string) =>
  mails.filter((mail) => mail.to.some((rcpt) => emailKey(rcpt) === emailKey(address)));

describe(`mail a stranger can cause to one address is capped (${engine})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let db: TestDb;
  let nodes: TestApp[];
  // The app's clock, moved on by the tests; applications are stamped by the real one.
  let clock = Date.now();
  const due = () => new Date(Math.max(clock, Date.now()));
  let jobId: number;
  let size = 400;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await createTestDb();
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost' };
    const now = () => new Date(clock);
    // Two nodes on one database: each counts what the other sent.
    nodes = [
      await createTestApp(env, { db, pages: true, now }),
      await createTestApp(env, { db, pages: true, now }),
    ];
    jobId = await createOpening(nodes[0]!, 'BOMB-1');
  }, 60_000);
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await db.destroy();
    await smtp.close();
  });

  /**
   * One round of every way a stranger can make us mail `victim`, each request from
   * `client(step)` to `node(step)`; the answers are kept per way. The status link of the first
   * application (its confirmation is read from the queue) is the erase requests'.
   */
  async function bomb(
    victim: string,
    rounds: number,
    client: (step: number) => string,
    node: (step: number) => TestApp,
  ) {
    const answers = new Map<string, Answer[]>();
    let step = 0;
    let statusToken = '';
    const tagged = (tag: string) => victim.replace('@', `+${tag}${step}@`).toUpperCase();
    const ways: Way[] = [
      [
        'apply (legacy JSON)',
        async (t, from) => {
          const res = await postApplication(
            t,
            jobId,
            applicationPayload({ Email: victim }, { content: pdfFile(++size) }),
            from,
          );
          expect(res.statusCode, res.body).toBe(201);
          if (statusToken === '') statusToken = await statusLinkToken(t, res.json().ApplicantID);
          return comparable(res);
        },
      ],
      [
        'erase link',
        async (t, from) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/applications/${statusToken}/erase`,
            remoteAddress: from,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              cookie: `${XSRF_COOKIE_NAME}=${t.xsrf}`,
            },
            payload: new URLSearchParams({ _xsrf: t.xsrf }).toString(),
          });
          expect(res.statusCode).toBe(303);
          return comparable(res);
        },
      ],
      [
        'links (API)',
        async (t, from) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/applications/links',
            remoteAddress: from,
            headers: { ...t.headers('write'), 'content-type': 'application/json' },
            payload: JSON.stringify({ Email: victim }),
          });
          expect(res.statusCode).toBe(202);
          await t.app.linkRequests.runOnce();
          return comparable(res);
        },
      ],
      [
        'links (form)',
        async (t, from) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/applications',
            remoteAddress: from,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              cookie: `${XSRF_COOKIE_NAME}=${t.xsrf}`,
            },
            payload: new URLSearchParams({ _xsrf: t.xsrf, email: victim }).toString(),
          });
          expect(res.statusCode).toBe(200);
          await t.app.linkRequests.runOnce();
          return comparable(res);
        },
      ],
      [
        'alert (API)',
        async (t, from) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/alerts',
            remoteAddress: from,
            headers: { ...t.headers('write'), 'content-type': 'application/json' },
            payload: JSON.stringify({ Email: tagged('alert'), Frequency: 'daily' }),
          });
          expect(res.statusCode).toBe(202);
          return comparable(res);
        },
      ],
      [
        'alert (form)',
        async (t, from) => {
          const res = await t.app.inject({
            method: 'POST',
            url: routes.alerts.path,
            remoteAddress: from,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'sec-fetch-site': 'same-origin',
              // A browser that has seen the site sends its XSRF cookie, not asked for a new one.
              cookie: `${XSRF_COOKIE_NAME}=${t.xsrf}`,
            },
            payload: new URLSearchParams({
              email: tagged('form'),
              frequency: 'weekly',
            }).toString(),
          });
          expect(res.statusCode).toBe(200);
          return comparable(res);
        },
      ],
      ...(['dialog', 'dialog', 'page', 'page'] as const).map((kind): Way => [
        `apply (${kind})`,
        async (t, from) => {
          const parts = applicationParts(tagged(kind), ++size);
          const res = await t.app.inject({
            method: 'POST',
            remoteAddress: from,
            ...(kind === 'dialog'
              ? {
                  url: `/api${applyApiPath(jobId)}`,
                  headers: {
                    ...t.headers('write'),
                    'content-type': MULTIPART_TYPE,
                  },
                  payload: multipart(parts),
                }
              : {
                  url: `/careers/jobs/${jobId}/apply`,
                  headers: {
                    'content-type': MULTIPART_TYPE,
                    cookie: `${XSRF_COOKIE_NAME}=${t.xsrf}`,
                    origin: 'http://localhost',
                    'sec-fetch-site': 'same-origin',
                  },
                  payload: multipart([['xsrfToken', t.xsrf], ...parts]),
                }),
          });
          expect(res.statusCode, res.body).toBe(kind === 'dialog' ? 201 : 303);
          return comparable(res);
        },
      ]),
    ];
    for (let round = 0; round < rounds; round++) {
      // Every way's own hourly throttle has room again: only the address's cap stands.
      if (round > 0) clock += HOUR + 60_000;
      for (const [name, send] of ways) {
        const answer = await send(node(step), client(step));
        answers.set(name, [...(answers.get(name) ?? []), answer]);
        step++;
      }
    }
    return answers;
  }

  /** What `victim` received, and every action asked for done, each answered as the first. */
  async function expectCapped(victim: string, answers: Map<string, Answer[]>, rounds: number) {
    const before = smtp.received.length;
    await sendAll(nodes, due());
    const received = smtp.received.slice(before);
    const cap = nodes[0]!.config.mailCapPerAddress;
    expect(cap).toBe(10);
    expect(to(received, victim)).toHaveLength(cap);
    // The contact persons' notices are the company's own mail: one per application.
    expect(to(received, CONTACTS)).toHaveLength(rounds * 5);

    const q = db.handle.db;
    const key = emailKey(victim)!;
    const applicants = await q
      .selectFrom('applicants')
      .select('id')
      .where('emailKey', '=', key)
      .execute();
    expect(applicants).toHaveLength(rounds * 5);
    const alerts = await q
      .selectFrom('jobAlerts')
      .select('email')
      .where((eb) => eb(eb.fn('lower', ['email']), 'like', `${key.split('@')[0]}+%`))
      .execute();
    expect(alerts).toHaveLength(rounds * 2);
    expect(await q.selectFrom('linkRequests').selectAll().execute()).toEqual([]);
    const eraseRequests = await q
      .selectFrom('auditLog')
      .select('id')
      .where('action', '=', 'applicant-erase-request')
      .where('target', '=', `applicant ${applicants[0]!.id}`)
      .execute();
    expect(eraseRequests).toHaveLength(rounds);

    for (const [way, list] of answers) {
      expect(list.length, way).toBeGreaterThanOrEqual(rounds);
      for (const answer of list) expect(answer, way).toEqual(list[0]);
    }
  }

  it('from one client: the address gets MAIL_CAP_PER_ADDRESS mails, every action is done', async () => {
    const victim = 'victim.one@example.com';
    const answers = await bomb(
      victim,
      3,
      () => '203.0.113.9',
      () => nodes[0]!,
    );
    await expectCapped(victim, answers, 3);
  }, 120_000);

  it('from many clients, across two nodes sharing the database: the same cap', async () => {
    const victim = 'victim.many@example.com';
    const answers = await bomb(
      victim,
      3,
      (step) => `198.51.${Math.floor(step / 250)}.${(step % 250) + 1}`,
      (step) => nodes[step % 2]!,
    );
    await expectCapped(victim, answers, 3);
  }, 120_000);

  it('holds under concurrency: applications sent at once to both nodes mail the address the cap', async () => {
    const victim = 'victim.burst@example.com';
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        postApplication(
          nodes[n % 2]!,
          jobId,
          applicationPayload({ Email: victim }, { content: pdfFile(++size) }),
          `192.0.2.${n + 1}`,
        ),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 201));
    const before = smtp.received.length;
    await sendAll(nodes, due());
    expect(to(smtp.received.slice(before), victim)).toHaveLength(
      nodes[0]!.config.mailCapPerAddress,
    );
  }, 60_000);

  it('sends at most 3 erase-link mails an hour per application, answering each request the same', async () => {
    const t = nodes[0]!;
    const person = 'erase.me@example.com';
    const res = await postApplication(t, jobId, applicationPayload({ Email: person }));
    expect(res.statusCode).toBe(201);
    const applicantId: number = res.json().ApplicantID;
    const token = await statusLinkToken(t, applicantId);
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: `/applications/${token}/erase`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `${XSRF_COOKIE_NAME}=${t.xsrf}`,
        },
        payload: new URLSearchParams({ _xsrf: t.xsrf }).toString(),
      });
    const answers = [];
    for (let n = 0; n < 25; n++) answers.push(comparable(await ask()));
    expect(answers[0]!.status).toBe(303);
    for (const answer of answers) expect(answer).toEqual(answers[0]);

    const before = smtp.received.length;
    await sendAll(nodes, due());
    const eraseMails = () =>
      to(smtp.received.slice(before), person).filter((mail) =>
        mail.raw.includes('Subject: Confirm erasing your data'),
      );
    expect(eraseMails()).toHaveLength(ERASE_LINKS_PER_HOUR);
    expect(ERASE_LINKS_PER_HOUR).toBe(3);
    // No live erase link beyond those mailed.
    const links = await db.handle.db
      .selectFrom('applicantLinks')
      .select('tokenHash')
      .where('applicantId', '=', applicantId)
      .where('purpose', '=', 'erase')
      .execute();
    expect(links).toHaveLength(ERASE_LINKS_PER_HOUR);

    // An hour on, the next request mails again.
    clock += HOUR + 60_000;
    expect(comparable(await ask())).toEqual(answers[0]);
    await sendAll(nodes, due());
    expect(eraseMails()).toHaveLength(ERASE_LINKS_PER_HOUR + 1);
  }, 60_000);
});
