import { boardSchema, consolePaths, type BoardQuery } from '@lumenfield/contract';
import { call, withId } from '../shared/api/request';

export const pipelineApi = {
  /** An opening's board; `stage` and `page` ask for one column's next cards. */
  board: (jobId: number, query: BoardQuery = {}, signal?: AbortSignal) =>
    call('GET', withId(consolePaths.board, jobId), {
      query: { ...query },
      schema: boardSchema,
      signal,
    }),
};
