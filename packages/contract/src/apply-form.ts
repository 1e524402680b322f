import { parseWithZod } from '@conform-to/zod/v4';
import { z } from './zod-setup';
import { applicationInputSchema } from './application';
import { remoteChoiceCountry } from './places';
import type { FieldError } from './problem';
import type { AnswerValue } from './questions';

/**
 * The site's own apply form as a page of its own (docs/careers.md, "Applying without
 * scripts"): a plain HTML form posted as `multipart/form-data` to the page's own path. Its
 * field names are the house's camelCase; an answer is `answers[<key>]` (repeated for a
 * multi_select), the place is `locationIndex` (a place's index, or a remote country as
 * "remote-PL": places.ts, remoteChoiceValue), the file `resume`.
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

type InputShape = Omit<typeof applicationInputSchema.shape, 'answers'>;
/** A text the rules judge (required by the schema) is '' when left empty, so its rule answers. */
type FormFieldSchema<T> = T extends z.ZodString ? z.ZodDefault<T> : T;

/**
 * The apply form's one schema, for both its posts (the page without scripts and the dialog send
 * the same multipart names): every field of `applicationInputSchema` but the answers, which are
 * named per question (`answers[<key>]`) and judged by the opening's questions. Derived, so a
 * field added to the application is a field of the form, read and length-checked on every path.
 */
export const applyFormSchema = z.object(
  Object.fromEntries(
    Object.entries(applicationInputSchema.omit({ answers: true }).shape).map(([name, field]) => [
      name,
      field instanceof z.ZodString ? field.default('') : field,
    ]),
  ) as { [K in keyof InputShape]: FormFieldSchema<InputShape[K]> },
);
export type ApplyFormData = z.output<typeof applyFormSchema>;
export type ApplyFormField = keyof typeof applyFormSchema.shape;

/** The form's own field names, in the schema's order. */
export const applyFormFields = Object.keys(applyFormSchema.shape) as ApplyFormField[];

export const isApplyFormField = (name: string): name is ApplyFormField =>
  Object.hasOwn(applyFormSchema.shape, name);

/** The sentence of a value longer than its field takes. */
export const TOO_LONG_MESSAGE = 'This is longer than we can take. Please shorten it.';

// The contract is typed without the DOM's and Node's libraries; both have this class.
declare const URLSearchParams: new () => Parameters<typeof parseWithZod>[0] & {
  append(name: string, value: string): void;
};

/**
 * The form's fields as posted (each field's text by its name) read by the one schema with
 * Conform (@conform-to/zod, as a form's submission: a number from its digits, an empty field
 * unset). The server reads both posts with it, and the dialog its draft before sending; a value
 * the schema refuses (past its length, a number that is none) is named with its sentence.
 */
export function readApplyForm(
  text: Partial<Record<ApplyFormField, string>>,
): { success: true; data: ApplyFormData } | { success: false; errors: FieldError[] } {
  const posted = new URLSearchParams();
  // A remote country chosen in the places' one radio group is the application's remoteCountry.
  const remote =
    text.locationIndex === undefined ? undefined : remoteChoiceCountry(text.locationIndex);
  const fields = remote ? { ...text, locationIndex: undefined, remoteCountry: remote } : text;
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) posted.append(name, value);
  const submission = parseWithZod(posted, {
    schema: applyFormSchema,
    error: (issue) => (issue.code === 'too_big' ? TOO_LONG_MESSAGE : undefined),
  });
  if (submission.status === 'success') return { success: true, data: submission.value };
  return {
    success: false,
    errors: Object.entries(submission.error ?? {}).flatMap(([field, messages]) =>
      (messages ?? []).map((message) => ({ field: field || 'form', message })),
    ),
  };
}

/** The form field of an answer to the question `key`. */
export const answerFieldName = (key: string) => `answers[${key}]`;

/** The question key of an `answers[<key>]` field name, or undefined for any other name. */
export function answerKeyOf(name: string): string | undefined {
  return /^answers\[([a-z][a-z0-9_]{0,39})\]$/.exec(name)?.[1];
}

/** What the visitor typed, kept when the form comes back (every value but the file). */
export interface ApplyFormValues {
  fields: Record<ApplyFormField, string>;
  answers: Record<string, AnswerValue>;
}

/** Every field of the form empty. */
export const emptyApplyFormText = () =>
  Object.fromEntries(applyFormFields.map((name) => [name, ''])) as Record<ApplyFormField, string>;

export const emptyApplyFormValues = (): ApplyFormValues => ({
  fields: emptyApplyFormText(),
  answers: {},
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
