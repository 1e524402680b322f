import {
  createdLinkSchema,
  sourcePaths,
  sourcesOverviewSchema,
  type NewSource,
} from '@lumenfield/contract';
import { z } from 'zod';
import { call, withId } from '../shared/api/request';

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
