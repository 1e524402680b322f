import { z } from './zod-setup';

/**
 * Sources (docs/recruiters.md, "Sources"): where applicants come from. A recruiter names
 * sources and makes tracking links `/r/<token>` for them; at applying the server credits one
 * source by precedence and keeps the raw values the visit carried.
 */
export const sourceKinds = ['job-board', 'referral', 'social', 'event', 'other'] as const;
export type SourceKind = (typeof sourceKinds)[number];

export const sourceKindLabels: Record<SourceKind, string> = {
  'job-board': 'Job board',
  referral: 'Referral',
  social: 'Social',
  event: 'Event',
  other: 'Other',
};

/** The raw values a visit carries, in the house's names, with the query parameter of each. */
export const arrivalParams = {
  src: 'src',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
} as const;
export type ArrivalParam = keyof typeof arrivalParams;

/** How long a raw value may be; longer ones are cut, never refused. */
export const ARRIVAL_VALUE_MAX = 200;

export const arrivalSchema = z.object({
  src: z.string().max(ARRIVAL_VALUE_MAX).optional(),
  utmSource: z.string().max(ARRIVAL_VALUE_MAX).optional(),
  utmMedium: z.string().max(ARRIVAL_VALUE_MAX).optional(),
  utmCampaign: z.string().max(ARRIVAL_VALUE_MAX).optional(),
  utmTerm: z.string().max(ARRIVAL_VALUE_MAX).optional(),
  utmContent: z.string().max(ARRIVAL_VALUE_MAX).optional(),
  /** The host of the page that sent the visitor to us (never our own host). */
  referrerHost: z.string().max(ARRIVAL_VALUE_MAX).optional(),
});
/** What a visit carried, as received (cleaned: no control characters, length-limited). */
export type Arrival = z.infer<typeof arrivalSchema>;

/** Labels for the raw values, as the applicant page lists them: each by its query parameter. */
export const arrivalLabels: Record<keyof Arrival, string> = {
  ...arrivalParams,
  referrerHost: 'Referrer host',
};

export const sourceVias = ['link', 'utm', 'referrer', 'heard', 'recruiter'] as const;
export type SourceVia = (typeof sourceVias)[number];

/** How a credit was found, in a recruiter's words. */
export const sourceViaLabels: Record<SourceVia, string> = {
  link: 'tracking link',
  utm: 'UTM',
  referrer: 'referrer',
  heard: 'Referred by',
  // A candidate a recruiter added by hand, crediting the source they chose (add-candidate.ts).
  recruiter: 'added by a recruiter',
};

export const sourceCreditSchema = z.object({ name: z.string(), via: z.enum(sourceVias) });
export type SourceCredit = z.infer<typeof sourceCreditSchema>;

/**
 * What a "Referred by" answer that names no source is credited to. The answer is free text and
 * often a person's name, which stays with the application only: a report's rows, the source
 * filter and the CSV's Source column never name a person.
 */
export const REFERRAL_CREDIT = 'Referral';

/** A named source, as a credit may be joined to it. */
export interface NamedSource {
  id: number;
  name: string;
}

/** A name as sources are matched by: letters and digits only, in lower case ("Linked-In"). */
const sourceKey = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The named source a raw value means: its name in any case or punctuation ("linkedin",
 * "Linked In"), or for a host, one of the host's labels ("uk.linkedin.com", "www.indeed.com").
 */
export function sourceNamedBy(
  value: string,
  sources: readonly NamedSource[],
  asHost = false,
): NamedSource | undefined {
  const keys = new Set([sourceKey(value)]);
  if (asHost) for (const label of value.split('.').slice(0, -1)) keys.add(sourceKey(label));
  keys.delete('');
  return sources.find((source) => keys.has(sourceKey(source.name)));
}

/** A credit, and the named source it was joined to (null when none). */
export type Credit = SourceCredit & { sourceId: number | null };

/**
 * The one rule of which source an application is credited to: a tracking link whose source
 * still exists, else `utm_source`, else the referrer host, else the applicant's "Referred by"
 * answer; null when none of them says anything. A UTM value, a host or an answer that names a
 * source is credited to that source, under its name; one that names none is credited as
 * written, except an answer (REFERRAL_CREDIT stands for it).
 */
export function creditSource({
  link,
  arrival,
  heard,
  sources,
}: {
  /** The source of the tracking link the visit came through, if it still exists. */
  link: NamedSource | null;
  arrival: Arrival;
  heard: string | null;
  /** Every named source. */
  sources: readonly NamedSource[];
}): Credit | null {
  const named = (source: NamedSource | undefined, via: SourceVia): Credit | null =>
    source ? { name: source.name, via, sourceId: source.id } : null;
  const written = (name: string | null | undefined, via: SourceVia): Credit | null =>
    name ? { name: name.slice(0, 100), via, sourceId: null } : null;
  const { utmSource, referrerHost } = arrival;
  const answer = heard?.trim();
  return (
    named(link ?? undefined, 'link') ??
    (utmSource
      ? (named(sourceNamedBy(utmSource, sources), 'utm') ?? written(utmSource, 'utm'))
      : null) ??
    (referrerHost
      ? (named(sourceNamedBy(referrerHost, sources, true), 'referrer') ??
        written(referrerHost, 'referrer'))
      : null) ??
    (answer
      ? (named(sourceNamedBy(answer, sources), 'heard') ?? written(REFERRAL_CREDIT, 'heard'))
      : null)
  );
}

/** "LinkedIn (tracking link)": a credit as the console shows it and the CSV writes it. */
export function sourceText(credit: SourceCredit | null): string {
  return credit ? `${credit.name} (${sourceViaLabels[credit.via]})` : '';
}

export const newSourceSchema = z.object({
  name: z.string().trim().min(1, 'Please give the source a name.').max(100),
  kind: z.enum(sourceKinds),
  /** For a referral: the colleague credited. */
  referrerUserId: z.number().int().positive().nullish(),
});
export type NewSource = z.infer<typeof newSourceSchema>;

export const newTrackingLinkSchema = z.object({
  sourceId: z.number().int().positive(),
  jobId: z.number().int().positive().nullish(),
});
/** A link's body on the wire: the source is the path's. */
export const trackingLinkInputSchema = newTrackingLinkSchema.pick({ jobId: true });
export type NewTrackingLink = z.infer<typeof newTrackingLinkSchema>;

export const trackingLinkSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  path: z.string(),
  jobId: z.number().int().nullable(),
  jobTitle: z.string().nullable(),
  active: z.boolean(),
  applicants: z.number().int(),
  createdAt: z.string(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

export const sourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(sourceKinds),
  referrerUserId: z.number().int().nullable(),
  referrerName: z.string().nullable(),
  applicants: z.number().int(),
  links: z.array(trackingLinkSchema),
});
export type Source = z.infer<typeof sourceSchema>;

/** The path of a tracking link. */
export const trackingLinkPath = (token: string) => `/r/${token}`;

/** The console's sources API (docs/api.md), under /api. */
export const sourcePaths = {
  /** GET every source, its links and counts (admins and recruiters); POST one (admins). */
  sources: '/recruiters/sources',
  /** DELETE a source (admins): its links still land, crediting nothing. */
  source: '/recruiters/sources/:id',
  /** POST a tracking link for a source, optionally for an opening (admins and recruiters). */
  links: '/recruiters/sources/:id/links',
  /** PATCH a link on or off (admins and recruiters). */
  link: '/recruiters/tracking-links/:id',
} as const;

export const sourcesOverviewSchema = z.object({
  sources: z.array(sourceSchema),
  /** Every name an applicant was credited to (deleted sources' and UTM values too), A–Z. */
  creditedNames: z.array(z.string()),
});
export type SourcesOverview = z.infer<typeof sourcesOverviewSchema>;

export const trackingLinkPatchSchema = z.object({ active: z.boolean() });
export const createdLinkSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  path: z.string(),
});
