import type { RouteId, routes } from '@lumenfield/routes';
import { z } from 'zod';
import { list, metaDescription, titledTextSchema, words } from './fields';
import { serviceRouteIdSchema } from './services';
import { topicIconSchema } from './topic-icons';

/**
 * The three industry pages. One template renders them; the section routes
 * (industries/mahathipartners, industries/howwehelp) render the Insurance page and land on
 * its `partners` and `how-we-help` sections.
 */

/** Every route the industry template renders. */
export type IndustryRouteId = {
  [K in RouteId]: (typeof routes)[K]['screen'] extends 'industry' ? K : never;
}[RouteId];

/** The routes that own a page of their own (the others land on a section of one of these). */
export const industryPageIds = [
  'industries',
  'industriesLegal',
  'industriesManlog',
] as const satisfies readonly IndustryRouteId[];
export const industryPageIdSchema = z.enum(industryPageIds);
export type IndustryPageId = z.infer<typeof industryPageIdSchema>;

/** The technology partners a page may name; the web's `site.partners` lists each one. */
export const partnerNames = [
  'Guidewire',
  'Microsoft',
  'Amazon Web Services',
  'ServiceNow',
] as const;
export const partnerNameSchema = z.enum(partnerNames);
export type PartnerName = z.infer<typeof partnerNameSchema>;

export const industryEntrySchema = z.object({
  description: metaDescription,
  eyebrow: words,
  lead: words,
  /** A short, concrete line about who this page is for, shown beside the hero. */
  audience: words,
  specialties: z.object({
    title: words,
    intro: words,
    items: list(
      titledTextSchema.extend({ icon: topicIconSchema, service: serviceRouteIdSchema.optional() }),
    ),
  }),
  partners: z.object({
    title: words,
    intro: words,
    models: list(titledTextSchema),
    technologyTitle: words,
    technology: list(partnerNameSchema),
  }),
  philosophy: z.object({ title: words, statement: words, principles: list(titledTextSchema) }),
  howWeHelp: z.object({ title: words, intro: words, steps: list(titledTextSchema) }),
  getInTouch: titledTextSchema.extend({ label: words }),
});
export type IndustryEntry = z.infer<typeof industryEntrySchema>;

/** Every industry page's entry, and no other. */
export const industryContentSchema = z.record(industryPageIdSchema, industryEntrySchema);

/** The words the template puts around every entry. */
export const industryTemplateTextSchema = z.object({
  expertiseEyebrow: words,
  partnersEyebrow: words,
  philosophyEyebrow: words,
  howWeHelpEyebrow: words,
  relatedServicePrefix: words,
  howWeHelpAction: words,
});

export type IndustryTemplateText = z.infer<typeof industryTemplateTextSchema>;
