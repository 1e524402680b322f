import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpProblem } from '../../lib/http-problem';
import { prepareDatabase } from '../../prepare';
import { applicationPayload, createOpening, postApplication } from '../../test/legacy/application';
import { withAuditLogAway } from '../../test/audit-log-away';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { createRepositories, type Repositories } from '..';
import { EVERYTHING } from '../team/reach';

const at = (iso: string) => new Date(iso);

describe(`pipeline changes (${engine})`, () => {
  let t: TestApp;
  let repos: Repositories;
  let userId: number;
  let job: number;
  beforeAll(async () => {
    t = await createTestApp();
    await prepareDatabase(t.db.handle, { seedDemoData: false });
    repos = createRepositories(t.db.handle.db);
    const user = await repos.users.create(
      { email: 'mover@example.com', name: 'Mo Ver', role: 'recruiter', passwordHash: 'scrypt$x' },
      at('2026-01-01T00:00:00Z'),
    );
    userId = user.id;
    job = await createOpening(t, 'MOVE-1');
  });
  afterAll(() => t.close());

  const applicant = async (email: string) => {
    const res = await postApplication(t, job, applicationPayload({ Email: email }));
    return (res.json() as { ApplicantID: number }).ApplicantID;
  };
  const stageRows = (id: number) =>
    t.db.handle.db
      .selectFrom('applicantStages')
      .select('stage')
      .where('applicantId', '=', id)
      .execute();
  const auditRows = async (id: number) =>
    (await repos.audit.list({ action: 'applicant-stage' }, 1, 50)).items.filter(
      (row) => row.target === `applicant ${id}`,
    );
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) =>
        error instanceof HttpProblem ? `${error.status} ${error.detail}` : String(error),
    );

  it('answers the history with the new entry first and the arrival last, audited with the move', async () => {
    const id = await applicant('moved@example.com');
    const moved = await repos.pipeline.moveStage(
      id,
      'Interview',
      userId,
      at('2026-05-01T10:00:00Z'),
    );
    expect(moved.stage).toBe('Interview');
    expect(moved.history).toEqual([
      { stage: 'Interview', changedBy: 'Mo Ver', changedAt: '2026-05-01T10:00:00.000Z' },
      { stage: 'New', changedBy: 'applicant', changedAt: expect.any(String) },
    ]);
    expect((await auditRows(id)).map((row) => [row.actor, row.detail])).toEqual([
      ['Mo Ver', 'New -> Interview'],
    ]);
  });

  it('refuses a move the stage model does not allow, with its sentence, and writes nothing', async () => {
    const id = await applicant('refused@example.com');
    expect(
      await refusal(repos.pipeline.moveStage(id, 'Hired', userId, at('2026-05-02T10:00:00Z'))),
    ).toBe('409 Only an applicant in Offer can be hired; this one is in New.');
    expect(
      await refusal(repos.pipeline.moveStage(id, 'New', userId, at('2026-05-02T10:00:00Z'))),
    ).toBe('409 The applicant is already in New.');
    expect(
      await refusal(repos.pipeline.moveStage(0, 'Screening', userId, at('2026-05-02T10:00:00Z'))),
    ).toBe('404 There is no applicant with id 0.');
    expect(await stageRows(id)).toEqual([]);
    expect(await auditRows(id)).toEqual([]);
    // Through Offer it is allowed; a hired applicant is reopened, not rejected, in one move.
    await repos.pipeline.moveStage(id, 'Offer', userId, at('2026-05-02T11:00:00Z'));
    await repos.pipeline.moveStage(id, 'Hired', userId, at('2026-05-02T12:00:00Z'));
    expect(
      await refusal(repos.pipeline.moveStage(id, 'Rejected', userId, at('2026-05-02T13:00:00Z'))),
    ).toBe('409 A hired applicant is moved back to an open stage first.');
    await repos.pipeline.moveStage(id, 'Offer', userId, at('2026-05-02T14:00:00Z'));
    expect((await repos.pipeline.find(id, EVERYTHING))?.stage).toBe('Offer');
  });

  it('two moves at once are judged one after the other: the second is already there', async () => {
    const id = await applicant('twice@example.com');
    const results = await Promise.all(
      [1, 2].map(() =>
        refusal(repos.pipeline.moveStage(id, 'Screening', userId, at('2026-05-03T10:00:00Z'))),
      ),
    );
    expect(results.sort()).toEqual(['409 The applicant is already in Screening.', undefined]);
    expect(await stageRows(id)).toEqual([{ stage: 'Screening' }]);
  });

  it('a failing audit insert rolls back the stage change and the note with it', async () => {
    const id = await applicant('rolled.back@example.com');
    const db = t.db.handle.db;
    await withAuditLogAway(db, async () => {
      await expect(
        repos.pipeline.moveStage(id, 'Screening', userId, at('2026-05-04T10:00:00Z')),
      ).rejects.toThrow(/audit_log/);
      await expect(
        repos.pipeline.writeNote(
          id,
          userId,
          'Lost with its audit row',
          at('2026-05-04T10:00:00Z'),
          EVERYTHING,
        ),
      ).rejects.toThrow(/audit_log/);
    });
    expect(await stageRows(id)).toEqual([]);
    expect((await repos.pipeline.find(id, EVERYTHING))?.stage).toBe('New');
    expect(await repos.pipeline.notes(id)).toEqual([]);
    // And once the log is back, the same move goes through.
    await repos.pipeline.moveStage(id, 'Screening', userId, at('2026-05-04T11:00:00Z'));
    expect(await stageRows(id)).toEqual([{ stage: 'Screening' }]);
  });
});
