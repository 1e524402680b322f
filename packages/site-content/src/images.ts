/**
 * The sizes and formats every uploaded content image is served in (docs/content.md, "Images"):
 * one list, read by the server when it makes the variants and by the web's `ContentImage` when
 * it writes `srcset`, so a page never names a variant that was not made.
 */

/** The widths made of each image, in CSS pixels at 1x up to large screens at 2x. */
export const CONTENT_IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** The modern formats, best first (a `<picture>`'s sources in this order). */
export const MODERN_IMAGE_FORMATS = ['avif', 'webp'] as const;
/** The original's family, for browsers without the modern ones: PNG keeps an alpha channel. */
export const FALLBACK_IMAGE_FORMATS = ['jpg', 'png'] as const;
export type FallbackImageFormat = (typeof FALLBACK_IMAGE_FORMATS)[number];
export type ImageFormat = (typeof MODERN_IMAGE_FORMATS)[number] | FallbackImageFormat;

export const IMAGE_FORMAT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** Where the public variants are served: `/media/content/<id>/<width>.<format>`. */
export const CONTENT_MEDIA_PATH = '/media/content';

/**
 * The widths made of an image `width` pixels wide: every listed width not above it (an image is
 * never enlarged), or its own width alone when it is narrower than the smallest.
 */
export function variantWidths(width: number): number[] {
  const fitting = CONTENT_IMAGE_WIDTHS.filter((candidate) => candidate <= width);
  return fitting.length > 0 ? fitting : [width];
}

/** A variant's height: the original's proportion, rounded, never under a pixel. */
export function variantHeight(original: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((original.height * width) / original.width));
}

export function contentImageUrl(imageId: number, width: number, format: ImageFormat): string {
  return `${CONTENT_MEDIA_PATH}/${imageId}/${width}.${format}`;
}
