// A candidate a recruiter adds by hand to an opening (docs/recruiters.md, "Adding a candidate").
import { z } from './zod-setup';

/**
 * POST the opening's applicants as multipart/form-data, in the apply form's names
 * (apply-form.ts: the applicant's fields, `locationIndex`, the `resume` file) and these three.
 * Answered as the apply dialog's post is: 201 with the new applicant, 200 with the stored one
 * for the same application sent again (nothing stored), or problem details naming each field.
 */
export const JOB_APPLICANTS_PATH = '/recruiters/jobs/:id/applicants';

/** The console form's own fields, besides the apply form's. */
export const addCandidateFieldNames = {
  /** The named source the candidate came through (Sources: a referral, an agency…). */
  sourceId: 'sourceId',
  /** Free text kept as the recruiter's note on the applicant ("Referred by Priya…"). */
  note: 'note',
  /** `yes`: queue the candidate the confirmation e-mail an application gets; else none. */
  sendConfirmation: 'sendConfirmation',
} as const;

/** The longest note the form takes (a note written on the applicant's page takes more). */
export const ADD_CANDIDATE_NOTE_MAX = 2000;

export const addCandidateMessages = {
  chooseSource: 'Please choose where the candidate came from.',
} as const;

export const candidateAddedSchema = z.object({
  applicantId: z.number().int(),
  message: z.string(),
  /** True: the same application was stored already (the same answer as applying twice). */
  duplicate: z.boolean(),
});
export type CandidateAdded = z.infer<typeof candidateAddedSchema>;
