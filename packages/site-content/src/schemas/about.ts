import { z } from 'zod';
import {
  closingSchema,
  headingSchema,
  imageSchema,
  introSchema,
  list,
  metaSchema,
  titledTextSchema,
  words,
} from './fields';

/** A person shown on the about page; the seed has no photos (their initials stand in). */
export const personSchema = z.object({
  name: words,
  jobTitle: words,
  photo: imageSchema.optional(),
});
export type Person = z.infer<typeof personSchema>;

/** The values' names and order, as the spec gives them (CONTENT.md). */
export const VALUE_NAMES = ['Reachable', 'Responsible', 'Reliable'] as const;

/** The about page's copy (CONTENT.md): purpose, values, people, D&I, partnerships, giving. */
export const aboutContentSchema = z.object({
  meta: metaSchema,
  intro: introSchema,
  purpose: z.object({
    eyebrow: words,
    title: words,
    paragraphs: list(words),
    /** The purpose art's text alternative. */
    artLabel: words,
  }),
  values: headingSchema.extend({
    /** Reachable, Responsible, Reliable in that order (CONTENT.md). */
    items: z
      .array(z.object({ name: words, text: words, icon: z.enum(['phone', 'check', 'clock']) }))
      .refine(
        (items) => items.map((item) => item.name).join('|') === VALUE_NAMES.join('|'),
        `The values are ${VALUE_NAMES.join(', ')}, in that order.`,
      )
      .readonly(),
  }),
  founders: headingSchema.extend({ people: list(personSchema.extend({ bio: words })) }),
  management: headingSchema.extend({ people: list(personSchema) }),
  diversity: z.object({
    eyebrow: words,
    title: words,
    paragraphs: list(words),
    certifications: list(z.object({ name: words, text: words })),
  }),
  partnerships: headingSchema,
  giving: headingSchema.extend({ initiatives: list(titledTextSchema) }),
  closing: closingSchema,
});

export type AboutContent = z.infer<typeof aboutContentSchema>;
