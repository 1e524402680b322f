import {
  DEFAULT_OPENING_TERMS,
  employmentTypeSchema,
  payPeriodSchema,
  workplaceTypeSchema,
  type FieldError,
  type OpeningInput,
  type RecruiterOpening,
} from '@lumenfield/contract';
import { draftOf, questionsFromDrafts, type QuestionDraft } from './question-drafts';

export const EMPLOYMENT_LABELS: Record<string, string> = {
  FULL_TIME: 'Full time',
  PART_TIME: 'Part time',
  CONTRACTOR: 'Contractor',
  TEMPORARY: 'Temporary',
  INTERN: 'Intern',
};
export const WORKPLACE_LABELS: Record<string, string> = {
  ONSITE: 'On site',
  HYBRID: 'Hybrid',
  REMOTE: 'Remote',
};
export const PERIOD_LABELS: Record<string, string> = {
  HOUR: 'per hour',
  MONTH: 'per month',
  YEAR: 'per year',
};

/** What the form holds: every field as typed, so a failed save keeps it all. */
export interface OpeningForm {
  code: string;
  title: string;
  location: string;
  effectiveFrom: string;
  recruitmentManagers: string;
  contactPersons: string;
  contactEmails: string;
  description: string;
  employmentType: string;
  workplaceType: string;
  payMin: string;
  payMax: string;
  payCurrency: string;
  payPeriod: string;
  questions: QuestionDraft[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the reader's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formFromJob(job?: RecruiterOpening): OpeningForm {
  return {
    code: job?.code ?? '',
    title: job?.title ?? '',
    location: job?.location ?? '',
    effectiveFrom: job ? toLocalInput(job.effectiveFrom) : '',
    recruitmentManagers: job?.recruitmentManagers ?? '',
    contactPersons: job?.contactPersons ?? '',
    contactEmails: job?.contactEmails ?? '',
    description: job?.description ?? '',
    employmentType: job?.employmentType ?? DEFAULT_OPENING_TERMS.employmentType,
    workplaceType: job?.workplaceType ?? DEFAULT_OPENING_TERMS.workplaceType,
    payMin: job?.payMin == null ? '' : String(job.payMin),
    payMax: job?.payMax == null ? '' : String(job.payMax),
    payCurrency: job?.payCurrency ?? '',
    payPeriod: job?.payPeriod ?? '',
    questions: (job?.questions ?? []).map(draftOf),
  };
}

const amount = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
};

/** The pay figures typed that are not numbers ("150,000", "$140k"), as field errors. */
export function payErrors(form: Pick<OpeningForm, 'payMin' | 'payMax'>): FieldError[] {
  return (['payMin', 'payMax'] as const)
    .filter((field) => Number.isNaN(amount(form[field])))
    .map((field) => ({ field, message: 'must be a number, like 150000' }));
}

/** The body the API takes; a value the browser cannot read is sent as is for the server to name. */
export function bodyFromForm(form: OpeningForm): OpeningInput {
  const effective = form.effectiveFrom ? new Date(form.effectiveFrom) : undefined;
  const employment = employmentTypeSchema.safeParse(form.employmentType);
  const workplace = workplaceTypeSchema.safeParse(form.workplaceType);
  const period = payPeriodSchema.safeParse(form.payPeriod);
  return {
    code: form.code,
    title: form.title,
    location: form.location,
    ...(effective && !Number.isNaN(effective.getTime())
      ? { effectiveFrom: effective.toISOString() }
      : {}),
    recruitmentManagers: form.recruitmentManagers,
    contactPersons: form.contactPersons,
    contactEmails: form.contactEmails,
    description: form.description,
    ...(employment.success ? { employmentType: employment.data } : {}),
    ...(workplace.success ? { workplaceType: workplace.data } : {}),
    payMin: amount(form.payMin),
    payMax: amount(form.payMax),
    payCurrency: form.payCurrency.trim() === '' ? null : form.payCurrency.trim().toUpperCase(),
    payPeriod: period.success ? period.data : null,
    questions: questionsFromDrafts(form.questions),
  };
}
