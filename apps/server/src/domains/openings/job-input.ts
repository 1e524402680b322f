// Openings as recruiters write them: their input judged, tidied and mapped for the repository.
import type { FieldError, OpeningPatch } from '@lumenfield/contract';
import { DEFAULT_OPENING_TERMS, fieldErrorsOf, questionsSchema } from '@lumenfield/contract';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { HttpProblem } from '../../lib/http-problem';
import { payRangeErrors } from './job-terms';
import { payTransparencyErrors } from './pay-transparency';
import { placesErrors, remoteCountryCodeErrors, resolvePlace } from './place';
import { sanitizeDescription } from './sanitize-description';
import { type JobInput, type JobTermsFields, type JobWithApplicants } from './jobs-repository';

/**
 * Openings as recruiters write them, for both the bearer API (routes/legacy/admin/jobs.ts) and
 * the console (routes/recruiters/jobs.ts): one validation, one sanitiser, one mapping.
 */
const EMAIL = /^[^\s@,]+@[^\s@,.]+(\.[^\s@,.]+)*\.[^\s@,.]{2,}$/;

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
export function toJobInput(body: OpeningPatch, current?: JobWithApplicants): Partial<JobInput> {
  const text = (value: string | undefined, multiline = false) =>
    value === undefined ? undefined : clean(value, multiline);
  const list = (value: string | undefined) =>
    value === undefined ? undefined : tidyList(clean(value));
  const description = text(body.description, true);
  const candidate: Partial<JobInput> = {
    code: text(body.code),
    title: text(body.title),
    location: text(body.location),
    effectiveFrom:
      body.effectiveFrom === undefined ? undefined : new Date(body.effectiveFrom).toISOString(),
    descriptionHtml: description === undefined ? undefined : sanitizeDescription(description),
    recruitmentManagers: list(body.recruitmentManagers),
    contactPersons: list(body.contactPersons),
    contactEmails: list(body.contactEmails),
    isOpen: body.isOpen,
    employmentType: body.employmentType,
    workplaceType: body.workplaceType,
    payMin: body.payMin,
    payMax: body.payMax,
    payCurrency: body.payCurrency,
    payPeriod: body.payPeriod,
    locations: body.locations,
    remoteCountries: body.remoteCountries,
    questions: body.questions,
  };
  // Only the fields the body names: a change leaves the others alone.
  const input = Object.fromEntries(
    Object.entries(candidate).filter(([, value]) => value !== undefined),
  ) as Partial<JobInput>;

  const errors: FieldError[] = [];
  // The published API's questions arrive without the rules between their fields: judged here.
  if (input.questions) {
    const parsed = questionsSchema.safeParse(input.questions);
    if (parsed.success) input.questions = parsed.data;
    else {
      errors.push(...fieldErrorsOf(parsed.error.issues, 'questions'));
    }
  }
  const people = (input.contactPersons ?? current?.contactPersons ?? '').split(', ');
  const mails = (input.contactEmails ?? current?.contactEmails ?? '').split(', ');
  const mailList = mails.filter((m) => m.length > 0);
  if (mailList.some((mail) => !EMAIL.test(mail))) {
    errors.push({ field: 'contactEmails', message: 'must be e-mail addresses' });
  }
  if (mailList.length !== people.filter((p) => p.length > 0).length) {
    errors.push({
      field: 'contactEmails',
      message: 'needs one e-mail per contact person, in the same order',
    });
  }
  // A new opening whose place says "Remote" is remote unless the recruiter said otherwise.
  if (!current && input.workplaceType === undefined && resolvePlace(input.location ?? '').remote) {
    input.workplaceType = 'REMOTE';
  }
  const terms = { ...(current ?? DEFAULT_OPENING_TERMS), ...definedTerms(input) };
  const rangeErrors = payRangeErrors(terms);
  errors.push(...rangeErrors);
  const where = {
    location: input.location ?? current?.location ?? '',
    locations: input.locations ?? current?.locations ?? null,
    workplaceType: terms.workplaceType,
    remoteCountries: input.remoteCountries ?? current?.remoteCountries ?? [],
  };
  const placeErrors = placeRuleErrors(where, input, current);
  errors.push(...placeErrors);
  // Published (created, open, or opened by this change): the pay-transparency states' rule.
  const published = input.isOpen ?? current?.isOpen ?? true;
  if (published && rangeErrors.length === 0 && placeErrors.length === 0) {
    errors.push(...payTransparencyErrors({ ...where, ...remoteOf(input, where) }, terms));
  }
  if (errors.length > 0) throw new HttpProblem(400, 'The opening is invalid.', errors);
  return input;
}

type Where = Parameters<typeof payTransparencyErrors>[0];

/** remoteCountries as this change stores them (placeRuleErrors may fill them in). */
const remoteOf = (input: Partial<JobInput>, where: Where) => ({
  remoteCountries: input.remoteCountries ?? where.remoteCountries,
});

/**
 * An opening's places and remote countries (docs/recruiters.md "Places"): every country code
 * known, an ISO 3166-2 region within its place's country, and a remote opening naming the
 * countries it may be held from. An opening written as one free-text place ("Remote, USA")
 * keeps working as before: its remote countries are the country its text names, stored so.
 * Judged on a create, and on a change to where the opening is or its workplace type.
 */
function placeRuleErrors(
  where: Where,
  input: Partial<JobInput>,
  current: JobWithApplicants | undefined,
): FieldError[] {
  const touched =
    !current ||
    ['location', 'locations', 'remoteCountries', 'workplaceType'].some(
      (key) => input[key as keyof JobInput] !== undefined,
    );
  if (!touched) return [];
  const errors = [
    ...(input.locations ? placesErrors(input.locations) : []),
    ...remoteCountryCodeErrors(input.remoteCountries ?? []),
  ];
  if (where.workplaceType === 'REMOTE' && where.remoteCountries.length === 0) {
    const named = where.locations === null ? resolvePlace(where.location).country : undefined;
    if (named) input.remoteCountries = [named.alpha2];
    else {
      errors.push({
        field: 'remoteCountries',
        message: 'A remote opening must name the countries it may be held from (remote countries).',
      });
    }
  }
  return errors;
}

/** The terms a patch sets, without the keys it leaves alone. */
export function definedTerms(input: Partial<JobInput>): Partial<JobTermsFields> {
  const terms: Partial<JobTermsFields> = {};
  for (const key of Object.keys(DEFAULT_OPENING_TERMS) as (keyof JobTermsFields)[]) {
    if (input[key] !== undefined) Object.assign(terms, { [key]: input[key] });
  }
  return terms;
}
