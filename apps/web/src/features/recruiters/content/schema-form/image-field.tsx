import { useRef, useState } from 'react';
import {
  FALLBACK_IMAGE_FORMATS,
  type ContentImageDetail,
  type ContentImageField,
} from '@lumenfield/site-content';
import { ContentImage } from '@/components/content-image';
import { FieldFrame } from '../../common/components/fields';
import { controlId, pathKey, type FieldPath, type FormNode } from './form-model';
import { ImagePicker, fittedWidth } from './image-picker';
import './image-field.css';

/** What an image field holds besides its alt text: the stored image's id, size and format. */
export type PlacedImage = Omit<ContentImageField, 'alt'>;

const positiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The image a field's value names, when it names one whole (a draft may hold anything). */
export function placedImage(value: unknown): PlacedImage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { imageId, width, height, fallback } = value as Record<string, unknown>;
  const format = FALLBACK_IMAGE_FORMATS.find((known) => known === fallback);
  if (!positiveInteger(imageId) || !positiveInteger(width) || !positiveInteger(height) || !format) {
    return undefined;
  }
  return { imageId, width, height, fallback: format };
}

/** A stored image as the field keeps it, with the alt text the field had. */
export const placed = (image: ContentImageDetail, alt: string): ContentImageField => ({
  imageId: image.id,
  alt,
  width: image.width,
  height: image.height,
  fallback: image.fallback,
});

const THUMBNAIL = { width: 160, height: 120 };
/** The parts of an image the editor never types: refused ones are said beside the group. */
const IMAGE_PARTS = ['imageId', 'width', 'height', 'fallback'] as const;

/**
 * An image of the content (the package's `imageSchema`): its thumbnail and size, its alt text,
 * and the buttons that choose one from the gallery (or upload one) and, when the image may be
 * left out, remove it. Choosing keeps the alt text already written.
 */
export function ImageField({
  node,
  path,
  label,
  value,
  optional,
  errors,
  onChange,
}: {
  node: Extract<FormNode, { kind: 'image' }>;
  path: FieldPath;
  label: string;
  value: unknown;
  optional: boolean;
  errors: ReadonlyMap<string, readonly string[]>;
  onChange: (path: FieldPath, value: unknown) => void;
}) {
  const [choosing, setChoosing] = useState(false);
  // The dialog is made on first use, then kept: its closing hands focus back to the button.
  const [used, setUsed] = useState(false);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const id = controlId(path);
  const image = placedImage(value);
  const alt =
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { alt?: unknown }).alt === 'string'
      ? (value as { alt: string }).alt
      : '';
  const altPath = [...path, 'alt'];
  const error = [path, ...IMAGE_PARTS.map((part) => [...path, part])]
    .flatMap((at) => errors.get(pathKey(at)) ?? [])
    .join(' ');
  const hint = `What the image shows, for someone who cannot see it; needed to publish.${
    node.altMaxLength ? ` At most ${node.altMaxLength} characters.` : ''
  }`;
  const shownWidth = image ? fittedWidth(image, THUMBNAIL) : 0;

  return (
    <fieldset
      id={id}
      className="cf-group cf-image"
      tabIndex={-1}
      {...(error ? { 'aria-describedby': `${id}-error` } : {})}
    >
      <legend>{label}</legend>
      {error ? (
        <p id={`${id}-error`} className="rc-field__error">
          {error}
        </p>
      ) : null}
      {image ? (
        <div className="cf-image__chosen">
          <div className="cf-image__thumb">
            <ContentImage image={{ ...image, alt }} sizes={`${shownWidth}px`} width={shownWidth} />
          </div>
          <p className="rc-muted">
            {image.width} × {image.height} pixels
          </p>
        </div>
      ) : (
        <p className="rc-muted">No image chosen.</p>
      )}
      {image ? (
        <FieldFrame
          id={controlId(altPath)}
          label="Alt text"
          hint={hint}
          error={errors.get(pathKey(altPath))?.join(' ')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              value={alt}
              onChange={(event) => onChange(altPath, event.target.value)}
            />
          )}
        </FieldFrame>
      ) : null}
      <div className="cf-image__tools">
        {/* The error summary's link to the image itself (`…photo.imageId`) lands here. */}
        <button
          ref={chooseRef}
          id={controlId([...path, 'imageId'])}
          type="button"
          className="button button--secondary cf-tool"
          onClick={() => {
            setUsed(true);
            setChoosing(true);
          }}
          aria-haspopup="dialog"
          {...(error ? { 'aria-describedby': `${id}-error` } : {})}
        >
          Choose an image
        </button>
        {optional && value !== undefined ? (
          <button
            type="button"
            className="button button--secondary cf-tool"
            onClick={() => {
              onChange(path, undefined);
              chooseRef.current?.focus();
            }}
          >
            Remove image
          </button>
        ) : null}
      </div>
      {used ? (
        <ImagePicker
          open={choosing}
          label={label}
          chosenId={image?.imageId}
          onChoose={(chosen) => {
            onChange(path, placed(chosen, alt));
            setChoosing(false);
          }}
          onClose={() => setChoosing(false)}
        />
      ) : null}
    </fieldset>
  );
}
