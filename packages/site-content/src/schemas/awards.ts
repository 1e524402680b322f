import { z } from 'zod';
import { introSchema, linkSchema, list, metaSchema, titledTextSchema, words } from './fields';

export const awardYearSchema = z.literal([2019, 2020, 2023, 2024, 2025]);
export type AwardYear = z.infer<typeof awardYearSchema>;

/** How a badge is drawn: a national list, a regional growth award, or a ranking ribbon. */
export const badgeStyleSchema = z.enum(['national', 'regional', 'ranking']);
export type BadgeStyle = z.infer<typeof badgeStyleSchema>;

/** The keys of the awards' public listings; `site.awardListings` (web config) maps each to its URL. */
export const awardListingIds = [
  'ledger-5000-2019',
  'ledger-5000-2020',
  'ledger-5000-2023',
  'ledger-5000-2024',
  'ledger-5000-2025',
  'northeast-fast-50-2020',
  'northeast-fast-50-2025',
  'harbor-county-fast-growth-2019',
  'harbor-county-fast-growth-2024',
  'tri-state-growth-100-2023',
] as const;
export const awardListingIdSchema = z.enum(awardListingIds);
export type AwardListingId = z.infer<typeof awardListingIdSchema>;

/** An award: badge image, year, title, description, and its external listing. */
export const awardSchema = z.object({
  year: awardYearSchema,
  title: words,
  /** The short words printed on the badge itself. */
  badgeText: words,
  badge: badgeStyleSchema,
  description: words,
  /** Key of its public listing in the site config (illustrative URLs; opens in a new tab). */
  listing: awardListingIdSchema,
});
export type Award = z.infer<typeof awardSchema>;

const isNewestFirst = (years: readonly number[]) =>
  years.every((year, index) => index === 0 || year < (years[index - 1] ?? year + 1));

export const awardsContentSchema = z
  .object({
    meta: metaSchema,
    intro: introSchema,
    /** Years shown newest first; each is a group of badges. */
    years: z
      .array(awardYearSchema)
      .refine(isNewestFirst, 'Years are listed newest first, each once.')
      .readonly(),
    awards: list(awardSchema),
    listingLinkLabel: words,
    newTabNote: words,
    closing: titledTextSchema.extend({ link: linkSchema }),
  })
  .superRefine((content, ctx) => {
    // The page shows awards by year, so an award of a year not listed would never appear.
    content.awards.forEach((award, index) => {
      if (!content.years.includes(award.year)) {
        ctx.addIssue({
          code: 'custom',
          path: ['awards', index, 'year'],
          message: `${award.year} is not one of the years shown; add it to years.`,
        });
      }
    });
  });

export type AwardsContent = z.infer<typeof awardsContentSchema>;
