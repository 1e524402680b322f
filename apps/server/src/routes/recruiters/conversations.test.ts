import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleApplicant, UnmatchedReply, UnmatchedReplyList } from '@lumenfield/contract';
import { changeApplicants } from '../../db/write-transaction';
import { recordReply } from '../../domains/conversations/replies';
import { createRetention } from '../../plugins/retention';
import { newApplication } from '../../test/applicants';
import { consoleGet, consoleRequest, createUser, openSession } from '../../test/console';
import { putOnTeam } from '../../test/hiring';
import { insertInterview } from '../../test/interviews';
import { createOpening } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

describe(`conversations in the console (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let admin: string;
  let recruiter: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'CONV-1');
    admin = await openSession(t, await createUser(t, 'conv.admin@example.com', 'admin'));
    recruiter = await openSession(t, await createUser(t, 'conv.recruiter@example.com'));
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;
  const apply = async (opening = jobId) =>
    (
      await t.app.repos.applicants.create(
        newApplication(
          opening,
          { firstName: 'Cara', lastName: `Conv${seq}`, email: `conv.${seq}@example.com` },
          7000 + seq++,
        ),
        new Date(),
      )
    ).applicantId;
  const replyWithFile = (applicantId: number, body: string) =>
    changeApplicants(db(), [applicantId], (trx) =>
      recordReply(trx, {
        applicantId,
        channel: 'mail',
        subject: 'Re: your interview',
        body,
        sourceKey: `conv-${applicantId}-${body.length}`,
        attachments: [
          {
            originalName: 'portfolio.pdf',
            kind: 'pdf',
            mimeType: 'application/pdf',
            content: Buffer.from('%PDF-1.4 portfolio'),
          },
        ],
        receivedAt: new Date(),
      }),
    );
  const page = (applicantId: number, session: string) =>
    consoleGet<ConsoleApplicant>(t, `/api/recruiters/applicants/${applicantId}`, session);
  const audited = (action: string) =>
    db().selectFrom('auditLog').selectAll().where('action', '=', action).execute();

  it("puts replies on the applicant's page, their files behind an audited, reach-checked link", async () => {
    const applicantId = await apply();
    await replyWithFile(applicantId, '<script>alert(1)</script> Attached, as promised.');
    const shown = await page(applicantId, recruiter);
    expect(shown.status).toBe(200);
    expect(shown.body.replies).toEqual([
      {
        replyId: expect.any(Number),
        channel: 'mail',
        subject: 'Re: your interview',
        body: '<script>alert(1)</script> Attached, as promised.',
        receivedOn: expect.any(String),
        attachments: [{ name: 'portfolio.pdf', kind: 'pdf', bytes: 18, url: expect.any(String) }],
      },
    ]);
    const url = shown.body.replies[0]!.attachments[0]!.url;
    const before = (await audited('reply-attachment-download')).length;
    const file = await t.app.inject({ method: 'GET', url, headers: { cookie: recruiter } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString()).toBe('%PDF-1.4 portfolio');
    expect(file.headers['content-disposition']).toContain('portfolio.pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const rows = (await audited('reply-attachment-download')).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target: `applicant ${applicantId}` });
    // Bound to the session that was given it; the resume's route does not serve it.
    const other = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(other.statusCode).toBe(404);
    const guid = url.split('/').pop()!.split('?')[0]!;
    const asResume = await t.app.inject({
      method: 'GET',
      url: url.replace(`reply-attachments/${guid}`, `resumes/${guid}`),
      headers: { cookie: recruiter },
    });
    expect(asResume.statusCode).toBe(404);
  });

  it("keeps a reply's files out of the lists and the resume (one row per applicant)", async () => {
    const opening = await createOpening(t, 'CONV-LIST');
    const applicantId = await apply(opening);
    await replyWithFile(applicantId, 'One');
    await replyWithFile(applicantId, 'Two!');
    const list = await consoleGet<{ total: number; items: { applicantId: number }[] }>(
      t,
      `/api/recruiters/applicants?jobId=${opening}`,
      recruiter,
    );
    expect(list.body.total).toBe(1);
    expect(list.body.items.map((item) => item.applicantId)).toEqual([applicantId]);
    const shown = await page(applicantId, recruiter);
    expect(shown.body.attachmentName).toMatch(/\.pdf$/);
    expect(shown.body.attachmentName).not.toBe('portfolio.pdf');
  });

  it("shows replies to the applicant's workers only: not their interviewer, not another team", async () => {
    const opening = await createOpening(t, 'CONV-TEAM');
    const applicantId = await apply(opening);
    await replyWithFile(applicantId, 'For the team');
    const manager = await createUser(
      t,
      `conv.manager.${applicantId}@example.com`,
      'hiring_manager',
    );
    const outsider = await createUser(t, `conv.out.${applicantId}@example.com`, 'hiring_manager');
    await putOnTeam(t, opening, manager.id, 'hiring_manager');
    const managerSession = await openSession(t, manager);
    const mine = await page(applicantId, managerSession);
    expect(mine.body.replies).toHaveLength(1);
    const url = mine.body.replies[0]!.attachments[0]!.url;
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { cookie: managerSession } })).statusCode,
    ).toBe(200);
    // A link signed as the page signs it works for its own session (so the 404 below is reach)…
    const guidOf = url.split('/').pop()!.split('?')[0]!;
    const own = `/api/recruiters/reply-attachments/${guidOf}?sig=${t.app.consoleSessions.resumeSignature(sessionKey(managerSession), guidOf)}`;
    expect(
      (await t.app.inject({ method: 'GET', url: own, headers: { cookie: managerSession } }))
        .statusCode,
    ).toBe(200);
    // An interviewer of the applicant reads what they sent, not the conversation.
    const interviewer = await createUser(t, `conv.iv.${applicantId}@example.com`, 'interviewer');
    await insertInterview(t, applicantId, [interviewer.id]);
    const asInterviewer = await page(applicantId, await openSession(t, interviewer));
    expect(asInterviewer.status).toBe(200);
    expect(asInterviewer.body.replies).toEqual([]);
    // …and the outsider's own signed link to the file: the applicant is out of their reach.
    const outsiderSession = await openSession(t, outsider);
    const guid = url.split('/').pop()!.split('?')[0]!;
    expect((await page(applicantId, outsiderSession)).status).toBe(404);
    const signed = `/api/recruiters/reply-attachments/${guid}?sig=${t.app.consoleSessions.resumeSignature(
      sessionKey(outsiderSession),
      guid,
    )}`;
    expect(
      (await t.app.inject({ method: 'GET', url: signed, headers: { cookie: outsiderSession } }))
        .statusCode,
    ).toBe(404);
  });

  /** The key a session's links are bound to (its stored id), as the applicant's page signs. */
  function sessionKey(session: string): string {
    const signed = decodeURIComponent(session.slice(session.indexOf('=') + 1));
    const token = t.app.unsignCookie(signed).value ?? '';
    return crypto.createHash('sha256').update(token).digest('hex');
  }

  it('lets an admin list, read, assign and discard unmatched replies, each audited; nobody else', async () => {
    const applicantId = await apply();
    const insert = async (subject: string, receivedAt: Date) =>
      (
        await db()
          .insertInto('unmatchedReplies')
          .values({
            reason: 'unknown',
            fromAddress: 'someone@example.net',
            subject,
            body: `Body of ${subject}`,
            raw: Buffer.from(`Subject: ${subject}\r\n\r\nBody`),
            sourceKey: `unmatched-${subject}`,
            receivedAt: receivedAt.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const kept = await insert('Kept for a person', new Date(Date.now() - 60_000));
    const thrown = await insert('Spam', new Date());

    expect((await consoleGet(t, '/api/recruiters/unmatched-replies', recruiter)).status).toBe(403);
    const list = await consoleGet<UnmatchedReplyList>(
      t,
      '/api/recruiters/unmatched-replies',
      admin,
    );
    expect(list.status).toBe(200);
    expect(list.body.keptDays).toBe(30);
    expect(list.body.items.slice(0, 2)).toEqual([
      expect.objectContaining({ id: thrown, subject: 'Spam', fromAddress: 'someone@example.net' }),
      expect.objectContaining({ id: kept, reason: 'unknown', receivedOn: expect.any(String) }),
    ]);
    expect(list.body.items[0]).not.toHaveProperty('body');

    const one = await consoleGet<UnmatchedReply>(
      t,
      `/api/recruiters/unmatched-replies/${kept}`,
      admin,
    );
    expect(one.body.body).toBe('Body of Kept for a person');
    expect(await audited('unmatched-reply-view')).toEqual([
      expect.objectContaining({ target: `unmatched reply ${kept}` }),
    ]);

    const missing = await consoleRequest(
      t,
      admin,
      'POST',
      `/api/recruiters/unmatched-replies/${kept}/assign`,
      {
        applicantId: 999_999_99,
      },
    );
    expect(missing.statusCode).toBe(404);
    const assigned = await consoleRequest(
      t,
      admin,
      'POST',
      `/api/recruiters/unmatched-replies/${kept}/assign`,
      { applicantId },
    );
    expect(assigned.statusCode).toBe(200);
    const timeline = await page(applicantId, recruiter);
    expect(timeline.body.replies.map((reply) => reply.body)).toEqual(['Body of Kept for a person']);
    expect((await consoleGet(t, `/api/recruiters/unmatched-replies/${kept}`, admin)).status).toBe(
      404,
    );
    const assignRows = await audited('unmatched-reply-assign');
    expect(assignRows).toHaveLength(1);
    expect(assignRows[0]).toMatchObject({ target: `applicant ${applicantId}` });
    expect(JSON.stringify(assignRows)).not.toContain('someone@example.net');

    const discarded = await consoleRequest(
      t,
      admin,
      'DELETE',
      `/api/recruiters/unmatched-replies/${thrown}`,
    );
    expect(discarded.statusCode).toBe(204);
    expect(
      await db()
        .selectFrom('unmatchedReplies')
        .select('id')
        .where('id', 'in', [kept, thrown])
        .execute(),
    ).toEqual([]);
    expect(await audited('unmatched-reply-discard')).toEqual([
      expect.objectContaining({ target: `unmatched reply ${thrown}` }),
    ]);
    expect(
      (await consoleRequest(t, admin, 'DELETE', `/api/recruiters/unmatched-replies/${thrown}`))
        .statusCode,
    ).toBe(404);
  });

  it('keeps unmatched replies 30 days: the retention run deletes older ones', async () => {
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    for (const [key, days] of [
      ['old', 31],
      ['young', 29],
    ] as const) {
      await db()
        .insertInto('unmatchedReplies')
        .values({
          reason: 'expired',
          fromAddress: 'late@example.net',
          subject: key,
          body: key,
          raw: Buffer.from(key),
          sourceKey: `retention-${key}`,
          receivedAt: at(days),
        })
        .execute();
    }
    await createRetention({ repos: t.app.repos, retentionDays: 3650 }).runOnce(now);
    const left = await db()
      .selectFrom('unmatchedReplies')
      .select('subject')
      .where('sourceKey', 'in', ['retention-old', 'retention-young'])
      .execute();
    expect(left.map((row) => row.subject)).toEqual(['young']);
  });
});
