import {
  WITHDRAWN,
  stageMoveRefusal,
  withdrawalRefusal,
  type ApplicantStage,
} from '@lumenfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db';
import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { newApplication } from '../../test/applicants';
import { createUser } from '../../test/console';
import { pdfFile } from '../../test/files';
import { createOpening } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { issueApplicantLink } from '../applications/applicant-links';
import { erasureRepository } from '../applications/erasure-repository';
import { applicantPage, type ApplicantPage } from './applicant-page';

/** Each pair this many times: unlocked, withdrawal against a move failed several times in it. */
const RUNS = 40;
/** While a newer resume may be sent (applicant-page.ts). */
const RESUME_STAGES: readonly ApplicantStage[] = ['New', 'Screening'];

/** Audit actions that record a stage change, with "From -> To" at the start of their detail. */
const STAGE_ACTIONS = ['applicant-stage', 'applicant-withdraw', 'applicant-reject'];

/**
 * An applicant's own action raced against a recruiter's change of the same applicant, each on
 * its own database handle (its own pool or connection), so on PostgreSQL the two transactions
 * truly interleave. Whatever the order, the records must read as one change after the other:
 * every stage change judged on the stage the one before it left, a resume replaced only while
 * the stage allowed it, nothing left of an erased applicant, and no fault (a 500).
 */
describe(`an applicant's own action and a recruiter's change, raced (${engine})`, () => {
  let t: TestApp;
  /** The applicant's side: a second handle (its own pool) on the same database. */
  let second: DbHandle;
  let page: ApplicantPage;
  let erasure: ReturnType<typeof erasureRepository>;
  let jobA: number;
  let jobB: number;
  let userId: number;
  let seq = 0;
  const now = () => new Date();

  beforeAll(async () => {
    t = await createTestApp();
    // SQLite's driver is synchronous: a second connection in this process waiting for the
    // write lock would block the event loop that must commit the first. One handle there.
    second = engine === 'postgres' ? t.db.reopen() : t.db.handle;
    page = applicantPage(second.db, { origin: 'https://careers.example.com', capPerAddress: 10 });
    erasure = erasureRepository(second.db);
    jobA = await createOpening(t, 'RACE-A');
    jobB = await createOpening(t, 'RACE-B');
    userId = (await createUser(t, 'race.recruiter@example.com')).id;
  });
  afterAll(async () => {
    if (second !== t.db.handle) await second.close();
    await t.close();
  });

  const db = (): Db => t.db.handle.db;

  /** One application stored through the repository (the apply routes are tested elsewhere). */
  const apply = async (jobId: number, email: string) =>
    (
      await t.app.repos.applicants.create(
        newApplication(
          jobId,
          { firstName: 'Rae', lastName: `Race${seq}`, email },
          1000 + (seq++ % 5000),
        ),
        now(),
      )
    ).applicantId;

  /**
   * The applicant raced (in `stage`, reached by allowed moves), another application of the same
   * person (for a merge), and the applicant's status and erase links.
   */
  async function prepare(stage: ApplicantStage) {
    const email = `race.${seq}.${Date.now()}@example.com`;
    const id = await apply(jobA, email);
    const otherId = await apply(jobB, email);
    const path: ApplicantStage[] = ['Screening', 'Interview', 'Offer'];
    for (const step of path.slice(0, path.indexOf(stage) + 1)) {
      await t.app.repos.pipeline.moveStage(id, step, userId, now());
    }
    const [status, erase] = await writeTransaction(db(), async (trx) => [
      await issueApplicantLink(trx, id, 'status', now()),
      await issueApplicantLink(trx, id, 'erase', now()),
    ]);
    return { id, otherId, stage, status: status!, erase: erase! };
  }
  type Prepared = Awaited<ReturnType<typeof prepare>>;

  const applicantActions = {
    withdraw: { stage: 'Interview', run: (p: Prepared) => page.withdraw(p.status, now()) },
    'replace resume': {
      stage: 'Screening',
      run: (p: Prepared) =>
        page.replaceResume(
          p.status,
          { bytes: pdfFile(2000), kind: 'pdf', mimeType: 'application/pdf', fileName: 'new.pdf' },
          now(),
        ),
    },
    erase: { stage: 'Interview', run: (p: Prepared) => erasure.eraseByLink(p.erase, now()) },
  } as const;

  /** The recruiter's move: on from the stage the applicant's action is allowed in. */
  const next = (stage: ApplicantStage): ApplicantStage =>
    stage === 'Screening' ? 'Interview' : 'Offer';
  const recruiterChanges = {
    'stage change': (p: Prepared) =>
      t.app.repos.pipeline.moveStage(p.id, next(p.stage), userId, now()),
    'bulk move': (p: Prepared) =>
      t.app.repos.pipeline.bulk(
        {
          applicants: [{ applicantId: p.id, stage: p.stage }],
          action: { kind: 'move', stage: next(p.stage) },
        },
        userId,
        now,
        'https://careers.example.com',
      ),
    merge: (p: Prepared) => t.app.repos.duplicates.merge(p.id, p.otherId, userId, now()),
    message: (p: Prepared) =>
      t.app.repos.pipeline.sendMessage(
        p.id,
        { subject: 'A word', body: 'Hello {{firstName}}, {{statusLink}}' },
        userId,
        now(),
        'https://careers.example.com',
      ),
  } as const;

  /** A refusal (404, 409) is an answer; anything else would be a 500. */
  const settle = async (call: () => Promise<unknown>): Promise<string | undefined> => {
    try {
      await call();
      return undefined;
    } catch (error) {
      if (error instanceof HttpProblem && error.status < 500) return undefined;
      return String(error);
    }
  };

  /** What the records say went wrong for the applicant, or nothing. */
  async function wrongs(p: Prepared): Promise<string[]> {
    const found: string[] = [];
    const rows = await db()
      .selectFrom('auditLog')
      .select(['id', 'action', 'detail'])
      .where('target', '=', `applicant ${p.id}`)
      .orderBy('id')
      .execute();
    let stage: ApplicantStage = 'New';
    for (const row of rows) {
      if (STAGE_ACTIONS.includes(row.action)) {
        const [from, to] = (row.detail ?? '').split(/ -> |, /) as [ApplicantStage, ApplicantStage];
        if (from !== stage) found.push(`${from} -> ${to} judged while in ${stage}`);
        const refusal = to === WITHDRAWN ? withdrawalRefusal(stage) : stageMoveRefusal(stage, to);
        if (refusal) found.push(`${stage} -> ${to}: ${refusal}`);
        stage = to;
      }
      if (row.action === 'applicant-resume-replace' && !RESUME_STAGES.includes(stage)) {
        found.push(`resume replaced while in ${stage}`);
      }
    }
    const there = await db()
      .selectFrom('applicants')
      .select('id')
      .where('id', '=', p.id)
      .executeTakeFirst();
    if (!there) {
      // Erased: nothing may have been written about them after it.
      const left = await Promise.all(
        (
          [
            'applicantStages',
            'applicantMessages',
            'mailQueue',
            'applicantLinks',
            'attachments',
          ] as const
        ).map(async (table) =>
          (
            await db()
              .selectFrom(table)
              .select('applicantId')
              .where('applicantId', '=', p.id)
              .execute()
          ).length > 0
            ? table
            : undefined,
        ),
      );
      const decisions = await db()
        .selectFrom('duplicateDecisions')
        .select('id')
        .where((eb) => eb.or([eb('applicantId', '=', p.id), eb('otherId', '=', p.id)]))
        .execute();
      for (const table of [...left, decisions.length > 0 ? 'duplicateDecisions' : undefined]) {
        if (table) found.push(`${table} kept after the erasure`);
      }
    }
    return found;
  }

  for (const [actionName, action] of Object.entries(applicantActions)) {
    for (const [changeName, change] of Object.entries(recruiterChanges)) {
      it(`${actionName} against ${changeName}, ${RUNS} times`, async () => {
        const problems: string[] = [];
        for (let run = 0; run < RUNS; run++) {
          const p = await prepare(action.stage);
          const faults = await Promise.all([settle(() => action.run(p)), settle(() => change(p))]);
          for (const fault of faults) if (fault) problems.push(`run ${run}: fault ${fault}`);
          for (const wrong of await wrongs(p)) problems.push(`run ${run}: ${wrong}`);
        }
        expect(problems).toEqual([]);
      }, 60_000);
    }
  }
});
