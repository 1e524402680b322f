import {
  conflictsSchema,
  interviewPaths,
  interviewPlanSchema,
  interviewSchema,
  interviewerSchema,
  workingHoursSchema,
  type ConflictsQuery,
  type InterviewPatch,
  type InterviewPlanInput,
  type ScheduleInput,
  type WorkingHoursInput,
} from '@lumenfield/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, withId } from '../common/api/request';

const interviewListSchema = z.array(interviewSchema);

export const interviewsApi = {
  plan: (jobId: number, signal?: AbortSignal) =>
    call('GET', withId(interviewPaths.plan, jobId), { schema: interviewPlanSchema, signal }),
  savePlan: (jobId: number, body: InterviewPlanInput) =>
    call('PUT', withId(interviewPaths.plan, jobId), { body, schema: interviewPlanSchema }),
  workingHours: (signal?: AbortSignal) =>
    call('GET', interviewPaths.workingHours, { schema: workingHoursSchema, signal }),
  saveWorkingHours: (body: WorkingHoursInput) =>
    call('PUT', interviewPaths.workingHours, { body, schema: workingHoursSchema }),
  interviewers: (signal?: AbortSignal) =>
    call('GET', interviewPaths.interviewers, { schema: z.array(interviewerSchema), signal }),
  forApplicant: (applicantId: number, signal?: AbortSignal) =>
    call('GET', withId(interviewPaths.applicantInterviews, applicantId), {
      schema: interviewListSchema,
      signal,
    }),
  schedule: (applicantId: number, body: ScheduleInput) =>
    call('POST', withId(interviewPaths.applicantInterviews, applicantId), {
      body,
      schema: interviewSchema,
    }),
  reschedule: (id: number, body: InterviewPatch) =>
    call('PATCH', withId(interviewPaths.interview, id), { body, schema: interviewSchema }),
  cancel: (id: number) => call<void>('DELETE', withId(interviewPaths.interview, id)),
  conflicts: (body: ConflictsQuery, signal?: AbortSignal) =>
    call('POST', interviewPaths.conflicts, { body, schema: conflictsSchema, signal }),
};

export const interviewKeys = {
  plan: (jobId: number) => ['interviews', 'plan', jobId] as const,
  workingHours: ['interviews', 'working-hours'] as const,
  interviewers: ['interviews', 'interviewers'] as const,
  forApplicant: (applicantId: number) => ['interviews', 'applicant', applicantId] as const,
  conflicts: (query: ConflictsQuery) => ['interviews', 'conflicts', query] as const,
};

export const planQuery = (jobId: number) =>
  queryOptions({
    queryKey: interviewKeys.plan(jobId),
    queryFn: ({ signal }) => interviewsApi.plan(jobId, signal),
  });

export const workingHoursQuery = queryOptions({
  queryKey: interviewKeys.workingHours,
  queryFn: ({ signal }) => interviewsApi.workingHours(signal),
});

export const interviewersQuery = queryOptions({
  queryKey: interviewKeys.interviewers,
  queryFn: ({ signal }) => interviewsApi.interviewers(signal),
});

export const applicantInterviewsQuery = (applicantId: number) =>
  queryOptions({
    queryKey: interviewKeys.forApplicant(applicantId),
    queryFn: ({ signal }) => interviewsApi.forApplicant(applicantId, signal),
  });

/** What a schedule as typed would meet; the last answer stays shown while the next loads. */
export const conflictsQuery = (query: ConflictsQuery) =>
  queryOptions({
    queryKey: interviewKeys.conflicts(query),
    queryFn: ({ signal }) => interviewsApi.conflicts(query, signal),
    placeholderData: keepPreviousData,
  });

export function useSavePlan(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InterviewPlanInput) => interviewsApi.savePlan(jobId, body),
    onSuccess: (plan) => queryClient.setQueryData(interviewKeys.plan(jobId), plan),
  });
}

export function useSaveWorkingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: interviewsApi.saveWorkingHours,
    onSuccess: (hours) => queryClient.setQueryData(interviewKeys.workingHours, hours),
  });
}

/** A schedule, a move or a cancellation: the applicant's list and any conflicts reload. */
function useInterviewChange<A>(applicantId: number, change: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: interviewKeys.forApplicant(applicantId) }),
        queryClient.invalidateQueries({ queryKey: ['interviews', 'conflicts'] }),
      ]),
  });
}

export const useSchedule = (applicantId: number) =>
  useInterviewChange(applicantId, (body: ScheduleInput) =>
    interviewsApi.schedule(applicantId, body),
  );
export const useReschedule = (applicantId: number) =>
  useInterviewChange(applicantId, ({ id, patch }: { id: number; patch: InterviewPatch }) =>
    interviewsApi.reschedule(id, patch),
  );
export const useCancelInterview = (applicantId: number) =>
  useInterviewChange(applicantId, (id: number) => interviewsApi.cancel(id));
