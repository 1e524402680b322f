import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADD_CANDIDATE_NOTE_MAX,
  APPLIED_SUCCESSFULLY,
  JOB_APPLICANTS_PATH,
  MAX_RESUME_MB,
  TOO_LONG_MESSAGE,
  addCandidateFieldNames as names,
  adminJobParamsSchema,
  answerFieldName,
  candidateAddedSchema,
  type FieldError,
} from '@lumenfield/contract';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/create-db';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { HttpProblem } from '../../lib/http-problem';
import {
  applicationRouteOptions,
  readsApplications,
  judgeApplicationForm,
  readApplicationForm,
} from '../application-parts';
import { consoleProblems, signedIn } from './console-user';
import { reachOf } from '../../domains/team/reach';

/** A positive whole number as a form sends it, else null (no choice). */
const idOf = (text: string | undefined) =>
  text !== undefined && /^\d{1,9}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null;

/**
 * POST /api/recruiters/jobs/:id/applicants: a candidate a recruiter adds by hand (a referral's
 * or an agency's resume), as multipart/form-data in the apply form's names, read by the same
 * streamed path and judged by the same rules and duplicate check as applying
 * (application-parts.ts, acceptApplication), with the same size, upload-budget and hourly limits.
 * Besides: the named source chosen (credited 'recruiter'), an optional note kept as the
 * recruiter's note on the applicant, and the confirmation e-mail only when asked. Admins and
 * recruiters (the guard's default roles); the addition is audited in its transaction.
 */
export const consoleAddCandidateRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: DbHandle;
}> = async (app, { config, database }) => {
  const decoders = await readsApplications(app);

  app.post(
    JOB_APPLICANTS_PATH,
    {
      ...applicationRouteOptions(app, { config, database }, 'session'),
      schema: {
        summary: `Add a candidate to an opening by hand, as multipart/form-data with a resume (PDF, DOC or DOCX, at most ${MAX_RESUME_MB} MB)`,
        tags: ['console'],
        consumes: ['multipart/form-data'],
        params: adminJobParamsSchema,
        response: {
          200: candidateAddedSchema,
          201: candidateAddedSchema,
          ...consoleProblems(404, 413, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      if (!request.isMultipart()) {
        throw new HttpProblem(415, 'The candidate must be sent as multipart/form-data.');
      }
      const jobId = request.params.id;
      // Open or closed: a recruiter may add a candidate to any opening there is.
      const job = await app.repos.jobs.findById(jobId);
      if (!job) throw new HttpProblem(404, `There is no opening with id ${jobId}.`);
      const form = await readApplicationForm(request, job, {
        decoders,
        extraFields: Object.values(names),
      });
      // The candidate was not asked the opening's questions: answers are no field of this form.
      const answered = Object.keys(form.values.answers).map(answerFieldName);
      if (answered.length > 0) {
        throw new HttpProblem(
          400,
          `The candidate has fields the form does not know: ${answered.join(', ')}.`,
        );
      }
      const note = clean(form.extras[names.note] ?? '', true).trim();
      const noteErrors: FieldError[] =
        note.length > ADD_CANDIDATE_NOTE_MAX
          ? [{ field: names.note, message: TOO_LONG_MESSAGE }]
          : [];
      const chosen = idOf(form.extras[names.sourceId]);
      // A source not on the list (deleted, or never there) is no choice.
      const source = chosen === null ? undefined : await app.repos.sources.find(chosen);
      const result = await judgeApplicationForm(app, config, request, job, form, {
        userId: user.id,
        source: source ?? null,
        sendConfirmation: form.extras[names.sendConfirmation] === 'yes',
        errors: noteErrors,
      });
      if (!result.accepted) {
        const { errors } = result;
        throw new HttpProblem(400, errors[0]?.message ?? 'The candidate is invalid.', errors);
      }
      request.log.info(
        { applicantId: result.applicantId, jobId, bytes: result.resumeBytes, form: 'console' },
        result.duplicate ? 'duplicate candidate: answered the stored one' : 'candidate added',
      );
      // The note is a note like any other on the applicant's page: written with its lock and
      // its own audit row, once the applicant exists (not for the same application sent again).
      if (!result.duplicate && note !== '') {
        const reach = reachOf(user);
        await app.repos.pipeline.writeNote(result.applicantId, user.id, note, app.now(), reach);
      }
      return reply.code(result.duplicate ? 200 : 201).send({
        applicantId: result.applicantId,
        message: APPLIED_SUCCESSFULLY,
        duplicate: result.duplicate,
      });
    },
  );
};
