import { z } from './zod-setup';
import { isEmailAddress } from './application';
import {
  NO_FILTERS,
  parseCareerFilters,
  workplaceTypeLabels,
  type CareerFilters,
} from './careers-listing';
import type { FieldError } from './problem';

/**
 * Job alerts (docs/careers.md, "Job alerts"): a visitor leaves an address and the careers
 * page's filters, confirms by mail (double opt-in), and hears of new openings that match, at
 * once or in a daily or weekly digest. The filters are the careers page's own (CareerFilters),
 * so an alert matches exactly what the list would show.
 */

/** POST (public: the fixed header and the XSRF echo). */
export const ALERTS_API_PATH = '/alerts';

/** How often an alert writes. A plain list, not a schema: the careers page's bundle keeps every
 *  schema a module builds when it loads (docs/performance.md). */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const isAlertFrequency = (value: unknown): value is AlertFrequency =>
  (ALERT_FREQUENCIES as readonly unknown[]).includes(value);

export const alertFrequencyLabels: Record<AlertFrequency, string> = {
  instant: 'As soon as one is posted',
  daily: 'Once a day',
  weekly: 'Once a week',
};

/** How long an alert waits between digests (instant: every run of the alerts job). */
export const alertPeriodMs: Record<AlertFrequency, number> = {
  instant: 0,
  daily: 86_400_000,
  weekly: 7 * 86_400_000,
};

/** An alert nobody confirmed is deleted after this many days. */
export const UNCONFIRMED_ALERT_DAYS = 7;

/** The sentences of alerts, in the visitor's words. */
export const alertCopy = {
  email: 'Please enter a valid email address, such as name@example.com.',
  frequency: 'Please choose how often we should write.',
  query: 'Please keep the search words under 200 characters.',
  sent: 'Thank you. We have sent you an e-mail: please open the link in it to start your alert. Until you do, we send nothing.',
  /** Under the heading "Your job alert is on". */
  confirmed: 'We will write when a new opening matches it. Every mail has a link to stop it.',
  /** Under the heading "You are unsubscribed". */
  unsubscribed: 'We will not send you this job alert again.',
  invalidLink:
    'This link does not work any more. It may have been used already, or the alert was removed. You can set up a new alert on the careers page.',
  tooMany:
    'You have asked for several alerts in a short time. Please wait a while before asking again.',
  forbidden:
    'We could not accept this form: it did not come from our careers page. Please go back and send it again.',
} as const;

/** The form's field names (the careers page's subscribe form and its no-script post). */
export const alertFormFieldNames = {
  email: 'email',
  q: 'q',
  country: 'country',
  workplace: 'workplace',
  frequency: 'frequency',
} as const;

/** What the subscribe form holds, as typed. */
export interface AlertFormValues {
  email: string;
  q: string;
  country: string;
  workplace: string;
  frequency: string;
}

export const emptyAlertForm = (filters: CareerFilters = NO_FILTERS): AlertFormValues => ({
  email: '',
  q: filters.q,
  country: filters.country === null ? '' : String(filters.country),
  workplace: filters.workplace ?? '',
  frequency: 'daily',
});

/** An alert as the server keeps it: an address, the careers filters, how often. */
export interface AlertRequest {
  email: string;
  filters: CareerFilters;
  frequency: AlertFrequency;
}

/**
 * The form's values judged: the alert, or every failing rule (the page shows the first). The
 * filters are read as the careers page reads its URL, so a filter that is not one is no filter.
 */
export function checkAlertForm(
  values: AlertFormValues,
): { ok: true; alert: AlertRequest } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const email = values.email.trim();
  if (email.length > 254 || !isEmailAddress(email)) {
    errors.push({ field: 'email', message: alertCopy.email });
  }
  if (values.q.trim().length > 200) errors.push({ field: 'q', message: alertCopy.query });
  const frequency = values.frequency;
  if (!isAlertFrequency(frequency))
    errors.push({ field: 'frequency', message: alertCopy.frequency });
  if (errors.length > 0 || !isAlertFrequency(frequency)) return { ok: false, errors };
  const query = (['q', 'country', 'workplace'] as const)
    .map((name) => `${name}=${encodeURIComponent(values[name])}`)
    .join('&');
  return {
    ok: true,
    alert: { email, filters: parseCareerFilters(`?${query}`), frequency },
  };
}

/**
 * POST /api/alerts: the body in the API's wire names (docs/api.md "Job alerts"), and the 202's.
 * Built when the server first asks (the public pages' bundles never build them).
 */
export function alertApiSchemas() {
  return {
    request: z.object({
      Email: z.string().max(1000),
      Query: z.string().max(1000).optional(),
      Country: z.union([z.number().int(), z.string().max(10)]).optional(),
      Workplace: z.string().max(20).optional(),
      Frequency: z.string().max(20),
    }),
    /** The same answer whether the address is new, pending or already subscribed. */
    accepted: z.object({ Message: z.string() }),
  };
}
export type AlertApiRequest = z.infer<ReturnType<typeof alertApiSchemas>['request']>;

/** The API's body as the form's values: one set of rules for both. */
export const alertFormValuesOf = (body: AlertApiRequest): AlertFormValues => ({
  email: body.Email,
  q: body.Query ?? '',
  country: body.Country === undefined ? '' : String(body.Country),
  workplace: body.Workplace ?? '',
  frequency: body.Frequency,
});

/** The filters in words ("QA lead, India, remote"), or that every opening counts. */
export function alertFiltersText(
  filters: CareerFilters,
  countryName: (value: number) => string | undefined,
): string {
  const parts = [
    filters.q ? `“${filters.q}”` : undefined,
    filters.country === null ? undefined : (countryName(filters.country) ?? undefined),
    filters.workplace ? workplaceTypeLabels[filters.workplace] : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(', ') : 'every new opening';
}

/** Which page of an alert the server renders (docs/careers.md, "Job alerts"). */
export type AlertPageState =
  | {
      kind: 'form';
      values: AlertFormValues;
      errors: FieldError[];
      problem: string | null;
      /** The form's filters in words (alertFiltersText). */
      filtersText: string;
    }
  | { kind: 'sent' }
  | { kind: 'confirm'; action: string; filtersText: string; frequency: AlertFrequency }
  | { kind: 'confirmed'; careersPath: string }
  | { kind: 'unsubscribe'; action: string; filtersText: string }
  | { kind: 'unsubscribed' }
  | { kind: 'invalid' };
