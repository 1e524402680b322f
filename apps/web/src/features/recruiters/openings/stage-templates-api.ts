import {
  stageTemplatePaths,
  stageTemplatesSchema,
  type StageTemplates,
} from '@lumenfield/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, withId } from '../common/api/request';

/** An opening's automatic messages on a stage move (docs/recruiters.md). */
export const stageTemplatesKeys = { of: (jobId: number) => ['stage-templates', jobId] as const };

export const stageTemplatesQuery = (jobId: number) =>
  queryOptions({
    queryKey: stageTemplatesKeys.of(jobId),
    queryFn: ({ signal }) =>
      call('GET', withId(stageTemplatePaths.stageTemplates, jobId), {
        schema: stageTemplatesSchema,
        signal,
      }),
  });

export function useSaveStageTemplates(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StageTemplates) =>
      call<void>('PUT', withId(stageTemplatePaths.stageTemplates, jobId), { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: stageTemplatesKeys.of(jobId) }),
  });
}
