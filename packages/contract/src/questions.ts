import type { FieldError } from './problem';
import { z } from './zod-setup';

/*
 * An opening's own questions (docs/recruiters.md "Questions"): what a recruiter asks, what a
 * candidate answers, and the one set of rules both sides judge an answer by. The server refuses
 * what these rules refuse; the apply dialog and the job page's form show the same sentences.
 * Knock-outs only flag: nothing here rejects an applicant.
 */

export const MAX_QUESTIONS = 20;
export const MAX_OPTIONS = 30;
/** Longest answer per text type (characters). */
export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 4000;
const URL_MAX = 2000;
const NUMBER_MAX_LENGTH = 30;

export const questionTypeSchema = z.enum([
  'short_text',
  'long_text',
  'single_select',
  'multi_select',
  'yes_no',
  'number',
  'date',
  'url',
]);
export type QuestionType = z.infer<typeof questionTypeSchema>;

/** What a recruiter reads in the question builder's type list. */
export const questionTypeLabels: Record<QuestionType, string> = {
  short_text: 'Short answer',
  long_text: 'Paragraph',
  single_select: 'One choice',
  multi_select: 'Several choices',
  yes_no: 'Yes or no',
  number: 'Number',
  date: 'Date',
  url: 'Web address',
};

/** The answers a yes/no question offers (asked as a choice of two). */
export const YES_NO_OPTIONS = ['Yes', 'No'] as const;

/** Types whose answers are picked from a list (and so may have knock-out answers). */
export const CHOICE_TYPES: ReadonlySet<QuestionType> = new Set([
  'single_select',
  'multi_select',
  'yes_no',
]);

/** The options a question offers: its own for the selects, Yes and No for yes/no. */
export const optionsOf = (question: Pick<Question, 'type' | 'options'>): readonly string[] =>
  question.type === 'yes_no' ? YES_NO_OPTIONS : (question.options ?? []);

const optionText = z.string().trim().min(1).max(SHORT_TEXT_MAX);

const questionShape = z.object({
  /** Stable name of the question within its opening: what answers are keyed by. */
  key: z
    .string()
    .regex(
      /^[a-z][a-z0-9_]{0,39}$/,
      'must be 1 to 40 lower-case letters, digits or underscores, starting with a letter',
    ),
  label: z.string().trim().min(1).max(SHORT_TEXT_MAX),
  type: questionTypeSchema,
  required: z.boolean(),
  /** single_select and multi_select only: what may be chosen, in order. */
  options: z.array(optionText).max(MAX_OPTIONS).optional(),
  /** Answers that do not meet a requirement (choice types only): they flag, never reject. */
  knockout: z.array(optionText).max(MAX_OPTIONS).optional(),
});

/** A question as candidates see it: without its knock-out answers. */
export const publicQuestionSchema = questionShape.omit({ knockout: true });
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

export const questionSchema = questionShape.superRefine((question, context) => {
  const isSelect = question.type === 'single_select' || question.type === 'multi_select';
  const options = question.options ?? [];
  if (isSelect && options.length < 2) {
    context.addIssue({ code: 'custom', path: ['options'], message: 'needs at least 2 options' });
  }
  if (!isSelect && question.options !== undefined && question.options.length > 0) {
    context.addIssue({
      code: 'custom',
      path: ['options'],
      message: 'are only for a question answered by choosing',
    });
  }
  if (new Set(options).size !== options.length) {
    context.addIssue({ code: 'custom', path: ['options'], message: 'must not repeat' });
  }
  const knockout = question.knockout ?? [];
  if (knockout.length > 0 && !CHOICE_TYPES.has(question.type)) {
    context.addIssue({
      code: 'custom',
      path: ['knockout'],
      message: 'is only for a question answered by choosing',
    });
  }
  const offered = optionsOf(question);
  for (const answer of knockout) {
    if (!offered.includes(answer)) {
      context.addIssue({
        code: 'custom',
        path: ['knockout'],
        message: `"${answer}" is not one of the question's options`,
      });
    }
  }
});
export type Question = z.infer<typeof questionSchema>;

/** An opening's questions: at most 20, keys unique. */
export const questionsSchema = z
  .array(questionSchema)
  .max(MAX_QUESTIONS, `may be at most ${MAX_QUESTIONS}`)
  .superRefine((questions, context) => {
    const seen = new Set<string>();
    questions.forEach((question, index) => {
      if (seen.has(question.key)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'key'],
          message: `"${question.key}" is used by another question`,
        });
      }
      seen.add(question.key);
    });
  });

export const publicQuestionOf = ({ knockout: _knockout, ...question }: Question): PublicQuestion =>
  question;

/** What a candidate sends: one text per question, a list for multi_select. */
export const answerValueSchema = z.union([z.string(), z.array(z.string()).max(MAX_OPTIONS)]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
export const answersSchema = z.record(z.string().max(40), answerValueSchema);
export type Answers = z.infer<typeof answersSchema>;

/** An answer as stored: with the question as it was asked, so a later edit leaves it as it was. */
export const storedAnswerSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: questionTypeSchema,
  /** The options offered when answered (choice types). */
  options: z.array(z.string()).optional(),
  /** The answer; '' or [] when an optional question was left empty. */
  value: answerValueSchema,
  /** The answer is one of the question's knock-out answers (a flag for a person to weigh). */
  doesNotMeet: z.boolean(),
});
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;

/** The field name an answer's error carries: `answers.<key>`. */
export const answerField = (key: string) => `answers.${key}`;

const quoted = (label: string) => `“${label}”`;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** An http(s) address with a dotted host name (the contract has no URL parser of its own). */
const WEB_ADDRESS = /^https?:\/\/[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d{1,5})?([/?#]\S*)?$/iu;
const isWebAddress = (text: string) => text.length <= URL_MAX && WEB_ADDRESS.test(text);

const isEmpty = (value: AnswerValue | undefined) =>
  value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');

/** The sentence an answer earns, or undefined when it is fine. */
function answerProblem(question: PublicQuestion, value: AnswerValue | undefined) {
  const label = quoted(question.label);
  if (isEmpty(value)) return question.required ? `Please answer ${label}.` : undefined;
  if (question.type === 'multi_select') {
    if (!Array.isArray(value)) return `${label} takes a list of choices.`;
    const offered = optionsOf(question);
    if (value.some((choice) => !offered.includes(choice))) {
      return `${label}: please choose only among the options offered.`;
    }
    if (new Set(value).size !== value.length) return `${label}: each choice may be given once.`;
    return undefined;
  }
  if (typeof value !== 'string') return `${label} takes one answer, not a list.`;
  const text = value.trim();
  switch (question.type) {
    case 'short_text':
      return text.length > SHORT_TEXT_MAX
        ? `${label} may be at most ${SHORT_TEXT_MAX} characters.`
        : undefined;
    case 'long_text':
      return text.length > LONG_TEXT_MAX
        ? `${label} may be at most ${LONG_TEXT_MAX} characters.`
        : undefined;
    case 'single_select':
    case 'yes_no':
      return optionsOf(question).includes(text)
        ? undefined
        : `${label}: please choose one of the options offered.`;
    case 'number':
      return text.length <= NUMBER_MAX_LENGTH && /^-?\d+(\.\d+)?$/.test(text)
        ? undefined
        : `${label} must be a number, such as 5 or 2.5.`;
    case 'date':
      return isIsoDate(text) ? undefined : `${label} must be a date, such as 2026-09-01.`;
    case 'url':
      return isWebAddress(text)
        ? undefined
        : `${label} must be a web address starting with https:// or http://.`;
  }
}

/**
 * Every problem with a set of answers to an opening's questions, in the questions' order, then
 * any answer to a question the opening does not ask. Field: `answers.<key>`.
 */
export function answerErrors(
  questions: readonly PublicQuestion[],
  answers: Answers | undefined,
): FieldError[] {
  const given = answers ?? {};
  const errors: FieldError[] = [];
  for (const question of questions) {
    const problem = answerProblem(question, given[question.key]);
    if (problem) errors.push({ field: answerField(question.key), message: problem });
  }
  const asked = new Set(questions.map((question) => question.key));
  for (const key of Object.keys(given)) {
    if (!asked.has(key)) {
      errors.push({
        field: answerField(key),
        message: `This opening asks no question named "${key}".`,
      });
    }
  }
  return errors;
}

/** Answers that passed `answerErrors`, as stored: trimmed, with each question as asked. */
export function storedAnswersOf(questions: readonly Question[], answers: Answers | undefined) {
  const given = answers ?? {};
  return questions.map((question): StoredAnswer => {
    const raw = given[question.key];
    const value: AnswerValue = Array.isArray(raw)
      ? raw
      : question.type === 'multi_select'
        ? []
        : (raw ?? '').trim();
    const chosen = Array.isArray(value) ? value : [value];
    const knockout = question.knockout ?? [];
    return {
      key: question.key,
      label: question.label,
      type: question.type,
      ...(CHOICE_TYPES.has(question.type) ? { options: [...optionsOf(question)] } : {}),
      value,
      doesNotMeet: chosen.some((answer) => knockout.includes(answer)),
    };
  });
}

/** "Does not meet: <label>" lines for a person to weigh (the console's flag). */
export const doesNotMeet = (answers: readonly StoredAnswer[]): string[] =>
  answers.filter((answer) => answer.doesNotMeet).map((answer) => answer.label);

/** An answer as a person reads it (the applicant page, the CSV cell). */
export const answerText = (value: AnswerValue): string =>
  Array.isArray(value) ? value.join('; ') : value;
