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
  heard: 'How did you hear',
  // A candidate a recruiter added by hand, crediting the source they chose (add-candidate.ts).
  recruiter: 'added by a recruiter',
};

export const sourceCreditSchema = z.object({ name: z.string(), via: z.enum(sourceVias) });
export type SourceCredit = z.infer<typeof sourceCreditSchema>;

/**
 * The one rule of which source an application is credited to: a tracking link whose source
 * still exists, else `utm_source`, else the referrer host, else the applicant's own "How did
 * you hear" answer (Referred by); null when none of them says anything.
 */
export function creditSource({
  linkSource,
  arrival,
  heard,
}: {
  /** The name of the source of the tracking link the visit came through, if it still exists. */
  linkSource: string | null;
  arrival: Arrival;
  heard: string | null;
}): SourceCredit | null {
  const credit = (name: string | null | undefined, via: SourceVia) =>
    name ? { name: name.slice(0, 100), via } : null;
  return (
    credit(linkSource, 'link') ??
    credit(arrival.utmSource, 'utm') ??
    credit(arrival.referrerHost, 'referrer') ??
    credit(heard, 'heard')
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
