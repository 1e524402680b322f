import crypto from 'node:crypto';
import {
  SELF_ID_MIN_COUNT,
  SELF_ID_TOKEN_HOURS,
  selfIdAnswersSchema,
  selfIdQuestions,
  type SelfIdAnswers,
  type SelfIdReport,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { changeApplicants, changeFoundApplicants } from '../../db/write-transaction';

/**
 * Voluntary self-identification (docs/careers.md, docs/security.md): the only code that reads
 * or writes `self_identifications` and `self_id_tokens`, besides erasure, which deletes their
 * rows with the applicant. It answers counts only, never a person's answers.
 */

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * The cells of one question of one opening, each a count or `null` (not shown). A count below
 * SELF_ID_MIN_COUNT is never shown; when exactly one is hidden, the smallest shown one is hidden
 * too, so the hidden one cannot be had by taking the others from a total (an opening's answers
 * to another question add up to how many answered).
 */
export function suppressSmallCounts(counts: readonly number[]): (number | null)[] {
  const hidden = counts.map((count) => count < SELF_ID_MIN_COUNT);
  if (hidden.filter(Boolean).length === 1) {
    let smallest = -1;
    counts.forEach((count, i) => {
      if (!hidden[i] && (smallest < 0 || count < counts[smallest]!)) smallest = i;
    });
    if (smallest >= 0) hidden[smallest] = true;
  }
  return counts.map((count, i) => (hidden[i] ? null : count));
}

export type SelfIdSubmitResult = 'stored' | 'refused';

export function selfIdRepository(db: Db) {
  return {
    /**
     * A new one-time token for this applicant's form: the secret is answered once; only its
     * SHA-256 is kept, valid SELF_ID_TOKEN_HOURS and usable once.
     */
    async issue(applicantId: number, jobId: number, now: Date): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await changeApplicants(db, [applicantId], (trx) =>
        trx
          .insertInto('selfIdTokens')
          .values({
            tokenHash: hashToken(token),
            applicantId,
            jobId,
            expiresAt: new Date(now.getTime() + SELF_ID_TOKEN_HOURS * 3_600_000).toISOString(),
            usedAt: null,
          })
          .execute(),
      );
      return token;
    },

    /**
     * Stores the answers of the token's applicant, once: the token is spent in the same
     * transaction. An unknown, used or expired token, or an applicant who answered already
     * (with another token of a repeated application), is refused and nothing is stored.
     */
    async submit(token: string, answers: SelfIdAnswers, now: Date): Promise<SelfIdSubmitResult> {
      const at = now.toISOString();
      // The applicant's own write: under their lock, so it never lands on an erased one.
      const applicantOf = async (reader: Db) =>
        (
          await reader
            .selectFrom('selfIdTokens')
            .select('applicantId')
            .where('tokenHash', '=', hashToken(token))
            .executeTakeFirst()
        )?.applicantId;
      return changeFoundApplicants(
        db,
        async (reader) => {
          const applicantId = await applicantOf(reader);
          return applicantId === undefined ? [] : [applicantId];
        },
        async (trx) => {
          const spent = await trx
            .updateTable('selfIdTokens')
            .set({ usedAt: at })
            .where('tokenHash', '=', hashToken(token))
            .where('usedAt', 'is', null)
            .where('expiresAt', '>', at)
            .returning(['applicantId', 'jobId'])
            .executeTakeFirst();
          if (!spent) return 'refused';
          const stored = await trx
            .insertInto('selfIdentifications')
            .values({
              applicantId: spent.applicantId,
              jobId: spent.jobId,
              answers: JSON.stringify(answers),
              createdAt: at,
            })
            .onConflict((oc) => oc.column('applicantId').doNothing())
            .returning('id')
            .executeTakeFirst();
          return stored ? 'stored' : 'refused';
        },
      );
    },

    /**
     * Counts per opening per answer, for the compliance role (docs/recruiters.md): every answer
     * of every question is listed, so a missing line reveals nothing, and small counts are
     * hidden (suppressSmallCounts). No total is answered.
     */
    async report(): Promise<SelfIdReport> {
      const rows = await db
        .selectFrom('selfIdentifications')
        .innerJoin('jobs', 'jobs.id', 'selfIdentifications.jobId')
        .select([
          'selfIdentifications.jobId as jobId',
          'jobs.code as jobCode',
          'jobs.title as jobTitle',
          'selfIdentifications.answers as answers',
        ])
        .orderBy('jobs.title')
        .orderBy('selfIdentifications.jobId')
        .execute();
      const byJob = new Map<
        number,
        { jobCode: string; jobTitle: string; answers: SelfIdAnswers[] }
      >();
      for (const row of rows) {
        const parsed = selfIdAnswersSchema.safeParse(JSON.parse(row.answers));
        if (!parsed.success) continue;
        const entry = byJob.get(row.jobId) ?? {
          jobCode: row.jobCode,
          jobTitle: row.jobTitle,
          answers: [],
        };
        entry.answers.push(parsed.data);
        byJob.set(row.jobId, entry);
      }
      return {
        minimumCount: SELF_ID_MIN_COUNT,
        openings: [...byJob].map(([jobId, { jobCode, jobTitle, answers }]) => ({
          jobId,
          jobCode,
          jobTitle,
          questions: selfIdQuestions.map((question) => {
            const counts = question.options.map(
              (option) =>
                answers.filter((answer) => {
                  const given = answer[question.key];
                  return Array.isArray(given)
                    ? given.includes(option.value)
                    : given === option.value;
                }).length,
            );
            const shown = suppressSmallCounts(counts);
            return {
              key: question.key,
              legend: question.legend,
              answers: question.options.map((option, i) => ({
                value: option.value,
                label: option.label,
                count: shown[i] ?? null,
              })),
            };
          }),
        })),
      };
    },
  };
}
