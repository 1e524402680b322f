import {
  createdLinkSchema,
  sourcePaths,
  sourcesOverviewSchema,
  type NewSource,
} from '@lumenfield/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, withId } from '../common/api/request';

export const sourcesApi = {
  /** Sources and tracking links (docs/recruiters.md, "Sources"). */
  sources: (signal?: AbortSignal) =>
    call('GET', sourcePaths.sources, { schema: sourcesOverviewSchema, signal }),
  createSource: (body: NewSource) =>
    call('POST', sourcePaths.sources, { body, schema: z.object({ id: z.number().int() }) }),
  deleteSource: (id: number) => call<void>('DELETE', withId(sourcePaths.source, id)),
  createLink: (sourceId: number, jobId: number | null) =>
    call('POST', withId(sourcePaths.links, sourceId), {
      body: { jobId },
      schema: createdLinkSchema,
    }),
  setLinkActive: (id: number, active: boolean) =>
    call<void>('PATCH', withId(sourcePaths.link, id), { body: { active } }),
};

export const sourcesKeys = { all: ['sources'] as const };

/** The sources with their links and counts; also the names a list can be filtered by. */
export const sourcesQuery = queryOptions({
  queryKey: sourcesKeys.all,
  queryFn: ({ signal }) => sourcesApi.sources(signal),
});

/** A change to the sources: said at once, and the overview loaded again, failed or not. */
function useSourcesChange<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sourcesKeys.all }),
  });
}

export const useCreateSource = () => useSourcesChange(sourcesApi.createSource);
export const useDeleteSource = () => useSourcesChange(sourcesApi.deleteSource);
export const useCreateLink = () =>
  useSourcesChange(({ sourceId, jobId }: { sourceId: number; jobId: number | null }) =>
    sourcesApi.createLink(sourceId, jobId),
  );
export const useSetLinkActive = () =>
  useSourcesChange(({ linkId, active }: { linkId: number; active: boolean }) =>
    sourcesApi.setLinkActive(linkId, active),
  );
