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

/** What the rules, the reports and the applicant's page know of a stage. */
export interface StageTraits {
  /** The application is still in progress: the applicant waits here (time in stage counts it). */
  open: boolean;
  /** On the path pass-through counts along, in the console's order; off it, a path ends. */
  funnel: boolean;
  /** The applicant may still withdraw from it (until an offer is made). */
  withdrawable: boolean;
  /** The stage in the applicant's words: a rejection and a withdrawal both read Closed. */
  status: ApplicantStatus;
}

/**
 * Every stage's traits: the one table the stage lists below are computed from, so a new stage
 * fails to compile until it says where it belongs.
 */
export const STAGE_TRAITS = {
  New: { open: true, funnel: true, withdrawable: true, status: 'Received' },
  Screening: { open: true, funnel: true, withdrawable: true, status: 'In review' },
  Interview: { open: true, funnel: true, withdrawable: true, status: 'Interviewing' },
  Offer: { open: true, funnel: true, withdrawable: false, status: 'Offer' },
  Hired: { open: false, funnel: true, withdrawable: false, status: 'Hired' },
  Rejected: { open: false, funnel: false, withdrawable: false, status: 'Closed' },
  Withdrawn: { open: false, funnel: false, withdrawable: false, status: 'Closed' },
} satisfies Record<ApplicantStage, StageTraits>;

/**
 * The stage lists of a model, each in `stages`' order: generic so a test can add a stage to
 * the model and see it reach every list.
 */
export function stageLists<S extends string>(
  stages: readonly S[],
  traits: Readonly<Record<S, StageTraits>>,
) {
  const where = (trait: 'open' | 'funnel' | 'withdrawable') =>
    stages.filter((stage) => traits[stage][trait]);
  return { open: where('open'), funnel: where('funnel'), withdrawable: where('withdrawable') };
}

/** The model's lists: see stageLists. */
export const STAGE_LISTS = stageLists(APPLICANT_STAGES, STAGE_TRAITS);

/** Where every applicant starts: their arrival, by their own hand. */
export const INITIAL_STAGE: ApplicantStage = 'New';
/** The stage that comes right before Hired. */
const OFFER: ApplicantStage = 'Offer';
/** The stage only the applicant reaches, from their own status page (`withdrawalRefusal`). */
export const WITHDRAWN: ApplicantStage = 'Withdrawn';

/** Whether an application in `stage` is still in progress (Hired, Rejected, Withdrawn end it). */
export const isOpenStage = (stage: ApplicantStage) => STAGE_TRAITS[stage].open;

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
  if (STAGE_TRAITS[stage].withdrawable) return undefined;
  if (stage === WITHDRAWN) return 'You have withdrawn this application already.';
  if (stage === OFFER) {
    return 'An offer has been made, so please answer it by replying to the recruiter instead.';
  }
  return 'This application is closed, so there is nothing to withdraw.';
}

/** The applicant's words for a stage: a rejection and a withdrawal both read Closed. */
export const applicantStatusOf = (stage: ApplicantStage): ApplicantStatus =>
  STAGE_TRAITS[stage].status;
