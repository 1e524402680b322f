import {
  applicantScorecardsSchema,
  feedbackDueSchema,
  scorecardPageSchema,
  scorecardPaths,
  type ScorecardInput,
} from '@lumenfield/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, withId } from '../common/api/request';

export const scorecardsApi = {
  /** The interview's kit, your card, and the others' once yours is in. */
  scorecard: (interviewId: number, signal?: AbortSignal) =>
    call('GET', withId(scorecardPaths.scorecard, interviewId), {
      schema: scorecardPageSchema,
      signal,
    }),
  save: (interviewId: number, body: ScorecardInput) =>
    call('PUT', withId(scorecardPaths.scorecard, interviewId), {
      body,
      schema: z.object({ submittedAt: z.string().nullable() }),
    }),
  applicantScorecards: (applicantId: number, signal?: AbortSignal) =>
    call('GET', withId(scorecardPaths.applicantScorecards, applicantId), {
      schema: applicantScorecardsSchema,
      signal,
    }),
  feedbackDue: (who: 'me' | 'everyone', signal?: AbortSignal) =>
    call('GET', scorecardPaths.feedbackDue, { query: { who }, schema: feedbackDueSchema, signal }),
};

export const scorecardKeys = {
  all: ['scorecards'] as const,
  card: (interviewId: number) => ['scorecards', 'card', interviewId] as const,
  applicant: (applicantId: number) => ['scorecards', 'applicant', applicantId] as const,
  due: (who: 'me' | 'everyone') => ['scorecards', 'due', who] as const,
};

export const scorecardQuery = (interviewId: number) =>
  queryOptions({
    queryKey: scorecardKeys.card(interviewId),
    queryFn: ({ signal }) => scorecardsApi.scorecard(interviewId, signal),
  });

export const applicantScorecardsQuery = (applicantId: number) =>
  queryOptions({
    queryKey: scorecardKeys.applicant(applicantId),
    queryFn: ({ signal }) => scorecardsApi.applicantScorecards(applicantId, signal),
  });

export const feedbackDueQuery = (who: 'me' | 'everyone') =>
  queryOptions({
    queryKey: scorecardKeys.due(who),
    queryFn: ({ signal }) => scorecardsApi.feedbackDue(who, signal),
  });

/**
 * Saves (or submits) your card. A submitted card changes what you and others see of the rest,
 * and the feedback due: every scorecard view loads again once it is in.
 */
export function useSaveScorecard(interviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScorecardInput) => scorecardsApi.save(interviewId, body),
    onSuccess: (_saved, body) =>
      body.submit
        ? queryClient.invalidateQueries({ queryKey: scorecardKeys.all })
        : queryClient.invalidateQueries({ queryKey: scorecardKeys.card(interviewId) }),
  });
}
