/** The opening's flags of `npm run admin -- create|update` (docs/recruiters.md). */
export interface OpeningFlags {
  code?: string | undefined;
  title?: string | undefined;
  location?: string | undefined;
  effectiveFrom?: string | undefined;
  description?: string | undefined;
  managers?: string | undefined;
  contacts?: string | undefined;
  mails?: string | undefined;
  employment?: string | undefined;
  workplace?: string | undefined;
  payMin?: number | undefined;
  payMax?: number | undefined;
  payCurrency?: string | undefined;
  payPeriod?: string | undefined;
  noPay?: boolean | undefined;
}

/**
 * The flags as the published /api/admin/jobs body the CLI sends, over a body read from --file
 * (that same body, as documented): a flag given wins over the file's field.
 */
export function adminJobBody(
  flags: OpeningFlags,
  fromFile: Record<string, unknown>,
): Record<string, unknown> {
  const fields: Record<string, string | number | null | undefined> = {
    JobCode: flags.code,
    JobTitle: flags.title,
    JobLocation: flags.location,
    EffectiveFrom: flags.effectiveFrom,
    Job_Description: flags.description,
    Recruitment_Manager: flags.managers,
    ContactPerson: flags.contacts,
    ContactPersonMail: flags.mails,
    EmploymentType: flags.employment,
    WorkplaceType: flags.workplace,
    PayMin: flags.payMin,
    PayMax: flags.payMax,
    PayCurrency: flags.payCurrency?.toUpperCase(),
    PayPeriod: flags.payPeriod?.toUpperCase(),
    ...(flags.noPay && { PayMin: null, PayMax: null, PayCurrency: null, PayPeriod: null }),
  };
  return {
    ...fromFile,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  };
}
