import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_MAX_LENGTH, applicantPageCopy as copy } from '@lumenfield/contract';
import { changeApplicants } from '../db/write-transaction';
import { recordReply } from '../domains/conversations/replies';
import {
  applicationPayload,
  createOpening,
  postApplication,
  statusLinkToken,
} from '../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { textOf } from '../test/http-answer';
import { XSRF_COOKIE_NAME } from '@lumenfield/contract';
import { createUser } from '../test/console';

describe(`the status page's thread and its answer form (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(
      { PUBLIC_URL: 'http://localhost', RATE_LIMIT_APPLICATIONS: '6' },
      { pages: true },
    );
    jobId = await createOpening(t, 'THREAD-1');
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;

  async function apply() {
    const email = `thread.${++n}@example.com`;
    const res = await postApplication(
      t,
      jobId,
      applicationPayload({ Email: email }, { name: `cv-thread-${n}.pdf` }),
      `10.44.${n}.1`,
    );
    expect(res.statusCode).toBe(201);
    const applicantId = res.json<{ ApplicantID: number }>().ApplicantID;
    return { applicantId, email, token: await statusLinkToken(t, applicantId) };
  }

  /** The answer form's post, from its own client address (the limit is per client). */
  const answerFrom = (token: string, message: string, client: string, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/applications/${token}/reply`,
      remoteAddress: client,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${XSRF_COOKIE_NAME}=${t.xsrf}`,
        ...headers,
      },
      payload: new URLSearchParams({ _xsrf: t.xsrf, message }).toString(),
    });
  const open = (token: string) => t.app.inject({ method: 'GET', url: `/applications/${token}` });
  const storedReplies = (applicantId: number) =>
    db()
      .selectFrom('applicantReplies')
      .select(['channel', 'subject', 'body'])
      .where('applicantId', '=', applicantId)
      .orderBy('id')
      .execute();

  it('shows what we sent and what they answered, oldest first, without the sender’s name', async () => {
    const { applicantId, token } = await apply();
    const sender = await createUser(
      t,
      `thread.sender.${applicantId}@example.com`,
      'recruiter',
      'Sam Sender',
    );
    await t.app.repos.pipeline.sendMessage(
      applicantId,
      { subject: 'When could you start?', body: 'Hello, when could you start?' },
      sender.id,
      new Date(Date.now() - 3_600_000),
      'http://localhost',
    );
    await changeApplicants(db(), [applicantId], (trx) =>
      recordReply(trx, {
        applicantId,
        channel: 'mail',
        subject: 'Re: When could you start?',
        body: 'From the first of March.\nBest, Ana',
        attachments: [
          {
            originalName: 'notice-letter.pdf',
            kind: 'pdf',
            mimeType: 'application/pdf',
            content: Buffer.from('%PDF-1.4 letter'),
          },
        ],
        receivedAt: new Date(Date.now() - 1_800_000),
      }),
    );
    const page = await open(token);
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain(copy.threadHeading);
    const sent = text.indexOf('Hello, when could you start?');
    const answered = text.indexOf('From the first of March.');
    expect(sent).toBeGreaterThan(-1);
    expect(answered).toBeGreaterThan(sent);
    expect(text).toContain('Your answer, by mail');
    expect(text).toContain('notice-letter.pdf');
    expect(text).not.toContain('Sam Sender');
    // A real form that posts without scripts, with the page's XSRF field.
    expect(page.body).toContain(`action="/applications/${token}/reply"`);
    expect(page.body).toMatch(
      /<textarea[^>]*name="message"[^>]*maxLength="5000"|<textarea[^>]*maxlength="5000"[^>]*name="message"/i,
    );
  });

  it('takes an answer: on the timeline as the page’s, the recruiters told, audited without its text', async () => {
    const { applicantId, token, email } = await apply();
    const res = await answerFrom(token, 'Thank you!\r\nTuesday works for me.', '10.45.0.1');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/applications/${token}?notice=replied#thread`);
    expect(await storedReplies(applicantId)).toEqual([
      { channel: 'status-page', subject: null, body: 'Thank you!\nTuesday works for me.' },
    ]);
    const after = textOf(
      (await t.app.inject({ method: 'GET', url: res.headers.location!.replace('#thread', '') }))
        .body,
    );
    expect(after).toContain(copy.replySent);
    expect(after).toContain('Your answer, on this page');
    expect(after).toContain('Tuesday works for me.');
    const told = await db()
      .selectFrom('notifications')
      .select('kind')
      .where('applicantId', '=', applicantId)
      .execute();
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((row) => row.kind === 'reply')).toBe(true);
    const audit = await db()
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'applicant-reply')
      .where('target', '=', `applicant ${applicantId}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorLabel: 'applicant', actorUserId: null });
    expect(JSON.stringify(audit)).not.toContain('Tuesday');
    expect(JSON.stringify(audit)).not.toContain(email);
  });

  it('refuses an empty or too long answer with the text kept as typed, and stores nothing', async () => {
    const { applicantId, token } = await apply();
    const empty = await answerFrom(token, '   ', '10.45.1.1');
    expect(empty.statusCode).toBe(400);
    expect(textOf(empty.body)).toContain(copy.replyEmpty);
    const long = `<b>Mine</b> ${'x'.repeat(REPLY_MAX_LENGTH)}`;
    const tooLong = await answerFrom(token, long, '10.45.1.1');
    expect(tooLong.statusCode).toBe(400);
    expect(textOf(tooLong.body)).toContain(copy.replyTooLong);
    // Kept as typed, as text: the markup comes back escaped inside the textarea.
    expect(tooLong.body).toContain('&lt;b&gt;Mine&lt;/b&gt; xxxx');
    expect(tooLong.body).not.toContain('<b>Mine</b>');
    expect(await storedReplies(applicantId)).toEqual([]);
  });

  it('shows an answer with markup as text, never as markup', async () => {
    const { token } = await apply();
    const res = await answerFrom(token, '<img src=x onerror=alert(1)> hello', '10.45.2.1');
    expect(res.statusCode).toBe(303);
    const page = (await open(token)).body;
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; hello');
    expect(page).not.toContain('<img src=x');
  });

  it('refuses a post from another site, keeping the text; an unknown link answers 404', async () => {
    const { applicantId, token } = await apply();
    const crossSite = await answerFrom(token, 'Sent from elsewhere', '10.45.3.1', {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(textOf(crossSite.body)).toContain(copy.forbidden);
    expect(crossSite.body).toContain('Sent from elsewhere');
    expect(await storedReplies(applicantId)).toEqual([]);
    const unknown = await answerFrom('N'.repeat(43), 'Hello', '10.45.3.1');
    expect(unknown.statusCode).toBe(404);
    expect(textOf(unknown.body)).toContain(copy.unknownTitle);
  });

  it('limits answers per client as applying is, saying so with the text kept', async () => {
    const { applicantId, token } = await apply();
    const client = '10.45.4.1';
    for (let i = 0; i < 6; i++) {
      expect((await answerFrom(token, `Answer ${i}`, client)).statusCode).toBe(303);
    }
    const over = await answerFrom(token, 'One answer too many', client);
    expect(over.statusCode).toBe(429);
    expect(textOf(over.body)).toContain(copy.replyTooMany);
    expect(over.body).toContain('One answer too many');
    expect(await storedReplies(applicantId)).toHaveLength(6);
  });
});
