import {
  CONTENT_IMAGE_FIELD,
  contentDiffSchema,
  contentImagePaths,
  contentImageSchema,
  contentImagesSchema,
  contentEntriesSchema,
  contentEntrySchema,
  contentPaths,
  contentPreviewSchema,
  contentRevisionsSchema,
  type ContentEntryDetail,
  type ContentImageDetail,
} from '@lumenfield/site-content';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { call, pathWithQuery, withId } from '../common/api/request';

/** The site's content (docs/content.md): every call is one of the contract's paths. */
const revisionPath = (id: string, revisionId: number) =>
  withId(contentPaths.restore, id).replace(':revisionId', String(revisionId));

export const contentKeys = {
  all: ['content'] as const,
  entries: ['content', 'entries'] as const,
  entry: (id: string) => ['content', 'entry', id] as const,
  revisions: (id: string) => ['content', 'revisions', id] as const,
  diff: (id: string, left: number, right: number) => ['content', 'diff', id, left, right] as const,
  images: ['content', 'images'] as const,
};

export const contentEntriesQuery = queryOptions({
  queryKey: contentKeys.entries,
  queryFn: ({ signal }) =>
    call('GET', contentPaths.entries, { schema: contentEntriesSchema, signal }),
});

export const contentEntryQuery = (id: string) =>
  queryOptions({
    queryKey: contentKeys.entry(id),
    queryFn: ({ signal }) =>
      call('GET', withId(contentPaths.entry, id), { schema: contentEntrySchema, signal }),
  });

export const contentRevisionsQuery = (id: string) =>
  queryOptions({
    queryKey: contentKeys.revisions(id),
    queryFn: ({ signal }) =>
      call('GET', withId(contentPaths.revisions, id), { schema: contentRevisionsSchema, signal }),
  });

/** The fields that differ from revision `left` to `right` (either may be the draft's). */
export const contentDiffQuery = (id: string, left: number, right: number) =>
  queryOptions({
    queryKey: contentKeys.diff(id, left, right),
    queryFn: ({ signal }) =>
      call('GET', pathWithQuery(withId(contentPaths.diff, id), { left, right }), {
        schema: contentDiffSchema,
        signal,
      }),
  });

/**
 * A change that answers with the entry (a saved or restored draft): the answer is the cache's
 * copy at once; the list (its draft column) and the revisions are asked again.
 */
function useEntryChange<V>(id: string, send: (variables: V) => Promise<ContentEntryDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (entry) => queryClient.setQueryData(contentKeys.entry(id), entry),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: contentKeys.entries });
      void queryClient.invalidateQueries({ queryKey: contentKeys.revisions(id) });
      void queryClient.invalidateQueries({ queryKey: ['content', 'diff', id] });
    },
  });
}

/** PUT the draft: refused with a 400 naming each field (`content.hero.title`). */
export const useSaveDraft = (id: string) =>
  useEntryChange(id, (content: unknown) =>
    call('PUT', withId(contentPaths.draft, id), {
      body: { content },
      schema: contentEntrySchema,
    }),
  );

/** A published revision's content becomes the draft. */
export const useRestoreRevision = (id: string) =>
  useEntryChange(id, (revisionId: number) =>
    call('POST', revisionPath(id, revisionId), { schema: contentEntrySchema }),
  );

/** Publish the draft now, or schedule it for `at`; the entry and its history are asked again. */
export function usePublish(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (at: string | undefined) =>
      call<unknown>('POST', withId(contentPaths.publish, id), { body: at ? { at } : {} }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

/** A new private preview link of the draft (the one before stops working). */
export const usePreviewLink = (id: string) =>
  useMutation({
    mutationFn: () =>
      call('POST', withId(contentPaths.preview, id), { schema: contentPreviewSchema }),
  });

/** Every uploaded image, newest first: the gallery an image field is chosen from. */
export const contentImagesQuery = queryOptions({
  queryKey: contentKeys.images,
  queryFn: ({ signal }) =>
    call('GET', contentImagePaths.images, { schema: contentImagesSchema, signal }),
});

/**
 * Uploads one image file (multipart, its one field): the answer is the stored image, new or the
 * one the same bytes made before, put first in the gallery's cache at once.
 */
export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (share: number) => void }) => {
      const form = new FormData();
      form.append(CONTENT_IMAGE_FIELD, file);
      return apiUpload('POST', contentImagePaths.images, {
        body: form,
        schema: contentImageSchema,
        ...(onProgress ? { onProgress: (sent, total) => onProgress(sent / total) } : {}),
      });
    },
    onSuccess: (image) =>
      queryClient.setQueryData(
        contentKeys.images,
        (old: { images: ContentImageDetail[] } | undefined) =>
          !old || old.images.some((known) => known.id === image.id)
            ? old
            : { images: [image, ...old.images] },
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: contentKeys.images }),
  });
}

/** Deletes an image no revision places (409 naming the pages when one does). */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) =>
      call<unknown>('DELETE', withId(contentImagePaths.image, imageId)),
    onSuccess: (_answer, imageId) =>
      queryClient.setQueryData(
        contentKeys.images,
        (old: { images: ContentImageDetail[] } | undefined) =>
          old ? { images: old.images.filter((image) => image.id !== imageId) } : old,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: contentKeys.images }),
  });
}
