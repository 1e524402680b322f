import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplicantIds,
  ApplicantStage,
  BulkResult,
  BulkUndoResult,
  ProblemDetails,
  RejectionReason,
  MessageTemplate,
} from '@lumenfield/contract';
import { withAuditLogAway } from '../../test/audit-log-away';
import { consoleRequest, createUser, openSession } from '../../test/console';
import { newApplication } from '../../test/applicants';
import { createOpening } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { EVERYTHING } from '../../domains/team/reach';

/** Bulk actions and their undo (docs/recruiters.md, "Bulk actions"). */
describe(`bulk actions on applicants (${engine})`, () => {
  let t: TestApp;
  let clock = Date.parse('2026-03-02T09:00:00Z');
  let admin: string;
  let recruiter: string;
  let other: string;
  let job: number;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(
      { PUBLIC_URL: 'https://careers.example.com' },
      { now: () => new Date(clock) },
    );
    admin = await openSession(t, await createUser(t, 'bulk.admin@example.com', 'admin'));
    recruiter = await openSession(t, await createUser(t, 'bulk.recruiter@example.com'));
    other = await openSession(t, await createUser(t, 'bulk.other@example.com'));
    job = await createOpening(t, 'BULK-1');
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;
  const call = (session: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    consoleRequest(t, session, method, `/api${url}`, body);
  /** `count` new applicants stored through the repository (the apply form is tested elsewhere). */
  const applicants = async (count: number, lastName = 'Bulk') => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      seq++;
      const stored = await t.app.repos.applicants.create(
        newApplication(
          job,
          { firstName: `Person${seq}`, lastName, email: `bulk.${seq}@example.com` },
          1000 + seq,
        ),
        new Date(clock),
      );
      ids.push(stored.applicantId);
    }
    return ids;
  };
  const erase = async (id: number) => {
    const email = (await t.app.repos.pipeline.find(id, EVERYTHING))!.email;
    const erased = await call(admin, 'POST', '/recruiters/erasures', { email });
    expect(erased.statusCode, erased.body).toBe(200);
  };
  const stageOf = async (id: number) => (await t.app.repos.pipeline.find(id, EVERYTHING))?.stage;
  const seen = (ids: number[], stage: ApplicantStage = 'New') =>
    ids.map((applicantId) => ({ applicantId, stage }));
  const audit = async (action: 'applicant-stage' | 'applicant-reject' | 'applicant-bulk-undo') =>
    (await t.app.repos.audit.list({ action }, 1, 1000)).items;
  const bulk = async (session: string, body: unknown) => {
    const res = await call(session, 'POST', '/recruiters/applicants/bulk', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BulkResult;
  };

  it('moves 200 applicants, each audited on its own, and undoes exactly those within 10 s', async () => {
    const ids = await applicants(200, 'Twohundred');
    const listed = await call(recruiter, 'GET', '/recruiters/applicant-ids?q=Twohundred');
    expect(listed.statusCode).toBe(200);
    const matching = listed.json() as ApplicantIds;
    expect(matching.total).toBe(200);
    expect(new Set(matching.items.map((a) => a.applicantId))).toEqual(new Set(ids));

    const auditedBefore = (await audit('applicant-stage')).length;
    const result = await bulk(recruiter, {
      applicants: matching.items,
      action: { kind: 'move', stage: 'Interview' },
    });
    expect(result.done.sort((a, b) => a - b)).toEqual(ids);
    expect(result.skipped).toEqual([]);
    expect(Date.parse(result.undoUntil)).toBe(clock + 10_000);
    const moves = (await audit('applicant-stage')).slice(0, 200);
    expect((await audit('applicant-stage')).length - auditedBefore).toBe(200);
    expect(new Set(moves.map((row) => row.target))).toEqual(
      new Set(ids.map((id) => `applicant ${id}`)),
    );
    expect(moves[0]?.detail).toBe(`New -> Interview, batch ${result.batchId}`);
    for (const id of ids) expect(await stageOf(id)).toBe('Interview');

    // Someone moves one on by hand meanwhile: the undo leaves that one and says why.
    const moved = await call(admin, 'PUT', `/recruiters/applicants/${ids[0]}/stage`, {
      stage: 'Offer',
    });
    expect(moved.statusCode).toBe(200);

    clock += 9_000;
    const undo = await call(
      recruiter,
      'POST',
      `/recruiters/applicants/bulk/${result.batchId}/undo`,
    );
    expect(undo.statusCode, undo.body).toBe(200);
    const undone = undo.json() as BulkUndoResult;
    expect(undone.undone.sort((a, b) => a - b)).toEqual(ids.slice(1));
    expect(undone.skipped).toEqual([
      {
        applicantId: ids[0],
        name: expect.stringContaining('Twohundred'),
        reason: 'Someone changed this applicant since: now in Offer.',
      },
    ]);
    for (const id of ids.slice(1)) expect(await stageOf(id)).toBe('New');
    expect(await stageOf(ids[0]!)).toBe('Offer');
    const undoRows = await audit('applicant-bulk-undo');
    expect(undoRows).toHaveLength(199);
    expect(undoRows[0]?.detail).toBe(`Interview -> New, batch ${result.batchId}`);

    // Twice is nothing more.
    const again = await call(
      recruiter,
      'POST',
      `/recruiters/applicants/bulk/${result.batchId}/undo`,
    );
    expect((again.json() as BulkUndoResult).undone).toEqual([]);
    expect(await audit('applicant-bulk-undo')).toHaveLength(199);
  });

  it('skips and reports an applicant changed meanwhile, one whose move is not allowed, one gone', async () => {
    const [a, b, c, d] = await applicants(4);
    await call(admin, 'PUT', `/recruiters/applicants/${b}/stage`, { stage: 'Screening' });
    await call(admin, 'PUT', `/recruiters/applicants/${c}/stage`, { stage: 'Screening' });
    await call(admin, 'PUT', `/recruiters/applicants/${c}/stage`, { stage: 'Offer' });
    await erase(d!);
    const result = await bulk(recruiter, {
      // b was New when the recruiter looked; d was erased since.
      applicants: [
        { applicantId: a!, stage: 'New' },
        { applicantId: b!, stage: 'New' },
        { applicantId: c!, stage: 'Offer' },
        { applicantId: d!, stage: 'New' },
      ],
      action: { kind: 'move', stage: 'Hired' },
    });
    expect(result.done).toEqual([c]);
    expect(result.skipped).toEqual([
      {
        applicantId: a,
        name: expect.any(String),
        reason: 'Only an applicant in Offer can be hired; this one is in New.',
      },
      {
        applicantId: b,
        name: expect.any(String),
        reason: 'Someone else changed this applicant meanwhile: now in Screening.',
      },
      { applicantId: d, name: '', reason: 'This applicant is no longer there.' },
    ]);
    expect(await stageOf(a!)).toBe('New');
    expect(await stageOf(b!)).toBe('Screening');
    expect(await stageOf(c!)).toBe('Hired');
  });

  it('refuses 501 applicants, and none at all, storing nothing', async () => {
    const before = await db().selectFrom('bulkBatches').select('id').execute();
    const many = Array.from({ length: 501 }, (_, i) => ({ applicantId: i + 1, stage: 'New' }));
    const refused = await call(recruiter, 'POST', '/recruiters/applicants/bulk', {
      applicants: many,
      action: { kind: 'move', stage: 'Screening' },
    });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ProblemDetails).errors).toEqual([
      { field: 'applicants', message: 'Select at most 500 applicants at a time.' },
    ]);
    const none = await call(recruiter, 'POST', '/recruiters/applicants/bulk', {
      applicants: [],
      action: { kind: 'move', stage: 'Screening' },
    });
    expect(none.statusCode).toBe(400);
    expect(await db().selectFrom('bulkBatches').select('id').execute()).toEqual(before);
  });

  it("refuses an undo after 10 s, and another person's undo", async () => {
    const ids = await applicants(2);
    const result = await bulk(recruiter, {
      applicants: seen(ids),
      action: { kind: 'move', stage: 'Screening' },
    });
    const url = `/recruiters/applicants/bulk/${result.batchId}/undo`;
    const notYours = await call(other, 'POST', url);
    expect(notYours.statusCode).toBe(403);
    expect((notYours.json() as ProblemDetails).detail).toBe(
      'Only the person who made a bulk action can undo it.',
    );
    clock += 10_001;
    const late = await call(recruiter, 'POST', url);
    expect(late.statusCode).toBe(409);
    expect((late.json() as ProblemDetails).detail).toMatch(
      /^The 10 seconds to undo this have passed/,
    );
    for (const id of ids) expect(await stageOf(id)).toBe('Screening');
    const unknown = await call(recruiter, 'POST', '/recruiters/applicants/bulk/999999/undo');
    expect(unknown.statusCode).toBe(404);
  });

  it('rejects with a reason and a template mail held for the undo, which takes the mail back', async () => {
    const reason = (
      await call(admin, 'POST', '/recruiters/rejection-reasons', { label: 'Bulk: not now' })
    ).json() as RejectionReason;
    const template = (
      await call(admin, 'POST', '/recruiters/message-templates', {
        name: 'Bulk no',
        subject: 'About {{jobTitle}}',
        body: 'Dear {{firstName}}, thank you for applying.',
      })
    ).json() as MessageTemplate;
    const ids = await applicants(3);
    const mails = () =>
      db()
        .selectFrom('mailQueue')
        .select(['applicantId', 'nextAttemptAt'])
        .where('applicantId', 'in', ids)
        .where('kind', '=', 'applicant-message')
        .execute();

    const noReason = await call(recruiter, 'POST', '/recruiters/applicants/bulk', {
      applicants: seen(ids),
      action: { kind: 'reject', reasonId: 999999, templateId: null },
    });
    expect(noReason.statusCode).toBe(400);
    expect((noReason.json() as ProblemDetails).detail).toBe('Choose a reason from the list.');
    for (const id of ids) expect(await stageOf(id)).toBe('New');

    const result = await bulk(recruiter, {
      applicants: seen(ids),
      action: { kind: 'reject', reasonId: reason.reasonId, templateId: template.templateId },
    });
    expect(result.done.sort((x, y) => x - y)).toEqual(ids);
    const queued = await mails();
    expect(queued).toHaveLength(3);
    // Held past the undo's window: a sender running now takes none of them.
    for (const mail of queued) {
      expect(new Date(mail.nextAttemptAt).getTime()).toBeGreaterThan(clock + 10_000);
    }
    const rejects = (await audit('applicant-reject')).slice(0, 3);
    expect(rejects.map((row) => row.detail)).toEqual(
      rejects.map(() =>
        expect.stringMatching(
          new RegExp(
            `^New -> Rejected, reason ${reason.reasonId}, message \\d+, batch ${result.batchId}$`,
          ),
        ),
      ),
    );
    const page = (await call(recruiter, 'GET', `/recruiters/applicants/${ids[0]}`)).json() as {
      rejectionReason: string;
      messages: unknown[];
    };
    expect(page.rejectionReason).toBe('Bulk: not now');
    expect(page.messages).toHaveLength(1);

    clock += 5_000;
    const undo = await call(
      recruiter,
      'POST',
      `/recruiters/applicants/bulk/${result.batchId}/undo`,
    );
    expect(undo.statusCode, undo.body).toBe(200);
    expect((undo.json() as BulkUndoResult).undone).toHaveLength(3);
    for (const id of ids) expect(await stageOf(id)).toBe('New');
    expect(await mails()).toEqual([]);
    const after = (await call(recruiter, 'GET', `/recruiters/applicants/${ids[0]}`)).json() as {
      rejectionReason: string | null;
      messages: unknown[];
    };
    expect(after.rejectionReason).toBeNull();
    expect(after.messages).toEqual([]);
    expect((await audit('applicant-bulk-undo'))[0]?.detail).toMatch(
      /^Rejected -> New, batch \d+, mail not sent$/,
    );
  });

  it('changes nobody when the audit row cannot be written: the change and its row go together', async () => {
    const [id] = await applicants(1);
    const failed = await withAuditLogAway(db(), () =>
      call(recruiter, 'POST', '/recruiters/applicants/bulk', {
        applicants: seen([id!]),
        action: { kind: 'move', stage: 'Screening' },
      }),
    );
    expect(failed.statusCode).toBe(500);
    expect(await stageOf(id!)).toBe('New');
    expect(
      await db().selectFrom('bulkBatchItems').select('id').where('applicantId', '=', id!).execute(),
    ).toEqual([]);
  });

  it("erases an applicant's part in bulk actions with them", async () => {
    const [id] = await applicants(1);
    await bulk(recruiter, {
      applicants: seen([id!]),
      action: { kind: 'move', stage: 'Screening' },
    });
    await erase(id!);
    expect(
      await db().selectFrom('bulkBatchItems').select('id').where('applicantId', '=', id!).execute(),
    ).toEqual([]);
  });
});
