import { routeIds } from '@lumenfield/routes';
import { z } from 'zod';

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
