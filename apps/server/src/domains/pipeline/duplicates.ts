import {
  applicantStageSchema,
  INITIAL_STAGE,
  type DuplicateMatch,
  type OtherApplications,
  type PossibleDuplicate,
  type SamePersonApplication,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { currentStage } from './pipeline-columns';

const MATCH_ORDER: readonly DuplicateMatch[] = ['email', 'phone', 'resume'];

/** Ids per statement, well below either engine's limit of bound values. */
const CHUNK = 500;

/** Two applications that share a key: `applicantId` among those asked about. */
interface KeyPair {
  applicantId: number;
  otherId: number;
  by: DuplicateMatch;
}

/** A pair's stored decision, the lower id first. */
interface Decision {
  applicantId: number;
  otherId: number;
  decision: string;
  decidedAt: string;
  decidedBy: string | null;
  undoUntil: string | null;
}

export const ordered = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);
const pairKey = (a: number, b: number) => ordered(a, b).join(':');

/**
 * Duplicates (docs/recruiters.md, "Duplicates"): the applications that share a key with another
 * (the e-mail address normalised, the mobile number in E.164, the resume's SHA-256: computed when
 * the application was stored, applicantsRepository.create), and the recruiters' decisions about
 * pairs of them. Merged pairs link applications into one person (every application reachable
 * through merges); a dismissed pair is no longer suggested. duplicateDecisions is read here and
 * written in duplicate-changes.ts; erasure deletes its rows by table.
 */
export function duplicatesRepository(db: Db) {
  /** Every pair of applications sharing a key with one of `ids`, by which key. */
  const keyPairs = async (ids: readonly number[]): Promise<KeyPair[]> => {
    if (ids.length === 0) return [];
    const [email, phone, resume] = await Promise.all([
      db
        .selectFrom('applicants as a')
        .innerJoin('applicants as o', 'o.emailKey', 'a.emailKey')
        .select(['a.id as applicantId', 'o.id as otherId'])
        .where('a.id', 'in', ids)
        .whereRef('o.id', '<>', 'a.id')
        .execute(),
      db
        .selectFrom('applicants as a')
        .innerJoin('applicants as o', 'o.phoneE164', 'a.phoneE164')
        .select(['a.id as applicantId', 'o.id as otherId'])
        .where('a.id', 'in', ids)
        .whereRef('o.id', '<>', 'a.id')
        .execute(),
      db
        .selectFrom('attachments as a')
        .innerJoin('attachments as o', 'o.sha256', 'a.sha256')
        .select(['a.applicantId as applicantId', 'o.applicantId as otherId'])
        .where('a.applicantId', 'in', ids)
        .whereRef('o.applicantId', '<>', 'a.applicantId')
        // Resumes alike, not a file that came with a reply.
        .where('a.replyId', 'is', null)
        .where('o.replyId', 'is', null)
        .execute(),
    ]);
    return [
      ...email.map((row) => ({ ...row, by: 'email' as const })),
      ...phone.map((row) => ({ ...row, by: 'phone' as const })),
      ...resume.map((row) => ({ ...row, by: 'resume' as const })),
    ];
  };

  /** The decisions about pairs with one of `ids` in them. */
  const decisionsOf = async (ids: readonly number[]): Promise<Decision[]> => {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('duplicateDecisions as d')
      .leftJoin('users', 'users.id', 'd.decidedByUserId')
      .select([
        'd.applicantId',
        'd.otherId',
        'd.decision',
        'd.decidedAt',
        'd.undoUntil',
        'users.name as decidedBy',
      ])
      .where((eb) => eb.or([eb('d.applicantId', 'in', ids), eb('d.otherId', 'in', ids)]))
      .execute();
    return rows.map((row) => ({
      ...row,
      decidedAt: toIso(row.decidedAt),
      undoUntil: row.undoUntil === null ? null : toIso(row.undoUntil),
    }));
  };

  /**
   * Each of `ids` with the applications it is one person with (itself included): merges
   * followed until no new application comes.
   */
  const peopleOf = async (ids: readonly number[]): Promise<Map<number, Set<number>>> => {
    const links = new Map<number, Set<number>>();
    const link = (a: number, b: number) => {
      links.set(a, (links.get(a) ?? new Set()).add(b));
      links.set(b, (links.get(b) ?? new Set()).add(a));
    };
    const seen = new Set<number>(ids);
    let frontier = [...seen];
    while (frontier.length > 0) {
      const merged = (await decisionsOf(frontier)).filter((d) => d.decision === 'merged');
      const next: number[] = [];
      for (const { applicantId, otherId } of merged) {
        link(applicantId, otherId);
        for (const id of [applicantId, otherId]) {
          if (!seen.has(id)) {
            seen.add(id);
            next.push(id);
          }
        }
      }
      frontier = next;
    }
    const people = new Map<number, Set<number>>();
    for (const id of ids) {
      const person = new Set([id]);
      const queue = [id];
      while (queue.length > 0) {
        for (const other of links.get(queue.pop()!) ?? []) {
          if (!person.has(other)) {
            person.add(other);
            queue.push(other);
          }
        }
      }
      people.set(id, person);
    }
    return people;
  };

  /** For each of `ids`: the applications suggested as the same person's, with their keys. */
  const suggestions = async (ids: readonly number[]) => {
    const [pairs, decisions, people] = await Promise.all([
      keyPairs(ids),
      decisionsOf(ids),
      peopleOf(ids),
    ]);
    const decided = new Set(decisions.map((d) => pairKey(d.applicantId, d.otherId)));
    const open = new Map<number, Map<number, Set<DuplicateMatch>>>();
    for (const { applicantId, otherId, by } of pairs) {
      if (decided.has(pairKey(applicantId, otherId))) continue;
      if (people.get(applicantId)?.has(otherId)) continue;
      const others = open.get(applicantId) ?? new Map<number, Set<DuplicateMatch>>();
      others.set(otherId, (others.get(otherId) ?? new Set()).add(by));
      open.set(applicantId, others);
    }
    return { open, decisions, people };
  };

  /** The applications as the page lists them (opening, date, stage), newest first. */
  const applications = async (ids: readonly number[]) => {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('applicants')
      .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
      .select((eb) => [
        'applicants.id as applicantId',
        'applicants.firstName',
        'applicants.lastName',
        'applicants.appliedOn',
        'applicants.jobId',
        'jobs.code as jobCode',
        'jobs.title as jobTitle',
        currentStage(eb).as('stage'),
      ])
      .where('applicants.id', 'in', ids)
      .orderBy('applicants.appliedOn', 'desc')
      .orderBy('applicants.id', 'desc')
      .execute();
    return rows.map((row) => ({
      ...row,
      appliedOn: toIso(row.appliedOn),
      stage: applicantStageSchema.catch(INITIAL_STAGE).parse(String(row.stage)),
    }));
  };

  return {
    /**
     * What an applicant's page shows: the applications that look like the same person's and
     * no one has decided about, with what each matched by; and the same person's other
     * applications (merged), each merged directly with this one saying when, by whom, and until
     * when it can be undone (null once `now` is past that).
     */
    async of(
      applicantId: number,
      now: Date,
    ): Promise<{ possibleDuplicates: PossibleDuplicate[]; alsoApplied: SamePersonApplication[] }> {
      const { open, decisions, people } = await suggestions([applicantId]);
      const suggested = open.get(applicantId) ?? new Map<number, Set<DuplicateMatch>>();
      const person = [...(people.get(applicantId) ?? [])].filter((id) => id !== applicantId);
      const [possible, same] = await Promise.all([
        applications([...suggested.keys()]),
        applications(person),
      ]);
      const direct = new Map(
        decisions
          .filter((d) => d.decision === 'merged')
          .map((d) => [d.applicantId === applicantId ? d.otherId : d.applicantId, d]),
      );
      return {
        possibleDuplicates: possible.map((application) => ({
          ...application,
          matchedBy: MATCH_ORDER.filter((by) => suggested.get(application.applicantId)?.has(by)),
        })),
        alsoApplied: same.map((application) => {
          const merge = direct.get(application.applicantId);
          const undoable = merge?.undoUntil && Date.parse(merge.undoUntil) >= now.getTime();
          return {
            ...application,
            mergedOn: merge?.decidedAt ?? null,
            mergedBy: merge ? (merge.decidedBy ?? 'Someone no longer here') : null,
            undoUntil: undoable ? merge.undoUntil : null,
          };
        }),
      };
    },

    /**
     * For each of `ids` (an opening's applicants, for the bearer API), the other applications
     * suggested as the same person's with what they matched by, and the same person's (merged):
     * ids and openings only, a chunk of ids at a time.
     */
    async othersOf(ids: readonly number[]): Promise<Map<number, OtherApplications>> {
      const answer = new Map<number, OtherApplications>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        const { open, people } = await suggestions(chunk);
        const others = new Set<number>();
        for (const id of chunk) {
          for (const other of open.get(id)?.keys() ?? []) others.add(other);
          for (const other of people.get(id) ?? []) others.add(other);
        }
        const jobs = new Map<number, number>();
        const list = [...others];
        for (let j = 0; j < list.length; j += CHUNK) {
          const rows = await db
            .selectFrom('applicants')
            .select(['id', 'jobId'])
            .where('id', 'in', list.slice(j, j + CHUNK))
            .execute();
          for (const row of rows) jobs.set(row.id, row.jobId);
        }
        const jobOf = (applicantId: number) =>
          jobs.has(applicantId) ? [{ applicantId, jobId: jobs.get(applicantId)! }] : [];
        for (const id of chunk) {
          answer.set(id, {
            possibleDuplicates: [...(open.get(id) ?? [])].flatMap(([other, by]) =>
              jobOf(other).map((o) => ({ ...o, matchedBy: MATCH_ORDER.filter((m) => by.has(m)) })),
            ),
            samePerson: [...(people.get(id) ?? [])].filter((o) => o !== id).flatMap(jobOf),
          });
        }
      }
      return answer;
    },

    /** Which of `ids` (a list's page) have applications suggested as the same person's. */
    async flagged(ids: readonly number[]): Promise<Set<number>> {
      const { open } = await suggestions(ids);
      return new Set([...open].filter(([, others]) => others.size > 0).map(([id]) => id));
    },
  };
}

export type DuplicatesRepository = ReturnType<typeof duplicatesRepository>;
