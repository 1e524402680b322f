import { z } from './zod-setup';
import type { FieldError } from './problem';
import type { AnswerValue } from './questions';

/**
 * The site's own apply form as a page of its own (docs/careers.md, "Applying without
 * scripts"): a plain HTML form posted as `multipart/form-data` to the page's own path. Its
 * field names are the house's camelCase; an answer is `answers[<key>]` (repeated for a
 * multi_select), the place is `locationIndex`, the file `resume`.
 */
export const applyFormFieldNames = {
  /** The XSRF token, matched to the XSRF cookie (a form cannot send a header). */
  xsrf: 'xsrfToken',
  /** The submit button that shows the chosen country's states instead of applying. */
  showStates: 'showStates',
  resume: 'resume',
  locationIndex: 'locationIndex',
} as const;

/**
 * The apply dialog's post: the same multipart form (the same names and rules, without the
 * `xsrfToken` field: the API client echoes the token in its header), answered in JSON in the
 * house's names: `applicationAcceptedSchema`, or problem details naming each field as the form
 * does (docs/api.md).
 */
export const APPLY_API_PATH = '/openings/:id/applications';
export const applyApiPath = (jobId: number) => `/openings/${jobId}/applications`;

/** An application stored (201) or found stored already (200), in the house's names. */
export const applicationAcceptedSchema = z.object({
  applicantId: z.number().int(),
  message: z.string(),
  /**
   * With `SELF_ID=us` only: the one-time token of the voluntary self-identification form
   * (docs/api.md); absent otherwise.
   */
  selfIdToken: z.string().optional(),
});
export type ApplicationAccepted = z.infer<typeof applicationAcceptedSchema>;

/** The text fields of the form, in the house's names (each as typed). */
export const applyFormTextFields = [
  'firstName',
  'lastName',
  'mobileNumber',
  'countryId',
  'stateId',
  'city',
  'email',
  'experience',
  'referredBy',
] as const;
export type ApplyFormTextField = (typeof applyFormTextFields)[number];

/** The form field of an answer to the question `key`. */
export const answerFieldName = (key: string) => `answers[${key}]`;

/** The question key of an `answers[<key>]` field name, or undefined for any other name. */
export function answerKeyOf(name: string): string | undefined {
  return /^answers\[([a-z][a-z0-9_]{0,39})\]$/.exec(name)?.[1];
}

/** What the visitor typed, kept when the form comes back (every value but the file). */
export interface ApplyFormValues {
  fields: Record<ApplyFormTextField, string>;
  answers: Record<string, AnswerValue>;
  locationIndex: string;
}

export const emptyApplyFormValues = (): ApplyFormValues => ({
  fields: Object.fromEntries(applyFormTextFields.map((name) => [name, ''])) as Record<
    ApplyFormTextField,
    string
  >,
  answers: {},
  locationIndex: '',
});

export interface ApplyFormOption {
  value: number;
  label: string;
}

/** The apply page's state as the server renders it (its page data). */
export interface ApplyPageState {
  xsrfToken: string;
  values: ApplyFormValues;
  /** Every failing rule, in the contract's order, in the house's field names. */
  errors: FieldError[];
  countries: ApplyFormOption[];
  /** The states of the chosen country (none until one is chosen and shown). */
  states: ApplyFormOption[];
  experience: ApplyFormOption[];
  /** The name of the file sent last time: a browser cannot keep it, so it is asked again. */
  resumeName: string | null;
  /** The states of the chosen country were just shown (no application was judged). */
  statesShown: boolean;
  /** A refusal of the whole post (413, 429, 503, 403): what happened, in a sentence. */
  problem: { status: number; message: string } | null;
}
