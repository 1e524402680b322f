import {
  type AdminJob,
  type AdminJobCreate,
  type AdminJobDetail,
  type AdminJobPatch,
  type FieldError,
} from '@lumenfield/contract';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { jobTermsOf, payRangeErrors } from './job-terms';
import { payTransparencyErrors } from './pay-transparency';
import { resolvePlace } from './place';
import { sanitizeDescription } from './sanitize-description';
import { HttpProblem } from '../../lib/http-problem';
import { jobDetailOf, jobNamesOf } from './job-views';
import {
  defaultJobTerms,
  JobCodeInUseError,
  type JobInput,
  type JobsRepository,
  type JobTermsFields,
  type JobWithApplicants,
} from './jobs-repository';

// The openings' part of domains/index.ts's repositories (that module imports this domain).
type OpeningsRepositories = { jobs: JobsRepository };

/**
 * Openings as recruiters write and read them, for both the bearer API (routes/legacy/admin/jobs.ts)
 * and the console (routes/recruiters/jobs.ts): one validation, one sanitiser, one mapping.
 */
const EMAIL = /^[^\s@,]+@[^\s@,.]+(\.[^\s@,.]+)*\.[^\s@,.]{2,}$/;

export function toAdminJob(job: JobWithApplicants): AdminJob {
  return {
    ...jobNamesOf(job),
    EffectiveFrom: job.effectiveFrom,
    IsOpen: job.isOpen,
    Applicants: job.applicants,
    ...jobTermsOf(job),
  };
}

/** The list's fields, then the rest of what the public detail shows. */
export function toAdminJobDetail(job: JobWithApplicants): AdminJobDetail {
  return { ...toAdminJob(job), ...jobDetailOf(job) };
}

/** Comma-separated people lists, tidied: "a ,b" -> "a, b". */
const tidyList = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .join(', ');

/**
 * Recruiter input -> repository input: control characters dropped (PostgreSQL refuses NUL),
 * lists tidied, description sanitised, mails checked.
 */
export function toJobInput(raw: AdminJobPatch, current?: JobWithApplicants): Partial<JobInput> {
  const body: AdminJobPatch = {
    ...raw,
    ...(raw.JobCode !== undefined && { JobCode: clean(raw.JobCode) }),
    ...(raw.JobTitle !== undefined && { JobTitle: clean(raw.JobTitle) }),
    ...(raw.JobLocation !== undefined && { JobLocation: clean(raw.JobLocation) }),
    ...(raw.Job_Description !== undefined && { Job_Description: clean(raw.Job_Description, true) }),
    ...(raw.Recruitment_Manager !== undefined && {
      Recruitment_Manager: clean(raw.Recruitment_Manager),
    }),
    ...(raw.ContactPerson !== undefined && { ContactPerson: clean(raw.ContactPerson) }),
    ...(raw.ContactPersonMail !== undefined && { ContactPersonMail: clean(raw.ContactPersonMail) }),
  };
  const input: Partial<JobInput> = {
    ...(body.JobCode !== undefined && { code: body.JobCode }),
    ...(body.JobTitle !== undefined && { title: body.JobTitle }),
    ...(body.JobLocation !== undefined && { location: body.JobLocation }),
    ...(body.EffectiveFrom !== undefined && {
      effectiveFrom: new Date(body.EffectiveFrom).toISOString(),
    }),
    ...(body.Job_Description !== undefined && {
      descriptionHtml: sanitizeDescription(body.Job_Description),
    }),
    ...(body.Recruitment_Manager !== undefined && {
      recruitmentManagers: tidyList(body.Recruitment_Manager),
    }),
    ...(body.ContactPerson !== undefined && { contactPersons: tidyList(body.ContactPerson) }),
    ...(body.ContactPersonMail !== undefined && {
      contactEmails: tidyList(body.ContactPersonMail),
    }),
    ...(body.IsOpen !== undefined && { isOpen: body.IsOpen }),
    ...(body.EmploymentType !== undefined && { employmentType: body.EmploymentType }),
    ...(body.WorkplaceType !== undefined && { workplaceType: body.WorkplaceType }),
    ...(body.PayMin !== undefined && { payMin: body.PayMin }),
    ...(body.PayMax !== undefined && { payMax: body.PayMax }),
    ...(body.PayCurrency !== undefined && { payCurrency: body.PayCurrency }),
    ...(body.PayPeriod !== undefined && { payPeriod: body.PayPeriod }),
  };

  const errors: FieldError[] = [];
  const people = (input.contactPersons ?? current?.contactPersons ?? '').split(', ');
  const mails = (input.contactEmails ?? current?.contactEmails ?? '').split(', ');
  const mailList = mails.filter((m) => m.length > 0);
  if (mailList.some((mail) => !EMAIL.test(mail))) {
    errors.push({ field: 'ContactPersonMail', message: 'must be e-mail addresses' });
  }
  if (mailList.length !== people.filter((p) => p.length > 0).length) {
    errors.push({
      field: 'ContactPersonMail',
      message: 'needs one e-mail per contact person, in the same order',
    });
  }
  // A new opening whose place says "Remote" is remote unless the recruiter said otherwise.
  if (!current && input.workplaceType === undefined && resolvePlace(input.location ?? '').remote) {
    input.workplaceType = 'REMOTE';
  }
  const terms = { ...(current ?? defaultJobTerms), ...definedTerms(input) };
  const rangeErrors = payRangeErrors(terms);
  errors.push(...rangeErrors);
  // Published (created, open, or opened by this change): the pay-transparency states' rule.
  const published = input.isOpen ?? current?.isOpen ?? true;
  if (published && rangeErrors.length === 0) {
    errors.push(...payTransparencyErrors(input.location ?? current?.location ?? '', terms));
  }
  if (errors.length > 0) throw new HttpProblem(400, 'The opening is invalid.', errors);
  return input;
}

/** The terms a patch sets, without the keys it leaves alone. */
function definedTerms(input: Partial<JobInput>): Partial<JobTermsFields> {
  const terms: Partial<JobTermsFields> = {};
  for (const key of Object.keys(defaultJobTerms) as (keyof JobTermsFields)[]) {
    if (input[key] !== undefined) Object.assign(terms, { [key]: input[key] });
  }
  return terms;
}

/** Stores a new opening (open unless scheduled by EffectiveFrom); 409 on a code in use. */
export async function createJob(
  repos: OpeningsRepositories,
  body: AdminJobCreate,
  now: Date,
): Promise<number> {
  const input = toJobInput(body);
  try {
    return await repos.jobs.create({
      code: input.code ?? '',
      title: input.title ?? '',
      location: input.location ?? '',
      descriptionHtml: input.descriptionHtml ?? '',
      effectiveFrom: input.effectiveFrom ?? now.toISOString(),
      recruitmentManagers: input.recruitmentManagers ?? '',
      contactPersons: input.contactPersons ?? '',
      contactEmails: input.contactEmails ?? '',
      isOpen: true,
      ...defaultJobTerms,
      ...definedTerms(input),
    });
  } catch (error) {
    throw codeInUse(error);
  }
}

/** Applies a change to an existing opening; 409 on a code in use. */
export async function updateJob(
  repos: OpeningsRepositories,
  current: JobWithApplicants,
  body: AdminJobPatch,
): Promise<void> {
  const input = toJobInput(body, current);
  try {
    await repos.jobs.update(current.id, input);
  } catch (error) {
    throw codeInUse(error);
  }
}

function codeInUse(error: unknown): unknown {
  return error instanceof JobCodeInUseError
    ? new HttpProblem(409, `Job code ${error.code} is already in use.`)
    : error;
}

export async function jobOr404(
  repos: OpeningsRepositories,
  id: number,
): Promise<JobWithApplicants> {
  const job = await repos.jobs.findById(id);
  if (!job) throw new HttpProblem(404, `There is no opening with id ${id}.`);
  return job;
}
