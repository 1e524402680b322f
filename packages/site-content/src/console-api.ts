import { z } from 'zod';
import type { UserRole } from '@lumenfield/contract';
import { contentEntries, type ContentId } from './registry';
import { FALLBACK_IMAGE_FORMATS, MODERN_IMAGE_FORMATS } from './images';

/**
 * The console's content API (docs/content.md), under /api like every console call: the
 * session, the fixed header and on writes the XSRF echo; or a person's own API token.
 */
export const contentPaths = {
  /** GET every editable page and shared block: its state, version and dates. */
  entries: '/recruiters/content',
  /** GET what visitors see of it, and its draft. */
  entry: '/recruiters/content/:id',
  /** PUT `{ content }`: the draft, made or changed in place; checked by its family's schema. */
  draft: '/recruiters/content/:id/draft',
  /** GET every published revision, newest first, with who and when. */
  revisions: '/recruiters/content/:id/revisions',
  /** GET `?left=&right=` (two revision ids of the entry, its draft's too): the fields that differ. */
  diff: '/recruiters/content/:id/diff',
  /**
   * POST `{ at? }`: publish the draft now (every node's pages show it before the answer), or at
   * `at` (an instant to come). Refused with field errors when a publish guard says no; 409 when
   * there is no draft.
   */
  publish: '/recruiters/content/:id/publish',
  /** POST: the published revision's content becomes the draft (to preview, then publish). */
  restore: '/recruiters/content/:id/revisions/:revisionId/restore',
  /** POST: a new private preview link for the draft (the one before stops working). */
  preview: '/recruiters/content/:id/preview',
} as const;

/**
 * The images placed in content (docs/content.md, "Images"), beside the pages' paths: uploaded
 * once, judged by their bytes, served in every size and format at CONTENT_MEDIA_PATH.
 */
export const contentImagePaths = {
  /**
   * POST multipart/form-data with one file (`file`: JPEG, PNG, WebP or AVIF, at most
   * CONTENT_IMAGE_MAX_MB): 201 with the new image and its variants, or 200 with the image the
   * same bytes made before. GET: every image, newest first.
   */
  images: '/recruiters/content/images',
  /**
   * DELETE: the image and every variant, when no revision of any page (published, old or a
   * draft) places it; 409 when one does, naming the pages.
   */
  image: '/recruiters/content/images/:id',
} as const;
export const contentImageParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** The largest image file an upload takes, in MB (a camera's JPEG is 5 to 15). */
export const CONTENT_IMAGE_MAX_MB = 20;
export const CONTENT_IMAGE_MAX_BYTES = CONTENT_IMAGE_MAX_MB * 1024 * 1024;
/** What a file over CONTENT_IMAGE_MAX_MB is told: by the server, and by the console before it sends one. */
export const CONTENT_IMAGE_TOO_LARGE = `The image is too large: send a file of at most ${CONTENT_IMAGE_MAX_MB} MB.`;
/** The multipart field of the upload's file. */
export const CONTENT_IMAGE_FIELD = 'file';

/** The query parameter of a preview link: the page's real URL with `?preview=<token>`. */
export const PREVIEW_PARAM = 'preview';

/**
 * Who edits the site's words: editors, whose console is only its content section (and their own
 * account), and admins.
 */
export const CONTENT_ROLES: readonly UserRole[] = ['admin', 'editor'];

const contentIds = contentEntries.map((entry) => entry.id) as [ContentId, ...ContentId[]];
export const contentIdSchema = z.enum(contentIds);
export const contentParamsSchema = z.object({ id: contentIdSchema });

const instant = z.string();
/** Whom a revision names: the person's display name, or null for the site's own seed. */
const person = z.string().nullable();

export const contentDraftInfoSchema = z.object({
  revisionId: z.number().int(),
  createdAt: instant,
  createdBy: person,
  updatedAt: instant,
  /** When it goes live by itself, or null: it waits for a publish. */
  publishAt: instant.nullable(),
  /** The published revision whose content a restore copied into it. */
  restoredFromId: z.number().int().nullable(),
});

export const contentEntrySummarySchema = z.object({
  id: contentIdSchema,
  /** A page (at its own URL) or a block several pages show. */
  kind: z.enum(['page', 'block']),
  /** The family whose schema types its content. */
  family: z.string(),
  /** One more at every publish. */
  version: z.number().int(),
  publishedAt: instant,
  draft: contentDraftInfoSchema.nullable(),
});
export type ContentEntrySummary = z.infer<typeof contentEntrySummarySchema>;
export const contentEntriesSchema = z.object({ entries: z.array(contentEntrySummarySchema) });

export const contentEntrySchema = contentEntrySummarySchema.extend({
  /** What visitors see. */
  published: z.unknown(),
  /** The draft's content, when there is a draft. */
  draftContent: z.unknown().optional(),
});
export type ContentEntryDetail = z.infer<typeof contentEntrySchema>;

export const contentDraftBodySchema = z.object({ content: z.unknown() });
export const contentRevisionSchema = z.object({
  revisionId: z.number().int(),
  publishedAt: instant,
  publishedBy: person,
  restoredFromId: z.number().int().nullable(),
});
export const contentRevisionsSchema = z.object({ revisions: z.array(contentRevisionSchema) });

export const contentPublishBodySchema = z.object({
  /** When to publish (ISO 8601, an instant to come); absent: now. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export const contentRestoreParamsSchema = z.object({
  id: contentIdSchema,
  revisionId: z.coerce.number().int().positive(),
});
/** A preview link: the page's real URL (the first page showing a block) with its token. */
export const contentPreviewSchema = z.object({ url: z.string() });

export const contentDiffQuerySchema = z.object({
  left: z.coerce.number().int().positive(),
  right: z.coerce.number().int().positive(),
});
export const contentDiffSchema = z.object({
  changes: z.array(
    z.object({
      /** Where in the content: keys and list positions from the top. */
      path: z.array(z.union([z.string(), z.number()])),
      before: z.unknown().optional(),
      after: z.unknown().optional(),
    }),
  ),
});

export const contentImageVariantSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum([...MODERN_IMAGE_FORMATS, ...FALLBACK_IMAGE_FORMATS]),
  /** Its size in bytes. */
  bytes: z.number().int(),
});
/**
 * A stored image: what an image field of the content takes (`imageId` is its `id`; width,
 * height and fallback as here), and every variant made of it.
 */
export const contentImageSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** The original's real type, judged by its bytes. */
  mimeType: z.string(),
  fallback: z.enum(FALLBACK_IMAGE_FORMATS),
  uploadedAt: instant,
  uploadedBy: person,
  variants: z.array(contentImageVariantSchema),
});
export type ContentImageDetail = z.infer<typeof contentImageSchema>;
export const contentImagesSchema = z.object({ images: z.array(contentImageSchema) });
