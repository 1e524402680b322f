import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
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
import { contentImagesQuery, useDeleteImage, useUploadImage } from '../api';
import { failureText } from '../../common/api/query-client';
import { ConfirmDialog } from '../../common/components/confirm-dialog';
import { FieldFrame } from '../../common/components/fields';
import { NoticeNote, Pending, type Notice } from '../../common/components/status';
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

/** The id of an image's Delete button in the gallery `name`: focus comes back to it. */
const deleteButtonId = (name: string, imageId: number) => `${name}-delete-${imageId}`;

/**
 * One image of the gallery, a choice among the others; its thumbnail is told by its words. The
 * field's own image offers no Delete: the form places it, saved or not.
 */
function GalleryItem({
  image,
  name,
  checked,
  onSelect,
  onDelete,
}: {
  image: ContentImageDetail;
  name: string;
  checked: boolean;
  onSelect: () => void;
  onDelete: (() => void) | undefined;
}) {
  const width = fittedWidth(image, GALLERY_THUMBNAIL);
  return (
    <li className="cf-gallery__item">
      <label className="cf-gallery__card">
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
        <span className="cf-gallery__name">
          <input type="radio" name={name} checked={checked} onChange={onSelect} />
          Image {image.id}
        </span>
        <span>
          {image.width} × {image.height} px
        </span>
        <span className="cf-gallery__when">
          Uploaded <When iso={image.uploadedAt} withTime={false} />
          {image.uploadedBy ? ` by ${image.uploadedBy}` : ''}
        </span>
      </label>
      {onDelete ? (
        <button
          id={deleteButtonId(name, image.id)}
          type="button"
          className="button button--secondary cf-tool"
          onClick={onDelete}
          aria-label={`Delete image ${image.id}`}
        >
          Delete
        </button>
      ) : (
        <p className="rc-muted cf-gallery__here">Chosen in this field</p>
      )}
    </li>
  );
}

/**
 * The dialog's inside, mounted while it is open: an upload (whose image is then the one chosen)
 * and the gallery of every uploaded image as a choice, each but the field's own one deletable
 * after a question; "Use this image" places the one chosen.
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
  const remove = useDeleteImage();
  const [deleting, setDeleting] = useState<ContentImageDetail>();
  const [notice, setNotice] = useState<Notice>(null);
  // Where focus goes once the question is gone: while it is open, nothing behind it takes focus.
  const [focusNext, setFocusNext] = useState<string>();
  const fileRef = useRef<HTMLInputElement>(null);
  const uploadId = `${name}-upload`;

  useEffect(() => {
    if (deleting || !focusNext) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(undefined);
  }, [deleting, focusNext]);
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

  /** Deletes the image asked about; the server refuses one a revision places (409). */
  const deleteNow = async (image: ContentImageDetail) => {
    setNotice(null);
    try {
      await remove.mutateAsync(image.id);
      if (selected === image.id) setSelected(undefined);
      if (uploaded?.id === image.id) setUploaded(undefined);
      setNotice({ kind: 'ok', text: `Image ${image.id} is deleted.` });
      // Its card and button are gone: focus goes to the top of the dialog's controls.
      setFocusNext(uploadId);
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(error) });
      setFocusNext(deleteButtonId(name, image.id));
    }
    setDeleting(undefined);
  };

  return (
    <>
      <FieldFrame
        id={uploadId}
        label="Upload an image"
        hint={`JPEG, PNG, WebP or AVIF, at most ${CONTENT_IMAGE_MAX_MB} MB: it is added to the images below, and chosen.`}
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
        <NoticeNote notice={notice} />
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
                onDelete={image.id === chosenId ? undefined : () => setDeleting(image)}
              />
            ))}
          </ul>
        ) : null}
      </fieldset>
      {deleting ? (
        <ConfirmDialog
          title="Delete this image?"
          confirmLabel={`Delete image ${deleting.id}`}
          cancelLabel="No, keep it"
          danger
          busy={remove.isPending}
          onConfirm={() => void deleteNow(deleting)}
          onCancel={() => {
            setFocusNext(deleteButtonId(name, deleting.id));
            setDeleting(undefined);
          }}
        >
          <p>
            Image {deleting.id} ({deleting.width} × {deleting.height} px) and every size made of it
            are deleted for good. An image that any revision of a page places is kept.
          </p>
        </ConfirmDialog>
      ) : null}
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
