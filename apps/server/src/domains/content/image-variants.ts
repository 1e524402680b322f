import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Sharp } from 'sharp';
import {
  MODERN_IMAGE_FORMATS,
  variantHeight,
  variantWidths,
  type FallbackImageFormat,
  type ImageFormat,
} from '@lumenfield/site-content';

/** The types an uploaded content image may really be, judged by its bytes. */
export const CONTENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type ContentImageType = (typeof CONTENT_IMAGE_TYPES)[number];

/**
 * More pixels than any photo a page shows needs (a 24-megapixel camera's is 6000 × 4000): a
 * larger one is refused before it is decoded, since decoding costs 4 bytes a pixel.
 */
export const CONTENT_IMAGE_MAX_PIXELS = 40_000_000;

/** What the bytes really are, when they are one of the accepted types; else null. */
export async function contentImageType(bytes: Buffer): Promise<ContentImageType | null> {
  if (bytes.length === 0) return null;
  // A malformed container can make the detector throw: it is then simply not an image.
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const mime = detected?.mime as ContentImageType | undefined;
  return mime && CONTENT_IMAGE_TYPES.includes(mime) ? mime : null;
}

/** Why an image's bytes were not taken. */
export class ImageRefused extends Error {
  constructor(readonly reason: 'unreadable' | 'too-many-pixels') {
    super(reason);
  }
}

export interface MadeVariant {
  width: number;
  height: number;
  format: ImageFormat;
  content: Buffer;
  sha256: string;
}

export interface MadeImage {
  /** As shown: EXIF's rotation applied. */
  width: number;
  height: number;
  /** PNG when the original has pixels that are not opaque, else JPEG. */
  fallback: FallbackImageFormat;
  variants: MadeVariant[];
}

export const sha256Of = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Each format's encoder: small files a browser decodes quickly, at a cost paid once per upload. */
function encoded(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'avif':
      // Effort 4 of 9: most of the size gain at a fraction of the time of the slowest setting.
      return pipeline.avif({ quality: 55, effort: 4 });
    case 'webp':
      return pipeline.webp({ quality: 80 });
    case 'jpg':
      return pipeline.jpeg({ quality: 82, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
  }
}

/** One upload's variants at a time per node: its encoders never hold all of libuv's threads. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => undefined);
  return turn;
}

/**
 * Reads an image (its type already checked by its bytes) and makes every variant a page may ask
 * for: each width of `variantWidths` in AVIF, WebP and the original's family. Throws
 * `ImageRefused`: `too-many-pixels` past CONTENT_IMAGE_MAX_PIXELS (judged from the header,
 * before decoding), `unreadable` when the bytes do not decode. Metadata (EXIF, GPS) is not
 * carried into the variants.
 */
export function makeVariants(bytes: Buffer): Promise<MadeImage> {
  return oneAtATime(async () => {
    // Loaded on the first upload: its native library costs every process that builds the
    // repositories (each start, each command of the admin CLI) a third of a second otherwise.
    const { default: sharp } = await import('sharp');
    const input = () => sharp(bytes, { limitInputPixels: CONTENT_IMAGE_MAX_PIXELS, pages: 1 });
    // The header alone, read without the cap: the cap's own error would not say which it was.
    const metadata = await sharp(bytes, { limitInputPixels: false, pages: 1 })
      .metadata()
      .catch(() => {
        throw new ImageRefused('unreadable');
      });
    if (!metadata.width || !metadata.height) throw new ImageRefused('unreadable');
    if (metadata.width * metadata.height > CONTENT_IMAGE_MAX_PIXELS) {
      throw new ImageRefused('too-many-pixels');
    }
    // Orientations 5 to 8 turn the picture a quarter: its width is the stored height.
    const turned = (metadata.orientation ?? 1) >= 5;
    const original = {
      width: turned ? metadata.height : metadata.width,
      height: turned ? metadata.width : metadata.height,
    };
    try {
      const opaque = !metadata.hasAlpha || (await input().stats()).isOpaque;
      const fallback: FallbackImageFormat = opaque ? 'jpg' : 'png';
      const variants: MadeVariant[] = [];
      for (const width of variantWidths(original.width)) {
        const height = variantHeight(original, width);
        const resized = input().rotate().resize(width, height, { fit: 'fill' });
        const made = await Promise.all(
          [...MODERN_IMAGE_FORMATS, fallback].map(async (format) => {
            const content = await encoded(resized.clone(), format).toBuffer();
            return { width, height, format, content, sha256: sha256Of(content) };
          }),
        );
        variants.push(...made);
      }
      return { ...original, fallback, variants };
    } catch (error) {
      if (error instanceof ImageRefused) throw error;
      // A header that reads and pixels that do not (a cut-off file): not an image we can show.
      throw new ImageRefused('unreadable');
    }
  });
}
