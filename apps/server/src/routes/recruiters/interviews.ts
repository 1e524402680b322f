import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_ROLES,
  APPLICANT_READER_ROLES,
  conflictsQuerySchema,
  conflictsSchema,
  interviewPatchSchema,
  interviewPaths,
  interviewPlanInputSchema,
  interviewPlanSchema,
  interviewSchema,
  interviewerSchema,
  openingParamsSchema as params,
  scheduleInputSchema,
  workingHoursInputSchema,
  workingHoursSchema,
} from '@lumenfield/contract';
import type { Config } from '../../config';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { mailOrigin } from '../../plugins/public-origin';
import { HttpProblem } from '../../lib/http-problem';
import { reachOf } from '../../domains/team/reach';
import { consoleProblems, signedIn } from './console-user';

const staff = { access: 'session' } as const;
const tags = ['console'];
const cleanAll = (texts: readonly string[]) => texts.map((text) => clean(text));

/**
 * Interview plans, working hours and scheduling (docs/recruiters.md): admins and recruiters
 * keep each opening's plan and schedule interviews; everyone keeps their own working hours.
 */
export const consoleInterviewsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const { repos } = app;
  // A calendar UID stays the same for the interview's life: minted under the site's own host.
  const origin = mailOrigin(config);
  const uidHost = new URL(origin).hostname;

  app.get(
    interviewPaths.plan,
    {
      config: staff,
      schema: {
        summary: "An opening's interview plan: the interviews of each open stage, with kits",
        tags,
        params,
        response: { 200: interviewPlanSchema, ...consoleProblems(404) },
      },
    },
    async (request) => repos.interviews.plan(request.params.id),
  );

  app.put(
    interviewPaths.plan,
    {
      config: staff,
      schema: {
        summary: 'Replace the plan: kept ids change, missing ones are removed, new ones added',
        tags,
        params,
        body: interviewPlanInputSchema,
        response: { 200: interviewPlanSchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const stages = request.body.stages.map((stage) => ({
        stage: stage.stage,
        interviews: stage.interviews.map((interview) => ({
          ...interview,
          name: clean(interview.name),
          focusAttributes: cleanAll(interview.focusAttributes),
          questions: cleanAll(interview.questions),
        })),
      }));
      return repos.interviews.replacePlan(request.params.id, { stages }, user.id, app.now());
    },
  );

  // Under /session: the signed-in browser's own settings, for every role (never a token).
  const own = { access: 'session', sessionOnly: true, roles: ALL_ROLES } as const;
  app.get(
    interviewPaths.workingHours,
    {
      config: own,
      schema: {
        summary: 'Your time zone and weekly working hours (none kept until you set them)',
        tags,
        response: { 200: workingHoursSchema, ...consoleProblems() },
      },
    },
    async (request) => repos.interviews.workingHours(signedIn(request).user.id),
  );

  app.put(
    interviewPaths.workingHours,
    {
      config: own,
      schema: {
        summary: 'Set your time zone and weekly working hours',
        tags,
        body: workingHoursInputSchema,
        response: { 200: workingHoursSchema, ...consoleProblems() },
      },
    },
    async (request) =>
      repos.interviews.setWorkingHours(signedIn(request).user.id, request.body, app.now()),
  );

  app.get(
    interviewPaths.interviewers,
    {
      config: staff,
      schema: {
        summary: 'The active console users who may run an interview',
        tags,
        response: { 200: z.array(interviewerSchema), ...consoleProblems() },
      },
    },
    async () => repos.interviews.interviewers(),
  );

  app.get(
    interviewPaths.applicantInterviews,
    {
      // Read by everyone who reaches the applicant (team/reach.ts): an interviewer reads only
      // the interviews that name them, with their kits; their scorecards are another route's.
      config: { access: 'session', roles: APPLICANT_READER_ROLES },
      schema: {
        summary: "An applicant's interviews (an interviewer's: their own), with kits",
        tags,
        params,
        response: { 200: z.array(interviewSchema), ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      const reach = reachOf(user);
      if (!(await repos.team.reachesApplicant(reach, id))) {
        throw new HttpProblem(404, `There is no applicant ${id}.`);
      }
      return repos.interviews.forApplicant(
        id,
        app.now(),
        reach.kind === 'interviews' ? user.id : undefined,
      );
    },
  );

  app.post(
    interviewPaths.applicantInterviews,
    {
      config: staff,
      schema: {
        summary:
          'Schedule an interview (startsAt: the wall time in timeZone), or offer times (offerSlots)',
        tags,
        params,
        body: scheduleInputSchema,
        response: { 201: interviewSchema, ...consoleProblems(404) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const input = { ...request.body, location: clean(request.body.location ?? '') || null };
      const interview = await repos.interviews.schedule(
        request.params.id,
        input,
        { userId: user.id, uidHost, origin },
        app.now(),
      );
      return reply.code(201).send(interview);
    },
  );

  app.patch(
    interviewPaths.interview,
    {
      config: staff,
      schema: {
        summary: 'Reschedule an interview (start, duration, interviewers, location)',
        tags,
        params,
        body: interviewPatchSchema,
        response: { 200: interviewSchema, ...consoleProblems(404, 409) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { location, ...patch } = request.body;
      const cleaned =
        location === undefined ? patch : { ...patch, location: clean(location ?? '') };
      return repos.interviews.reschedule(request.params.id, cleaned, user.id, app.now());
    },
  );

  app.delete(
    interviewPaths.interview,
    {
      config: staff,
      schema: {
        summary: 'Cancel an interview (its calendar cancellation follows)',
        tags,
        params,
        response: { 204: z.null(), ...consoleProblems(404, 409) },
      },
    },
    async (request, reply) => {
      await repos.interviews.cancel(request.params.id, signedIn(request).user.id, app.now());
      return reply.code(204).send(null);
    },
  );

  app.post(
    interviewPaths.conflicts,
    {
      config: staff,
      schema: {
        summary: "A schedule's overlaps and working-hours verdict per interviewer, before saving",
        tags,
        body: conflictsQuerySchema,
        response: { 200: conflictsSchema, ...consoleProblems() },
      },
    },
    async (request) => repos.interviews.conflicts(request.body),
  );
};
