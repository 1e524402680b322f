import { routeIds, routes, type RouteId } from '@lumenfield/routes';
import { z } from 'zod';
import { list, metaDescription, titledTextSchema, words } from './fields';
import { topicIconSchema } from './topic-icons';

/**
 * Every service page's copy. One entry per route whose screen is the ServicePage template;
 * the page title (its h1) comes from the route table, the tab strip from the Services groups
 * of packages/routes/src/navigation.ts. See CONTENT.md, "How to add a service page".
 */

/** The routes the ServicePage template renders: a new service route demands an entry here. */
export type ServiceRouteId = {
  [K in RouteId]: (typeof routes)[K]['screen'] extends 'service' ? K : never;
}[RouteId];

const isServiceRoute = (id: RouteId): id is ServiceRouteId => routes[id].screen === 'service';
export const serviceRouteIds = routeIds.filter(isServiceRoute);
export const serviceRouteIdSchema = z.enum(serviceRouteIds);

export const serviceOfferingSchema = z.object({
  icon: topicIconSchema,
  title: words,
  text: words,
});
export type ServiceOffering = z.infer<typeof serviceOfferingSchema>;

/** The shared blocks a service page may show. */
export const serviceBlockSchema = z.enum(['solutions', 'focus']);

export const serviceEntrySchema = z.object({
  /** The meta description: one sentence a search result can show. */
  description: metaDescription,
  /** The line under the h1. */
  lead: words,
  overview: z.object({
    title: words,
    paragraphs: list(words),
    /** The side panel: what a client can count on, in short phrases. */
    highlightsTitle: words,
    highlights: list(words),
  }),
  offerings: z.object({ title: words, intro: words, items: list(serviceOfferingSchema) }),
  /** The four approach steps (CONTENT.md). */
  approach: z.object({ title: words, steps: z.array(titledTextSchema).length(4).readonly() }),
  /** The shared blocks this page shows: 'focus' after the offerings, 'solutions' after the approach. */
  blocks: z
    .array(serviceBlockSchema)
    .refine((blocks) => new Set(blocks).size === blocks.length, 'Show each block once.')
    .readonly(),
  cta: titledTextSchema,
});
export type ServiceEntry = z.infer<typeof serviceEntrySchema>;

/** Every service route's entry, and no other: a missing or unknown route is refused. */
export const serviceContentSchema = z.record(serviceRouteIdSchema, serviceEntrySchema);

/** The solutions list repeated on several pages, in the order the old site gave it (CONTENT.md). */
export const solutionsSchema = z.object({
  title: words,
  intro: words,
  items: list(titledTextSchema),
});

/** The 'What we Focus' areas, in this order; the web app draws a glyph for each key. */
export const FOCUS_KEYS = ['people', 'process', 'technology', 'data'] as const;

/** The 'What we Focus' block: People, Process, Technology, Data. */
export const focusAreasSchema = z.object({
  title: words,
  intro: words,
  items: z
    .array(titledTextSchema.extend({ key: z.enum(FOCUS_KEYS) }))
    .refine(
      (items) => items.map((item) => item.key).join('|') === FOCUS_KEYS.join('|'),
      `The areas are ${FOCUS_KEYS.join(', ')}, in that order.`,
    )
    .readonly(),
});

/** The words the template puts around every entry: eyebrows, button labels, the strip's name. */
export const serviceTemplateTextSchema = z.object({
  eyebrowSuffix: words,
  heroAction: words,
  overviewEyebrow: words,
  offeringsEyebrow: words,
  approachEyebrow: words,
  ctaAction: words,
});

export type Solutions = z.infer<typeof solutionsSchema>;
export type FocusAreas = z.infer<typeof focusAreasSchema>;
export type ServiceTemplateText = z.infer<typeof serviceTemplateTextSchema>;
