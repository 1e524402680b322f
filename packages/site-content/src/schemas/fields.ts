import { routeIds } from '@lumenfield/routes';
import { z } from 'zod';
import { FALLBACK_IMAGE_FORMATS } from '../images';

/** Words a visitor reads: an empty heading, label or sentence is a broken page, so none is. */
export const words = z.string().min(1);

/** Search results cut a longer meta description off (CONTENT.md). */
export const META_DESCRIPTION_MAX = 160;
export const metaDescription = words.max(META_DESCRIPTION_MAX);
export const metaSchema = z.object({ description: metaDescription });

/** Readonly, so the `as const` seeds satisfy the inferred types without a cast. */
export const list = <T extends z.ZodType>(item: T) => z.array(item).readonly();

/** Any route of the route table: a link to a page that does not exist is refused. */
export const routeIdSchema = z.enum(routeIds);

export const introSchema = z.object({ eyebrow: words, lead: words });
/** A section's heading block: its small label, its h2 and the paragraph under it. */
export const headingSchema = z.object({ eyebrow: words, title: words, intro: words });
export const titledTextSchema = z.object({ title: words, text: words });
export const linkSchema = z.object({ label: words, to: routeIdSchema });
export const closingSchema = titledTextSchema.extend({ action: linkSchema });

/**
 * An uploaded image placed in content (docs/content.md, "Images"): the stored image's id and its
 * size (the original's, so a page sets width and height and reserves its room), and its text
 * alternative. A draft may keep an empty alt while the editor writes; publishing refuses it
 * (guards.ts).
 */
export const imageSchema = z.object({
  imageId: z.number().int().positive(),
  alt: z.string().max(300),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The variant for browsers without AVIF or WebP: JPEG, or PNG when the original has alpha. */
  fallback: z.enum(FALLBACK_IMAGE_FORMATS),
});
export type ContentImageField = z.infer<typeof imageSchema>;
