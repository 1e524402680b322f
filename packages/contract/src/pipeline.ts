import { z } from './zod-setup';

/**
 * The pipeline's stages and the moves between them: the one owner of both (the server refuses
 * a move this refuses, the console offers only what it allows). Why these moves:
 * docs/recruiters.md, "Stages and moves".
 */
export const applicantStageSchema = z.enum([
  'New',
  'Screening',
  'Interview',
  'Offer',
  'Hired',
  'Rejected',
  'Withdrawn',
]);
export type ApplicantStage = z.infer<typeof applicantStageSchema>;
/** In the console's order. */
export const APPLICANT_STAGES = applicantStageSchema.options;

/** Where every applicant starts: their arrival, by their own hand. */
export const INITIAL_STAGE: ApplicantStage = 'New';
/** The stage that comes right before Hired. */
const OFFER: ApplicantStage = 'Offer';
/** Where an application ends; every other stage is open. */
const CLOSED_STAGES: readonly ApplicantStage[] = ['Hired', 'Rejected', 'Withdrawn'];
/** The stage only the applicant reaches, from their own status page (`withdrawalRefusal`). */
export const WITHDRAWN: ApplicantStage = 'Withdrawn';
/** The stages an applicant may still withdraw from: open, and before an offer is made. */
const WITHDRAWABLE: readonly ApplicantStage[] = ['New', 'Screening', 'Interview'];

export const isOpenStage = (stage: ApplicantStage) => !CLOSED_STAGES.includes(stage);

/**
 * Why `from` -> `to` is not allowed, as a sentence for the recruiter; undefined when it is.
 * Open stages move freely among themselves and to Rejected; Hired only from Offer; a hired or
 * rejected applicant can be reopened in any open stage (a mistake is corrected in one move).
 */
export function stageMoveRefusal(from: ApplicantStage, to: ApplicantStage): string | undefined {
  if (from === to) return `The applicant is already in ${to}.`;
  if (to === WITHDRAWN) return 'Only the applicant can withdraw an application.';
  if (to === 'Hired' && from !== OFFER) {
    return `Only an applicant in ${OFFER} can be hired; this one is in ${from}.`;
  }
  if (!isOpenStage(from) && !isOpenStage(to)) {
    return `A ${from.toLowerCase()} applicant is moved back to an open stage first.`;
  }
  return undefined;
}

export const canMove = (from: ApplicantStage, to: ApplicantStage) =>
  stageMoveRefusal(from, to) === undefined;

/** The stages an applicant in `from` may be moved to, in the console's order. */
export const allowedMoves = (from: ApplicantStage) =>
  APPLICANT_STAGES.filter((to) => canMove(from, to));

/**
 * The stages the console lists for an applicant in `current`: every stage but Withdrawn, which
 * is listed only for an applicant who withdrew (no recruiter's move reaches it).
 */
export const consoleStageChoices = (current: ApplicantStage) =>
  APPLICANT_STAGES.filter((stage) => stage !== WITHDRAWN || current === WITHDRAWN);

/** Why the applicant cannot withdraw from `stage`, in their words; undefined when they can. */
export function withdrawalRefusal(stage: ApplicantStage): string | undefined {
  if (WITHDRAWABLE.includes(stage)) return undefined;
  if (stage === WITHDRAWN) return 'You have withdrawn this application already.';
  if (stage === OFFER) {
    return 'An offer has been made, so please answer it by replying to the recruiter instead.';
  }
  return 'This application is closed, so there is nothing to withdraw.';
}

/**
 * A stage in the applicant's own words, as their status page shows it (docs/careers.md "Your
 * application's own page").
 */
export const applicantStatusSchema = z.enum([
  'Received',
  'In review',
  'Interviewing',
  'Offer',
  'Hired',
  'Closed',
]);
export type ApplicantStatus = z.infer<typeof applicantStatusSchema>;

const STATUS_OF: Record<ApplicantStage, ApplicantStatus> = {
  New: 'Received',
  Screening: 'In review',
  Interview: 'Interviewing',
  Offer: 'Offer',
  Hired: 'Hired',
  Rejected: 'Closed',
  Withdrawn: 'Closed',
};

/** The applicant's words for a stage: a rejection and a withdrawal both read Closed. */
export const applicantStatusOf = (stage: ApplicantStage): ApplicantStatus => STATUS_OF[stage];
