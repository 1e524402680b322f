import { useId, useRef, useState, type ChangeEvent } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_MAX_MB,
  CONTENT_IMAGE_TOO_LARGE,
  IMAGE_FORMAT_TYPES,
  type ContentImageDetail,
} from '@lumenfield/site-content';
import { ContentImage } from '@/components/content-image';
import { Modal } from '@/components/modal';
import { contentImagesQuery, useUploadImage } from '../api';
import { failureText } from '../../common/api/query-client';
import { FieldFrame } from '../../common/components/fields';
import { Pending } from '../../common/components/status';
import { When } from '../../common/components/when';

/** The types the upload takes, as the file input offers them: the server judges the bytes. */
const ACCEPTED_TYPES = [...new Set(Object.values(IMAGE_FORMAT_TYPES))].join(',');
const GALLERY_THUMBNAIL = { width: 160, height: 120 };

/** The width an image is drawn at to fit a box, never wider than itself: a thumbnail's. */
export function fittedWidth(
  image: { width: number; height: number },
  box: { width: number; height: number },
): number {
  const byHeight = Math.round((box.height * image.width) / image.height);
  return Math.max(1, Math.min(box.width, image.width, byHeight));
}

/** One image of the gallery, a choice among the others; its thumbnail is told by its words. */
function GalleryItem({
  image,
  name,
  checked,
  onSelect,
}: {
  image: ContentImageDetail;
  name: string;
  checked: boolean;
  onSelect: () => void;
}) {
  const id = `${name}-${image.id}`;
  const width = fittedWidth(image, GALLERY_THUMBNAIL);
  return (
    <li className="cf-gallery__item">
      <input id={id} type="radio" name={name} checked={checked} onChange={onSelect} />
      <label htmlFor={id}>
        <span className="cf-gallery__thumb">
          <ContentImage
            image={{
              imageId: image.id,
              alt: '',
              width: image.width,
              height: image.height,
              fallback: image.fallback,
            }}
            sizes={`${width}px`}
            width={width}
          />
        </span>
        <span className="cf-gallery__name">Image {image.id}</span>
        <span>
          {image.width} × {image.height} px
        </span>
        <span className="cf-gallery__when">
          Uploaded <When iso={image.uploadedAt} withTime={false} />
          {image.uploadedBy ? ` by ${image.uploadedBy}` : ''}
        </span>
      </label>
    </li>
  );
}

/**
 * The dialog's inside, mounted while it is open: an upload (whose image is then the one chosen)
 * and the gallery of every uploaded image as a choice; "Use this image" places it.
 */
function PickerBody({
  chosenId,
  onChoose,
  onClose,
}: {
  chosenId: number | undefined;
  onChoose: (image: ContentImageDetail) => void;
  onClose: () => void;
}) {
  const name = `cf-picker-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const images = useQuery(contentImagesQuery);
  const upload = useUploadImage();
  const [selected, setSelected] = useState(chosenId);
  const [uploadError, setUploadError] = useState<string>();
  const [sent, setSent] = useState<number>();
  const [uploaded, setUploaded] = useState<ContentImageDetail>();
  const fileRef = useRef<HTMLInputElement>(null);
  const listed = images.data?.images ?? [];
  // The upload's image shows even when the gallery could not be read.
  const gallery =
    uploaded && !listed.some((image) => image.id === uploaded.id) ? [uploaded, ...listed] : listed;
  const selectedImage = gallery.find((image) => image.id === selected);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploadError(undefined);
    setUploaded(undefined);
    // Refused here rather than after the whole file has been sent.
    if (file.size > CONTENT_IMAGE_MAX_BYTES) {
      setUploadError(CONTENT_IMAGE_TOO_LARGE);
      return;
    }
    try {
      setSent(0);
      const image = await upload.mutateAsync({ file, onProgress: setSent });
      setUploaded(image);
      setSelected(image.id);
    } catch (error) {
      setUploadError(failureText(error));
    } finally {
      setSent(undefined);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <>
      <FieldFrame
        id={`${name}-upload`}
        label="Upload an image"
        hint={`JPEG, PNG, WebP or AVIF, at most ${CONTENT_IMAGE_MAX_MB} MB. It joins the images below, chosen.`}
        error={uploadError}
      >
        {(control) => (
          <input
            {...control}
            ref={fileRef}
            type="file"
            accept={ACCEPTED_TYPES}
            disabled={upload.isPending}
            data-autofocus
            onChange={(event) => void onFile(event)}
          />
        )}
      </FieldFrame>
      <p className="rc-muted cf-picker__status" role="status">
        {sent !== undefined
          ? `Uploading… ${Math.round(sent * 100)} %`
          : uploaded
            ? `Uploaded: image ${uploaded.id} (${uploaded.width} × ${uploaded.height} px) is chosen.`
            : ''}
      </p>
      <fieldset className="cf-gallery">
        <legend>Uploaded images</legend>
        <Pending query={images} what="the images" />
        {images.isSuccess && gallery.length === 0 ? (
          <p className="rc-muted">No image has been uploaded yet: upload one above.</p>
        ) : null}
        {gallery.length > 0 ? (
          <ul className="cf-gallery__items">
            {gallery.map((image) => (
              <GalleryItem
                key={image.id}
                image={image}
                name={name}
                checked={image.id === selected}
                onSelect={() => setSelected(image.id)}
              />
            ))}
          </ul>
        ) : null}
      </fieldset>
      <div className="rc-form__actions cf-picker__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!selectedImage || upload.isPending}
          onClick={() => selectedImage && onChoose(selectedImage)}
        >
          Use this image
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </>
  );
}

/**
 * The gallery an image field is chosen from (docs/content.md, "Images"), in the console's modal
 * dialog: focus moves in, Escape closes it, and focus returns to the button that opened it. It
 * is drawn outside the content's form, so Enter on a choice does not save the draft.
 */
export function ImagePicker({
  open,
  label,
  chosenId,
  onChoose,
  onClose,
}: {
  open: boolean;
  /** The field's name ("Photo"): the dialog's title says what is chosen for. */
  label: string;
  chosenId: number | undefined;
  onChoose: (image: ContentImageDetail) => void;
  onClose: () => void;
}) {
  return createPortal(
    <Modal open={open} onClose={onClose} title={`Choose an image: ${label}`} className="cf-picker">
      <PickerBody chosenId={chosenId} onChoose={onChoose} onClose={onClose} />
    </Modal>,
    document.body,
  );
}
