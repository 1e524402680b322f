import {
  IMAGE_FORMAT_TYPES,
  MODERN_IMAGE_FORMATS,
  contentImageUrl,
  variantHeight,
  variantWidths,
  type ContentImageField,
  type ImageFormat,
} from '@lumenfield/site-content';

export interface ContentImageProps {
  image: ContentImageField;
  /** How wide the image is shown (the `sizes` attribute): `120px`, `(min-width: 60rem) 50vw, 100vw`. */
  sizes: string;
  /** The width it is laid out at, in CSS pixels; its height follows the image's proportion. */
  width?: number;
}

/** Every variant of one format, for `srcset`: `/media/content/7/320.webp 320w, …`. */
function srcsetOf(image: ContentImageField, format: ImageFormat): string {
  return variantWidths(image.width)
    .map((width) => `${contentImageUrl(image.imageId, width, format)} ${width}w`)
    .join(', ');
}

/**
 * An uploaded image (docs/content.md, "Images"): AVIF and WebP for the browsers that take them,
 * the original's family (JPEG or PNG) for the rest, in the sizes the server made (the package's
 * `variantWidths`, the same list). Width and height are always set so the page reserves its room
 * before the bytes arrive; below the fold it loads lazily and decodes off the main thread. It
 * brings no style sheet of its own: a page that shows none (the seed's) stays byte for byte as
 * it was, its inlined critical CSS included.
 */
export function ContentImage({ image, sizes, width = image.width }: ContentImageProps) {
  const widths = variantWidths(image.width);
  // The smallest variant at least as wide as the layout, for browsers that ignore srcset.
  const src = widths.find((candidate) => candidate >= width) ?? widths[widths.length - 1]!;
  return (
    <picture>
      {MODERN_IMAGE_FORMATS.map((format) => (
        <source
          key={format}
          type={IMAGE_FORMAT_TYPES[format]}
          srcSet={srcsetOf(image, format)}
          sizes={sizes}
        />
      ))}
      <img
        src={contentImageUrl(image.imageId, src, image.fallback)}
        srcSet={srcsetOf(image, image.fallback)}
        sizes={sizes}
        width={width}
        height={variantHeight(image, width)}
        alt={image.alt}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}
