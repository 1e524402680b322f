// A recruiter's decisions about a pair of applications: merge, dismiss, and undo a merge.
import { DUPLICATE_UNDO_DAYS } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { changeApplicants } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { auditRepository } from '../audit/audit-repository';
import { duplicatesRepository, ordered } from './duplicates';

/** How long a merge can be undone, in milliseconds. */
export const DUPLICATE_UNDO_MS = DUPLICATE_UNDO_DAYS * 86_400_000;

/**
 * One lock for every decision: whether two applications are already one person depends on the
 * other merges, so decisions are judged one at a time (they are rare: a person's click each).
 */
const DECISIONS_LOCK = 'duplicate-decisions';

/** The sentences of a decision refused. */
const refusals = {
  self: 'An application cannot be the duplicate of itself: choose another application.',
  gone: (id: number) =>
    `There is no application ${id}: it may have been erased, so there is nothing to decide about it.`,
  alreadyMerged: 'These two applications are already merged as one person.',
  mergedNotDismissed:
    'These two applications are merged as one person: undo the merge first if they are not.',
  alreadyDismissed: 'These two applications are already marked as not the same person.',
  notMerged: 'These two applications are not merged, so there is nothing to undo.',
  viaOther:
    'These two applications are one person through another merge: undo that merge on its page.',
  tooLate: (until: string) =>
    `A merge can be undone for ${DUPLICATE_UNDO_DAYS} days; the time to undo this one ended on ${until.slice(0, 10)}.`,
} as const;

/** What the console passes to a decision about a pair. */
type DecisionCall = [applicantId: number, otherId: number, userId: number, now: Date];

/**
 * A recruiter's decisions about two applications (docs/recruiters.md, "Duplicates"): merge
 * (the same person), dismiss (not the same person) and undo a merge within DUPLICATE_UNDO_DAYS;
 * each in one transaction with its audit row, which names the two applications by id only.
 */
export function duplicateChanges(db: Db) {
  /** Both applications there, else 404 for the page's own and 409 for the other. */
  const bothThere = async (trx: Db, applicantId: number, otherId: number) => {
    if (applicantId === otherId) throw new HttpProblem(400, refusals.self);
    const rows = await trx
      .selectFrom('applicants')
      .select('id')
      .where('id', 'in', [applicantId, otherId])
      .execute();
    const there = new Set(rows.map((row) => row.id));
    if (!there.has(applicantId)) {
      throw new HttpProblem(404, `There is no applicant with id ${applicantId}.`);
    }
    if (!there.has(otherId)) throw new HttpProblem(409, refusals.gone(otherId));
  };

  const decisionOf = (trx: Db, applicantId: number, otherId: number) => {
    const [low, high] = ordered(applicantId, otherId);
    return trx
      .selectFrom('duplicateDecisions')
      .select(['id', 'decision', 'undoUntil'])
      .where('applicantId', '=', low)
      .where('otherId', '=', high)
      .executeTakeFirst();
  };

  const audit = (
    trx: Db,
    action: 'applicant-merge' | 'applicant-merge-undo' | 'applicant-duplicate-dismiss',
    userId: number,
    applicantId: number,
    otherId: number,
    now: Date,
  ) =>
    auditRepository(trx).record(
      {
        actor: { userId },
        action,
        target: `applicant ${applicantId}`,
        detail: `with applicant ${otherId}`,
      },
      now,
    );

  /** Stores (or replaces) the pair's decision. */
  const decide = async (
    trx: Db,
    applicantId: number,
    otherId: number,
    decision: 'merged' | 'dismissed',
    userId: number,
    now: Date,
  ) => {
    const [low, high] = ordered(applicantId, otherId);
    const values = {
      decision,
      decidedByUserId: userId,
      decidedAt: now.toISOString(),
      undoUntil:
        decision === 'merged' ? new Date(now.getTime() + DUPLICATE_UNDO_MS).toISOString() : null,
    };
    await trx
      .insertInto('duplicateDecisions')
      .values({ applicantId: low, otherId: high, ...values })
      .onConflict((oc) => oc.columns(['applicantId', 'otherId']).doUpdateSet(values))
      .execute();
  };

  /** Whether the two are already one person, through this pair's merge or others. */
  const samePerson = async (trx: Db, applicantId: number, otherId: number, now: Date) =>
    (await duplicatesRepository(trx).of(applicantId, now)).alsoApplied.some(
      (a) => a.applicantId === otherId,
    );

  /**
   * A decision as the console calls it: judged and written in one transaction under
   * DECISIONS_LOCK and both applicants' locks (so neither is erased or changed meanwhile), and
   * only while both applications are there.
   */
  const decision =
    (judge: (trx: Db, ...call: DecisionCall) => Promise<void>) =>
    (...call: DecisionCall) =>
      changeApplicants(
        db,
        [call[0], call[1]],
        async (trx) => {
          await bothThere(trx, call[0], call[1]);
          await judge(trx, ...call);
        },
        [DECISIONS_LOCK],
      );

  return {
    /** The two are the same person: linked as one, each keeping its own opening and stage. */
    merge: decision(async (trx, applicantId, otherId, userId, now) => {
      if (await samePerson(trx, applicantId, otherId, now)) {
        throw new HttpProblem(409, refusals.alreadyMerged);
      }
      // A pair dismissed before may still be merged: the person changed their mind.
      await decide(trx, applicantId, otherId, 'merged', userId, now);
      await audit(trx, 'applicant-merge', userId, applicantId, otherId, now);
    }),

    /** Not the same person: the pair is no longer suggested. */
    dismiss: decision(async (trx, applicantId, otherId, userId, now) => {
      if (await samePerson(trx, applicantId, otherId, now)) {
        throw new HttpProblem(409, refusals.mergedNotDismissed);
      }
      if ((await decisionOf(trx, applicantId, otherId))?.decision === 'dismissed') {
        throw new HttpProblem(409, refusals.alreadyDismissed);
      }
      await decide(trx, applicantId, otherId, 'dismissed', userId, now);
      await audit(trx, 'applicant-duplicate-dismiss', userId, applicantId, otherId, now);
    }),

    /**
     * Undoes the pair's merge within DUPLICATE_UNDO_DAYS of it (anyone may: it is the person's
     * record, not the recruiter's); the two are suggested again if they still share a key.
     */
    undoMerge: decision(async (trx, applicantId, otherId, userId, now) => {
      const merged = await decisionOf(trx, applicantId, otherId);
      if (merged?.decision !== 'merged') {
        const linked = await samePerson(trx, applicantId, otherId, now);
        throw new HttpProblem(409, linked ? refusals.viaOther : refusals.notMerged);
      }
      const until = merged.undoUntil === null ? null : toIso(merged.undoUntil);
      if (until === null || now.getTime() > Date.parse(until)) {
        throw new HttpProblem(409, refusals.tooLate(until ?? now.toISOString()));
      }
      await trx.deleteFrom('duplicateDecisions').where('id', '=', merged.id).execute();
      await audit(trx, 'applicant-merge-undo', userId, applicantId, otherId, now);
    }),
  };
}
