import { toIso, type Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import {
  FALLBACK_IMAGE_FORMATS,
  type FallbackImageFormat,
  type ImageFormat,
} from '@lumenfield/site-content';

/** A variant as the console lists it: its size and format, and how many bytes it is. */
export interface ContentImageVariantInfo {
  width: number;
  height: number;
  format: ImageFormat;
  bytes: number;
}

/** A stored image (docs/content-store.md, "Images"), without any of its bytes. */
export interface StoredContentImage {
  id: number;
  width: number;
  height: number;
  /** The original's real type, judged by its bytes. */
  mimeType: string;
  fallback: FallbackImageFormat;
  /** The original's size in bytes. */
  bytes: number;
  uploadedBy: number | null;
  uploadedAt: string;
  variants: ContentImageVariantInfo[];
}

export interface NewContentImage {
  /** The SHA-256 of the original's bytes (hex): the same bytes again are the same image. */
  sha256: string;
  width: number;
  height: number;
  mimeType: string;
  fallback: FallbackImageFormat;
  original: Buffer;
  uploadedBy: number;
  variants: readonly {
    width: number;
    height: number;
    format: ImageFormat;
    content: Buffer;
    sha256: string;
  }[];
}

/** The bytes a public variant answers with, and what its headers say of them. */
export interface ContentImageVariantFile {
  content: Buffer;
  sha256: string;
}

/** The lock of one original's bytes: two uploads of the same file are judged one after the other. */
export const contentImageLock = (sha256: string) => `content-image:${sha256}`;

/**
 * The lock of one stored image's use: a draft's save that places it and the image's deletion
 * both hold it, so a deletion never removes an image a draft is placing at that moment.
 */
export const placedImageLock = (imageId: number) => `content-image-use:${imageId}`;

interface ImageRow {
  id: number;
  width: number;
  height: number;
  mimeType: string;
  fallbackFormat: string;
  sizeBytes: number;
  uploadedBy: number | null;
  uploadedAt: Date | string;
}

const imageColumns = [
  'id',
  'width',
  'height',
  'mimeType',
  'fallbackFormat',
  'sizeBytes',
  'uploadedBy',
  'uploadedAt',
] as const;

const fallbackOf = (format: string): FallbackImageFormat =>
  FALLBACK_IMAGE_FORMATS.find((known) => known === format) ?? 'jpg';

/** The images placed in the site's content and their variants (migration 0045). */
export function contentImagesRepository(db: Db) {
  /** Each image's variants, smallest first, AVIF before WebP before the fallback. */
  async function variantsOf(imageIds: readonly number[]) {
    const byImage = new Map<number, ContentImageVariantInfo[]>();
    if (imageIds.length === 0) return byImage;
    const rows = await db
      .selectFrom('contentImageVariants')
      .select(['imageId', 'width', 'height', 'format', 'sizeBytes'])
      .where('imageId', 'in', imageIds)
      .execute();
    const order: readonly string[] = ['avif', 'webp', ...FALLBACK_IMAGE_FORMATS];
    rows.sort((a, b) => a.width - b.width || order.indexOf(a.format) - order.indexOf(b.format));
    for (const row of rows) {
      const list = byImage.get(row.imageId) ?? [];
      list.push({
        width: row.width,
        height: row.height,
        format: row.format as ImageFormat,
        bytes: row.sizeBytes,
      });
      byImage.set(row.imageId, list);
    }
    return byImage;
  }

  async function withVariants(rows: readonly ImageRow[]): Promise<StoredContentImage[]> {
    const variants = await variantsOf(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      width: row.width,
      height: row.height,
      mimeType: row.mimeType,
      fallback: fallbackOf(row.fallbackFormat),
      bytes: row.sizeBytes,
      uploadedBy: row.uploadedBy,
      uploadedAt: toIso(row.uploadedAt),
      variants: variants.get(row.id) ?? [],
    }));
  }

  async function findOne(
    column: 'id' | 'sha256',
    value: number | string,
  ): Promise<StoredContentImage | undefined> {
    const row = await db
      .selectFrom('contentImages')
      .select(imageColumns)
      .where(column, '=', value)
      .executeTakeFirst();
    return row ? (await withVariants([row]))[0] : undefined;
  }

  const repository = {
    /** The image made of exactly these bytes before, if any. */
    findBySha256: (sha256: string) => findOne('sha256', sha256),

    find: (id: number) => findOne('id', id),

    /** Every image, newest first: the console's library to place from. */
    async list(): Promise<StoredContentImage[]> {
      const rows = await db
        .selectFrom('contentImages')
        .select(imageColumns)
        .orderBy('id', 'desc')
        .execute();
      return withVariants(rows);
    },

    /**
     * Stores an image and its variants in one transaction, under its bytes' lock; when the same
     * bytes were stored first (an earlier upload, or one racing this), that image is the answer
     * and nothing is written (`created: false`).
     */
    async store(
      image: NewContentImage,
      at: Date,
    ): Promise<{ image: StoredContentImage; created: boolean }> {
      const outcome = await writeTransaction(
        db,
        async (trx) => {
          const existing = await trx
            .selectFrom('contentImages')
            .select('id')
            .where('sha256', '=', image.sha256)
            .executeTakeFirst();
          if (existing) return { id: existing.id, created: false };
          const { id: imageId } = await trx
            .insertInto('contentImages')
            .values({
              sha256: image.sha256,
              width: image.width,
              height: image.height,
              mimeType: image.mimeType,
              fallbackFormat: image.fallback,
              sizeBytes: image.original.length,
              original: image.original,
              uploadedBy: image.uploadedBy,
              uploadedAt: at.toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          // One row at a time: a few megabytes of bytes per statement at most.
          for (const variant of image.variants) {
            await trx
              .insertInto('contentImageVariants')
              .values({
                imageId,
                width: variant.width,
                height: variant.height,
                format: variant.format,
                sha256: variant.sha256,
                sizeBytes: variant.content.length,
                content: variant.content,
              })
              .execute();
          }
          return { id: imageId, created: true };
        },
        [contentImageLock(image.sha256)],
      );
      const stored = await repository.find(outcome.id);
      if (!stored) throw new Error(`content image ${outcome.id} was not stored`);
      return { image: stored, created: outcome.created };
    },

    /** Which of `ids` are stored images. */
    async existing(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('contentImages')
        .select('id')
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Deletes the image and its variants; whether it was there. Only the caller knows whether
     * content places it (image-placement.ts asks, under the image's lock).
     */
    async delete(imageId: number): Promise<boolean> {
      await db.deleteFrom('contentImageVariants').where('imageId', '=', imageId).execute();
      const { numDeletedRows } = await db
        .deleteFrom('contentImages')
        .where('id', '=', imageId)
        .executeTakeFirst();
      return numDeletedRows > 0n;
    },

    /** One variant's bytes, for its public answer. */
    async variant(
      imageId: number,
      width: number,
      format: ImageFormat,
    ): Promise<ContentImageVariantFile | undefined> {
      return db
        .selectFrom('contentImageVariants')
        .select(['content', 'sha256'])
        .where('imageId', '=', imageId)
        .where('width', '=', width)
        .where('format', '=', format)
        .executeTakeFirst();
    },
  };
  return repository;
}

export type ContentImagesRepository = ReturnType<typeof contentImagesRepository>;
