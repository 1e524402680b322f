import {
  boardSchema,
  consolePaths,
  type ApplicantStage,
  type BoardQuery,
  type ConsoleApplicantRow,
} from '@lumenfield/contract';
import {
  queryOptions,
  useMutation,
  useMutationState,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { applicantsApi, applicantsKeys } from '../applicants/api';
import { call, withId } from '../common/api/request';
import { placed, viewOf, withMore, type BoardView } from './board-view';

export const pipelineApi = {
  /** An opening's board; `stage` and `page` ask for one column's next cards. */
  board: (jobId: number, query: BoardQuery = {}, signal?: AbortSignal) =>
    call('GET', withId(consolePaths.board, jobId), {
      query: { ...query },
      schema: boardSchema,
      signal,
    }),
};

export const pipelineKeys = {
  all: ['pipeline'] as const,
  board: (jobId: number) => ['pipeline', 'board', jobId] as const,
  moves: (jobId: number) => ['pipeline', 'board', jobId, 'move'] as const,
};

export const boardQuery = (jobId: number) =>
  queryOptions({
    queryKey: pipelineKeys.board(jobId),
    queryFn: async ({ signal }): Promise<BoardView> =>
      viewOf(await pipelineApi.board(jobId, {}, signal)),
  });

/** The card moved on the cached board (a rejection made in its dialog, say). */
export function placeOnBoard(
  queryClient: QueryClient,
  jobId: number,
  row: ConsoleApplicantRow,
  to: ApplicantStage,
) {
  queryClient.setQueryData(boardQuery(jobId).queryKey, (view) => view && placed(view, row, to));
}

export interface CardMove {
  row: ConsoleApplicantRow;
  to: ApplicantStage;
}

/**
 * A card's move, optimistic: the card is in its new column at once, and back in its old one if
 * the server refuses (`onRefused` hears why). The board is not loaded again after it: that would
 * drop the cards "Show more" brought; the server's answer confirms the move.
 */
export function useMoveCard(jobId: number, onRefused: (move: CardMove, error: Error) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: pipelineKeys.moves(jobId),
    mutationFn: ({ row, to }: CardMove) => applicantsApi.setStage(row.applicantId, to),
    onMutate: ({ row, to }) => {
      // A board still loading would put the card back where it was.
      void queryClient.cancelQueries({ queryKey: pipelineKeys.board(jobId) });
      placeOnBoard(queryClient, jobId, row, to);
    },
    onSuccess: (answer, { row, to }) => {
      if (answer.stage !== to)
        placeOnBoard(queryClient, jobId, { ...row, stage: to }, answer.stage);
    },
    onError: (error, move) => {
      placeOnBoard(queryClient, jobId, { ...move.row, stage: move.to }, move.row.stage);
      onRefused(move, error);
    },
    onSettled: (_answer, _error, { row }) =>
      void queryClient.invalidateQueries({ queryKey: applicantsKeys.applicant(row.applicantId) }),
  });
}

/** The ids of the cards whose move is on its way (each card moves once at a time). */
export function useMovingCards(jobId: number): number[] {
  return useMutationState({
    filters: { mutationKey: pipelineKeys.moves(jobId), status: 'pending' },
    select: (mutation) => (mutation.state.variables as CardMove).row.applicantId,
  });
}

/** "Show more": a column's next cards, added to the cached board (a read, asked on demand). */
export function useShowMore(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stage, after }: { stage: ApplicantStage; after: number | undefined }) =>
      pipelineApi.board(jobId, after === undefined ? { stage } : { stage, after: String(after) }),
    onSuccess: (answer) => {
      const next = answer.columns[0];
      if (!next) return;
      queryClient.setQueryData(boardQuery(jobId).queryKey, (view) => view && withMore(view, next));
    },
  });
}
