// The pipeline's column pieces: an applicant's current stage and rejection reason in SQL, the
// list's order terms, and reading a row's stage and arrival back.
import { sql, type Expression, type ExpressionBuilder } from 'kysely';
import type { ApplicantStage, Arrival } from '@lumenfield/contract';
import {
  APPLICANT_STAGES,
  applicantStageSchema,
  arrivalSchema,
  INITIAL_STAGE,
  sourceVias,
  type SourceVia,
} from '@lumenfield/contract';
import type { Database } from '../../db/database';

type From = ExpressionBuilder<Database, 'applicants'>;

/** One term of the applicants list's order: what is compared (of the applicant), and which way. */
export type OrderTerm = [(eb: From) => Expression<unknown>, 'asc' | 'desc'];
/** A query or a window's `over`: what can be put in the list's order. */
export interface Orderable<T> {
  orderBy(term: OrderTerm[0], direction: OrderTerm[1]): T;
}

/**
 * The applicant's current stage: stored on the applicant (`current_stage`, New until their first
 * stage row), set with each row of their history by pipelineRecords' setStage.
 */
export const currentStage = (eb: From) => eb.ref('applicants.currentStage');

/** The label of the reason given with the applicant's latest stage row (messages' reasons). */
export const currentRejectionReason = (eb: From) =>
  eb
    .selectFrom('applicantStages')
    .innerJoin('rejectionReasons', 'rejectionReasons.id', 'applicantStages.rejectionReasonId')
    .select('rejectionReasons.label')
    .where(
      'applicantStages.id',
      '=',
      eb
        .selectFrom('applicantStages as latest')
        .select((inner) => inner.fn.max('latest.id').as('id'))
        .whereRef('latest.applicantId', '=', 'applicants.id'),
    );

export const isVia = (value: string | null): value is SourceVia =>
  (sourceVias as readonly (string | null)[]).includes(value);

/** The raw values kept with an application (JSON); what no longer parses reads as none. */
export function arrivalOf(text: string | null): Arrival {
  if (text === null) return {};
  try {
    return arrivalSchema.catch({}).parse(JSON.parse(text));
  } catch {
    return {};
  }
}

/** A stage's place in the stage model's order (New first), for sorting by stage. */
export const stageRank = (eb: From) =>
  sql<number>`case ${currentStage(eb)} ${sql.join(
    APPLICANT_STAGES.map((stage, index) => sql`when ${sql.lit(stage)} then ${sql.lit(index)}`),
    sql` `,
  )} end`;

export const asStage = (value: string): ApplicantStage =>
  applicantStageSchema.catch(INITIAL_STAGE).parse(value);
