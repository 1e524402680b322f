import type { ErrorTarget } from '../application/application-form';

const FIELD_NAMES: Record<string, ErrorTarget> = {
  resume: 'resume',
  firstname: 'firstName',
  lastname: 'lastName',
  city: 'city',
  email: 'email',
  mobilenumber: 'mobileNumber',
  countyid: 'countryId',
  stateid: 'stateId',
};

/** Where a field error from the server (named as on the old API's wire) is shown: beside its field if the form has one. */
export function errorTarget(field: string): ErrorTarget {
  // `Answers.<key>`: beside the question (its key as the opening names it).
  const answer = /^answers\.(.+)$/i.exec(field);
  if (answer) return `answers.${answer[1]}`;
  const known = FIELD_NAMES[field.toLowerCase()];
  if (known) return known;
  if (/attachment|file/i.test(field)) return 'resume';
  if (/^(country|state)(id)?$/i.test(field))
    return field.toLowerCase().startsWith('country') ? 'countryId' : 'stateId';
  return 'form';
}
