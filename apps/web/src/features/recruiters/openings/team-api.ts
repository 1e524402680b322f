import { teamPaths, teamPersonSchema, teamSchema, type TeamInput } from '@lumenfield/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, withId } from '../common/api/request';

/** An opening's hiring team, and the people a team may name (docs/recruiters.md). */
export const teamApi = {
  team: (jobId: number, signal?: AbortSignal) =>
    call('GET', withId(teamPaths.team, jobId), { schema: teamSchema, signal }),
  people: (signal?: AbortSignal) =>
    call('GET', teamPaths.people, { schema: z.array(teamPersonSchema), signal }),
  /** Answers the team as saved. */
  replace: (jobId: number, body: TeamInput) =>
    call('PUT', withId(teamPaths.team, jobId), { body, schema: teamSchema }),
};

export const teamKeys = {
  team: (jobId: number) => ['team', jobId] as const,
  people: ['team', 'people'] as const,
};

export const teamQuery = (jobId: number) =>
  queryOptions({
    queryKey: teamKeys.team(jobId),
    queryFn: ({ signal }) => teamApi.team(jobId, signal),
  });

export const teamPeopleQuery = queryOptions({
  queryKey: teamKeys.people,
  queryFn: ({ signal }) => teamApi.people(signal),
});

/** A save of the whole team: the team as saved is the page's from then on. */
export function useReplaceTeam(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamInput) => teamApi.replace(jobId, body),
    onSuccess: (saved) => queryClient.setQueryData(teamQuery(jobId).queryKey, saved),
  });
}
