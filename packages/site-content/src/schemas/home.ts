import { z } from 'zod';
import {
  closingSchema,
  headingSchema,
  introSchema,
  linkSchema,
  list,
  metaSchema,
  routeIdSchema,
  titledTextSchema,
  words,
} from './fields';

/** The home page's copy (CONTENT.md). The page component renders this and nothing else. */
export const homeContentSchema = z.object({
  meta: metaSchema,
  hero: introSchema.extend({
    tellMe: z.object({
      label: words,
      /** Exactly five questions (CONTENT.md); choosing one navigates to its route. */
      options: z.array(linkSchema).length(5).readonly(),
      submitLabel: words,
    }),
    primaryAction: linkSchema,
    /** The hero art's text alternative. */
    artLabel: words,
  }),
  expertise: headingSchema.extend({
    /** The spec's expertise links; the visible label is the route's own title. */
    links: list(z.object({ to: routeIdSchema, line: words })),
  }),
  thoughtLeadership: headingSchema.extend({
    linkLabel: words,
    /** Six 'Learn More' cards; targets are our choice (CONTENT.md). */
    cards: z
      .array(z.object({ topic: words, title: words, summary: words, to: routeIdSchema }))
      .length(6)
      .readonly(),
  }),
  impact: headingSchema.extend({
    /** `claim` is the spec's claim word for word; `figure` is its large display form. */
    claims: list(z.object({ figure: words, claim: words, context: words })),
  }),
  timeline: headingSchema.extend({
    steps: list(titledTextSchema.extend({ points: list(words) })),
  }),
  closing: closingSchema,
});

export type HomeContent = z.infer<typeof homeContentSchema>;
