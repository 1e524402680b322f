import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { changeApplicants } from '../../db/write-transaction';
import { newApplication } from '../../test/applicants';
import { createUser } from '../../test/console';
import { putOnTeam } from '../../test/hiring';
import { createOpening } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { recordReply, type NewReply } from './replies';

describe(`a candidate's reply on the timeline (${engine})`, () => {
  let t: TestApp;
  let seq = 0;
  const db = (): Db => t.db.handle.db;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const apply = async (jobId: number) =>
    (
      await t.app.repos.applicants.create(
        newApplication(
          jobId,
          { firstName: 'Rey', lastName: `Ply${seq}`, email: `reply.${seq}@example.com` },
          3000 + seq++,
        ),
        new Date(),
      )
    ).applicantId;
  const record = (reply: NewReply) =>
    changeApplicants(db(), [reply.applicantId], (trx) => recordReply(trx, reply));
  const notified = async (applicantId: number) =>
    (
      await db()
        .selectFrom('notifications')
        .select(['userId', 'kind'])
        .where('applicantId', '=', applicantId)
        .orderBy('userId')
        .execute()
    ).map((row) => `${row.userId}:${row.kind}`);

  it("is stored once per source key, with its files, and tells the opening's recruiters", async () => {
    const jobId = await createOpening(t, 'REPLY-TEAM');
    const onTeam = await createUser(t, 'reply.team@example.com');
    await createUser(t, 'reply.other@example.com');
    await putOnTeam(t, jobId, onTeam.id, 'recruiter');
    const applicantId = await apply(jobId);
    const reply: NewReply = {
      applicantId,
      channel: 'mail',
      subject: 'Re: Your application',
      body: 'Thank you, Tuesday works.',
      sourceKey: `key-${applicantId}`,
      attachments: [
        {
          originalName: 'notes.pdf',
          kind: 'pdf',
          mimeType: 'application/pdf',
          content: Buffer.from('%PDF-1.4 x'),
        },
      ],
      receivedAt: new Date(),
    };

    const first = await record(reply);
    const again = await record(reply);

    expect(first).toBeTypeOf('number');
    expect(again).toBeUndefined();
    const files = await db()
      .selectFrom('attachments')
      .select('originalName')
      .where('replyId', '=', first!)
      .execute();
    expect(files.map((file) => file.originalName)).toEqual(['notes.pdf']);
    expect(await notified(applicantId)).toEqual([`${onTeam.id}:reply`]);
  });

  it('tells every active recruiter when the opening names none, and goes with the applicant', async () => {
    const jobId = await createOpening(t, 'REPLY-NOBODY');
    const applicantId = await apply(jobId);
    const recruiters = await db()
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'recruiter')
      .where('isActive', '=', 1)
      .orderBy('id')
      .execute();

    const replyId = await record({
      applicantId,
      channel: 'status-page',
      subject: null,
      body: 'Is the role hybrid?',
      receivedAt: new Date(),
    });

    expect(await notified(applicantId)).toEqual(recruiters.map((row) => `${row.id}:reply`));
    await db().deleteFrom('applicants').where('id', '=', applicantId).execute();
    expect(
      await db().selectFrom('applicantReplies').select('id').where('id', '=', replyId!).execute(),
    ).toEqual([]);
    expect(await notified(applicantId)).toEqual([]);
  });
});
