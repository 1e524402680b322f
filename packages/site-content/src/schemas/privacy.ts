import { z } from 'zod';
import { introSchema, list, metaSchema, words } from './fields';

/**
 * The privacy policy (CONTENT.md). The policy wording covers the hosted property
 * portal we operate for clients, so it speaks of property managers, tenants, vendors,
 * subscribers and landlords, as the spec's policy does.
 */
export const policyBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('paragraph'), text: words }),
  z.object({ kind: z.literal('list'), items: list(words) }),
  z.object({
    kind: z.literal('subheading'),
    text: words,
    /** h3 (absent: the seed's) or h4 under an h3 of its section (checked at publish: guards.ts). */
    level: z.literal([3, 4]).optional(),
  }),
]);
export type PolicyBlock = z.infer<typeof policyBlockSchema>;

export const policySectionSchema = z.object({
  /** The section's anchor (`#<id>-title`), so lower-case words joined by hyphens. */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case words joined by hyphens.'),
  title: words,
  /** Empty for the GDPR heading, which the spec keeps without text. */
  blocks: list(policyBlockSchema),
  /** Adds the company's contact details (from the site config) after the blocks. */
  showContactDetails: z.boolean().optional(),
});
export type PolicySection = z.infer<typeof policySectionSchema>;

export const privacyContentSchema = z.object({
  meta: metaSchema,
  intro: introSchema,
  effectiveDateLabel: words,
  /** As the spec gives it: 6/23/2020. */
  effectiveDate: z.string().regex(/^\d{1,2}\/\d{1,2}\/\d{4}$/, 'Write the date as 6/23/2020.'),
  contentsLabel: words,
  contactLabels: z.object({ email: words, phone: words }),
  sections: list(policySectionSchema).refine(
    (sections) => new Set(sections.map((section) => section.id)).size === sections.length,
    'Every section has its own id: the contents list links to each.',
  ),
});

export type PrivacyContent = z.infer<typeof privacyContentSchema>;
