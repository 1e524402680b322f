import {
  MAX_RESUME_MB,
  RESUME_MIME_TYPES,
  applicationMessages,
  emptyApplyFormText,
  isApplyFormField,
  resumeKindFromName,
  type ApplyFormField,
  type Answers,
  type FieldError,
  type ResumeFacts,
  type ResumeKind,
} from '@lumenfield/contract';

/**
 * What the visitor has entered: every field of the form's schema as its text (selects as their
 * option values, '' = none), the answers to the opening's questions by key, the chosen file.
 */
export type ApplicationDraft = Record<ApplyFormField, string> & {
  resume: File | null;
  answers: Answers;
};

/** Where an error leads: to one field or question (`answers.<key>`), or to none ('form'). */
export type ErrorTarget = ApplyFormField | 'resume' | 'form' | `answers.${string}`;

/**
 * Which control a field error leads to: the server names fields as the form does (docs/api.md),
 * and every field of the form has a control, so one of them or a question; any other leads
 * nowhere (listed in the summary without a link).
 */
export function errorTarget(field: string): ErrorTarget {
  if (field.startsWith('answers.')) return field as `answers.${string}`;
  // The place is asked apart from the fields: the dialog leads its refusals to its radios.
  const placeField = field === 'locationIndex' || field === 'remoteCountry';
  if (field === 'resume' || (isApplyFormField(field) && !placeField)) return field;
  return 'form';
}

/**
 * Failures as the form shows them: a refused remote country (`remoteCountry`) is one of the
 * place's choices, so it stands beside the place's group and its summary link leads there.
 */
export const onPlaceChoice = (failures: readonly FieldError[]): FieldError[] =>
  failures.map((failure) =>
    failure.field === 'remoteCountry' ? { ...failure, field: 'locationIndex' } : failure,
  );

/** Every field of the application empty (the fields are the schema's, so a new one is here too). */
export const emptyDraft = (): ApplicationDraft => ({
  ...emptyApplyFormText(),
  resume: null,
  answers: {},
});

/**
 * The draft outlives the dialog: closing it by mistake, or moving from the list to a job's
 * page, never loses what was typed. It lives in memory only (personal data is not written
 * to browser storage) and is emptied by Clear and by a successful application.
 */
let savedDraft: ApplicationDraft = emptyDraft();
export const draftStore = {
  get: (): ApplicationDraft => savedDraft,
  set: (draft: ApplicationDraft) => {
    savedDraft = draft;
  },
  clear: () => {
    savedDraft = emptyDraft();
  },
};

/** The first name drops leading spaces as it is typed (docs/careers.md). */
export function typedValue(field: ApplyFormField, value: string): string {
  return field === 'firstName' ? value.replace(/^\s+/u, '') : value;
}

/** The draft's fields as they are sent: every text trimmed (docs/careers.md: "text trimmed"). */
export function draftText(draft: ApplicationDraft): Record<ApplyFormField, string> {
  const text = emptyApplyFormText();
  for (const field of Object.keys(text) as ApplyFormField[]) text[field] = draft[field].trim();
  return text;
}

/** Types a browser reports when it does not know a file (Word files on many systems). */
const UNKNOWN_MIME = new Set(['', 'application/octet-stream']);

/** The page's judgement of a file's kind: its name's extension, and its MIME type when known. */
export function resumeKind(file: Pick<File, 'name' | 'type'>): ResumeKind | null {
  const kind = resumeKindFromName(file.name);
  if (!kind) return null;
  if (UNKNOWN_MIME.has(file.type)) return kind;
  return RESUME_MIME_TYPES[kind] === file.type ? kind : null;
}

/** Facts about the chosen file for the rules; `hasContent` until the bytes are read is size > 0. */
export function resumeFacts(file: File | null, bytesRead?: number): ResumeFacts {
  if (!file) return { chosen: false, kind: null, size: 0, hasContent: false };
  return {
    chosen: true,
    kind: resumeKind(file),
    size: file.size,
    hasContent: bytesRead === undefined ? file.size > 0 : bytesRead > 0,
  };
}

/** Rules 2 and 3 of the application rules (packages/contract) also reset the file input. */
export function resetsFileInput(error: FieldError): boolean {
  return (
    error.message === applicationMessages.resumeType ||
    error.message === applicationMessages.resumeSize
  );
}

export const READ_FAILED_MESSAGE =
  "We couldn't read that file. It may have been moved or deleted; please choose it again.";

/**
 * The file's bytes, read just before sending: a file moved or deleted since it was chosen fails
 * here, with its own sentence, rather than as a failed upload; and what is sent is what was read.
 */
export function readFileBytes(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = reader.result;
      if (result instanceof ArrayBuffer) resolve(result);
      else reject(new Error('read failed'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

export const RESUME_LIMIT_TEXT = `PDF, DOC or DOCX, up to ${MAX_RESUME_MB} MB`;
