import {
  NO_OPINION,
  recommendations,
  scorecardSchema,
  submitRefusal,
  type ApplicantScorecards,
  type AttributeRating,
  type Scorecard,
  type ScorecardInput,
  type ScorecardPage,
} from '@lumenfield/contract';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { selectInterviewsWithPlan } from '../../db/interviews-with-plan';
import { jsonColumn } from '../../db/json-column';
import { changeApplicants } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { auditRepository } from '../audit/audit-repository';

const strings = z.array(z.string());
const storedRatings = z.array(scorecardSchema.shape.ratings.element);

const noInterview = (id: number) => new HttpProblem(404, `There is no interview ${id}.`);

interface ScorecardRow {
  userId: number;
  name: string;
  ratings: string;
  notes: string | null;
  recommendation: string | null;
  updatedAt: Date | string;
  submittedAt: Date | string | null;
}

/**
 * The attributes of the kit in its order, each with what the card says of it (unrated when it
 * says nothing); ratings of attributes the kit no longer names stay, after them, so nothing an
 * interviewer wrote is lost when the plan changes.
 */
export function ratingsForKit(
  kit: readonly string[],
  stored: readonly AttributeRating[],
): AttributeRating[] {
  const byName = new Map(stored.map((rating) => [rating.attribute, rating]));
  return [
    ...kit.map((attribute) => byName.get(attribute) ?? { attribute, rating: null, notes: '' }),
    ...stored.filter((rating) => !kit.includes(rating.attribute)),
  ];
}

const recommendationOf = (text: string | null) =>
  (recommendations as readonly string[]).includes(text ?? '')
    ? (text as Scorecard['recommendation'])
    : null;

function toScorecard(row: ScorecardRow, kit: readonly string[]): Scorecard {
  return {
    interviewer: { userId: row.userId, name: row.name },
    ratings: ratingsForKit(kit, jsonColumn(storedRatings, row.ratings, [])),
    notes: row.notes ?? '',
    recommendation: recommendationOf(row.recommendation),
    updatedAt: toIso(row.updatedAt),
    submittedAt: row.submittedAt === null ? null : toIso(row.submittedAt),
  };
}

const blank = (userId: number, name: string, kit: readonly string[]): Scorecard => ({
  interviewer: { userId, name },
  ratings: ratingsForKit(kit, []),
  notes: '',
  recommendation: null,
  updatedAt: null,
  submittedAt: null,
});

/**
 * Scorecards (docs/recruiters.md, "Scorecards"): the only code that touches their table. Who may
 * reach an interview's applicant is the route's to judge; what a reader sees of the scorecards is
 * judged here, the same for every role: your own card, draft or not; the others' only once
 * submitted, and, when you interview too, only once yours is submitted. Submitting and changing a
 * submitted card are audited in the write's transaction, which holds the applicant's lock.
 */
export function scorecardsRepository(db: Db) {
  const interviewOf = (q: Db, interviewId: number) =>
    selectInterviewsWithPlan(q)
      .innerJoin('applicants', 'applicants.id', 'interviews.applicantId')
      .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
      .select(['applicants.firstName', 'applicants.lastName', 'jobs.title as jobTitle'])
      .where('interviews.id', '=', interviewId)
      .executeTakeFirst();

  const interviewersOf = (q: Db, interviewIds: readonly number[]) =>
    interviewIds.length === 0
      ? Promise.resolve([])
      : q
          .selectFrom('interviewInterviewers')
          .innerJoin('users', 'users.id', 'interviewInterviewers.userId')
          .select(['interviewInterviewers.interviewId', 'users.id as userId', 'users.name'])
          .where('interviewInterviewers.interviewId', 'in', interviewIds)
          .orderBy('users.name')
          .execute();

  const cardsOf = (q: Db, interviewIds: readonly number[]) =>
    interviewIds.length === 0
      ? Promise.resolve([])
      : q
          .selectFrom('scorecards')
          .innerJoin('users', 'users.id', 'scorecards.userId')
          .select([
            'scorecards.interviewId',
            'scorecards.userId',
            'users.name',
            'scorecards.ratings',
            'scorecards.notes',
            'scorecards.recommendation',
            'scorecards.updatedAt',
            'scorecards.submittedAt',
          ])
          .where('scorecards.interviewId', 'in', interviewIds)
          .orderBy('users.name')
          .execute();

  /**
   * What `viewerId` sees of one interview's cards: theirs (when they interview), and the others'
   * submitted ones unless they interview and have not submitted.
   */
  const visible = (
    cards: readonly (ScorecardRow & { interviewId: number })[],
    interviewers: readonly { userId: number; name: string }[],
    kit: readonly string[],
    viewerId: number,
  ) => {
    const me = interviewers.find((person) => person.userId === viewerId);
    const own = cards.find((card) => card.userId === viewerId);
    const mine = me ? (own ? toScorecard(own, kit) : blank(me.userId, me.name, kit)) : null;
    const hidden = mine !== null && mine.submittedAt === null;
    const others = hidden
      ? null
      : cards
          .filter((card) => card.userId !== viewerId && card.submittedAt !== null)
          .map((card) => toScorecard(card, kit));
    return { mine, others };
  };

  return {
    /** The interview with its kit and the cards `viewerId` may see; undefined if none. */
    async page(interviewId: number, viewerId: number): Promise<ScorecardPage | undefined> {
      const interview = await interviewOf(db, interviewId);
      if (!interview) return undefined;
      const kit = jsonColumn(strings, interview.focusAttributes, []);
      const [interviewers, cards] = await Promise.all([
        interviewersOf(db, [interviewId]),
        cardsOf(db, [interviewId]),
      ]);
      return {
        interview: {
          interviewId,
          name: interview.name,
          applicantId: interview.applicantId,
          applicantName: `${interview.firstName} ${interview.lastName}`,
          jobTitle: interview.jobTitle,
          startsAt: interview.startsAt === null ? null : toIso(interview.startsAt),
          timeZone: interview.timeZone,
          durationMinutes: interview.durationMinutes,
          status: interview.status,
        },
        kit: { focusAttributes: kit, questions: jsonColumn(strings, interview.questions, []) },
        ...visible(cards, interviewers, kit, viewerId),
      };
    },

    /** The applicant an interview is with (what the route judges reach by), or undefined. */
    async applicantOf(interviewId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('interviews')
        .select('applicantId')
        .where('id', '=', interviewId)
        .executeTakeFirst();
      return row?.applicantId;
    },

    /**
     * Saves `userId`'s card as typed; `submit` submits it (refused, 400, while an attribute is
     * unrated or no recommendation is chosen). Only an interviewer of a live interview writes.
     */
    async save(
      interviewId: number,
      userId: number,
      input: ScorecardInput,
      now: Date,
    ): Promise<{ submittedAt: string | null }> {
      const applicantId = await this.applicantOf(interviewId);
      if (applicantId === undefined) throw noInterview(interviewId);
      return changeApplicants(db, [applicantId], async (trx) => {
        const interview = await interviewOf(trx, interviewId);
        if (!interview) throw noInterview(interviewId);
        const interviewers = await interviewersOf(trx, [interviewId]);
        if (!interviewers.some((person) => person.userId === userId)) {
          throw new HttpProblem(403, 'Only the interview’s interviewers fill in its scorecard.');
        }
        if (interview.status === 'cancelled') {
          throw new HttpProblem(409, 'This interview was cancelled: it takes no scorecard.');
        }
        const kit = jsonColumn(strings, interview.focusAttributes, []);
        const ratings = ratingsForKit(kit, input.ratings);
        const existing = await trx
          .selectFrom('scorecards')
          .select('submittedAt')
          .where('interviewId', '=', interviewId)
          .where('userId', '=', userId)
          .executeTakeFirst();
        const wasSubmitted = existing?.submittedAt != null;
        if (input.submit || wasSubmitted) {
          const refusal = submitRefusal({ ratings, recommendation: input.recommendation });
          if (refusal) throw new HttpProblem(400, refusal);
        }
        const submittedAt = wasSubmitted
          ? toIso(existing.submittedAt!)
          : input.submit
            ? now.toISOString()
            : null;
        const values = {
          ratings: JSON.stringify(ratings),
          notes: input.notes,
          recommendation: input.recommendation,
          updatedAt: now.toISOString(),
          submittedAt,
        };
        if (existing) {
          await trx
            .updateTable('scorecards')
            .set(values)
            .where('interviewId', '=', interviewId)
            .where('userId', '=', userId)
            .execute();
        } else {
          await trx
            .insertInto('scorecards')
            .values({ interviewId, userId, ...values })
            .execute();
        }
        if (submittedAt !== null) {
          await auditRepository(trx).record(
            {
              actor: { userId },
              action: wasSubmitted ? 'scorecard-update' : 'scorecard-submit',
              target: `interview ${interviewId}`,
              detail: `applicant ${applicantId}; recommendation ${input.recommendation}`,
            },
            now,
          );
        }
        return { submittedAt };
      });
    },

    /**
     * Every interview of the applicant with its interviewers, and the cards `viewerId` may see,
     * summed up: the recommendations counted and each attribute's ratings.
     */
    async applicantSummary(applicantId: number, viewerId: number): Promise<ApplicantScorecards> {
      const interviews = await selectInterviewsWithPlan(db)
        .where('interviews.applicantId', '=', applicantId)
        .orderBy('interviews.startsAt')
        .orderBy('interviews.id')
        .execute();
      const ids = interviews.map((interview) => interview.id);
      const [interviewers, cards] = await Promise.all([interviewersOf(db, ids), cardsOf(db, ids)]);
      const counts = { strong_no: 0, no: 0, yes: 0, strong_yes: 0 };
      const attributes = new Map<string, ApplicantScorecards['attributes'][number]['counts']>();
      const result = interviews.map((interview) => {
        const kit = jsonColumn(strings, interview.focusAttributes, []);
        const people = interviewers.filter((person) => person.interviewId === interview.id);
        const own = cards.filter((card) => card.interviewId === interview.id);
        const { mine, others } = visible(own, people, kit, viewerId);
        const shown = others === null ? null : [...(mine?.submittedAt ? [mine] : []), ...others];
        for (const card of shown ?? []) {
          if (card.recommendation) counts[card.recommendation] += 1;
          for (const rating of card.ratings) {
            if (rating.rating === null) continue;
            const tally = attributes.get(rating.attribute) ?? {
              1: 0,
              2: 0,
              3: 0,
              4: 0,
              [NO_OPINION]: 0,
            };
            tally[rating.rating as keyof typeof tally] += 1;
            attributes.set(rating.attribute, tally);
          }
        }
        return {
          interviewId: interview.id,
          name: interview.name,
          startsAt: interview.startsAt === null ? null : toIso(interview.startsAt),
          status: interview.status,
          interviewers: people.map((person) => ({
            userId: person.userId,
            name: person.name,
            submitted: own.some((card) => card.userId === person.userId && card.submittedAt),
          })),
          scorecards: shown,
        };
      });
      return {
        interviews: result,
        recommendations: counts,
        attributes: [...attributes].map(([attribute, tally]) => ({ attribute, counts: tally })),
      };
    },
  };
}

export type ScorecardsRepository = ReturnType<typeof scorecardsRepository>;
