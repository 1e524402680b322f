import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLOSED_OPENING_MESSAGE,
  MAX_RESUME_MB,
  apiPaths,
  applicationMessages,
  applicationCreatedSchema,
  applicationInputOf,
  applicationPayloadSchema,
  saveApplicantQuerySchema,
  toApplicationCreated,
  wireName,
} from '@lumenfield/contract';
import type { Config } from '../../../config';
import { mailOrigin } from '../../../plugins/public-origin';
import { readBodyChunks } from '../../../lib/read-body';
import { acceptApplication } from '../../../domains/applications/accept-application';
import { acceptedAnswer } from '../../../domains/applications/accepted-answer';
import { HttpProblem } from '../../../lib/http-problem';
import type { Repositories } from '../../../domains';
import type { ApplicationStore } from '../../../domains/applications/application-store';
import type { DecodeResult } from '../../../workers/body-decoder';
import { asBuffer, createWorkerPool, runMoving } from '../../../workers/pool';
import { problemResponses } from '../../problem-responses';

/**
 * Body limits of this route only (every other route keeps the global 1 MB). A 5 MB resume is
 * ~7 MB as base64 and up to ~20 MB as the old client's array of byte numbers ("255,").
 */
export const BASE64_BODY_LIMIT = 7_500_000;
export const BYTE_ARRAY_BODY_LIMIT = 22_000_000;
/** The application without its resume: a few short fields (docs/api.md); more is not an application. */
export const FIELDS_LIMIT = 64 * 1024;

/** The body's Content-Length, when it declares a sane one (chunked bodies do not). */
function declaredLength(request: FastifyRequest): number | undefined {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

function tooLarge(): HttpProblem {
  return new HttpProblem(413, applicationMessages.tooLargeToSend);
}

/** The resume's bytes as the body decoder left them, and whether they are a zip bomb. */
interface DecodedResume {
  bytes: Uint8Array | undefined;
  zipBomb: boolean;
}

/** POST /Jobs/SaveApplicantDetail: an application with its resume (docs/api.md). */
export const saveApplicantRoutes: FastifyPluginAsyncZod<{
  repos: Repositories;
  applications: ApplicationStore;
  config: Config;
  /** Rejects while the database does not answer (the handle's ping). */
  pingDatabase: () => Promise<void>;
}> = async (app, { repos, applications, config, pingDatabase }) => {
  // Only this encapsulated route reads large bodies. They are read as they arrive and decoded
  // in worker threads, never on the event loop; how many bytes a node holds at once is bounded.
  const decoders = createWorkerPool('body-decoder');
  app.addHook('onClose', () => decoders.close());
  /** The decoded resume of each request, beside its body (the schema sees FileContent ''). */
  const resumes = new WeakMap<FastifyRequest, DecodedResume>();

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    async (request: FastifyRequest, payload: IncomingMessage) => {
      const body = await readBodyChunks(payload, {
        declared: declaredLength(request),
        limit: BYTE_ARRAY_BODY_LIMIT,
        tooLarge,
      });
      const size = body.length;
      // The chunks move to the worker, which joins them: the event loop copies none of it.
      const result = await runMoving<DecodeResult>(decoders, body, body.chunks);
      if (!result.ok) throw new HttpProblem(400, 'The request body is not valid JSON.');
      const { decoded } = result;
      // Only the old client's byte-number form may use the whole limit.
      if (size > BASE64_BODY_LIMIT && !decoded.byteArrayForm) throw tooLarge();
      if (decoded.fieldsLength > FIELDS_LIMIT) throw tooLarge();
      if (decoded.unknownKeys.length > 0) {
        throw new HttpProblem(
          400,
          'The application has fields the API does not know.',
          decoded.unknownKeys
            .slice(0, 10)
            .map((field) => ({ field, message: 'is not a field of an application' })),
        );
      }
      resumes.set(request, { bytes: decoded.resume, zipBomb: result.zipBomb });
      return decoded.body;
    },
  );

  app.post(
    apiPaths.saveApplicant,
    {
      bodyLimit: BYTE_ARRAY_BODY_LIMIT,
      // After the /api guard (preParsing of the plugin), before a byte of the body is read.
      preParsing: async (request, reply, payload) => {
        const length = declaredLength(request) ?? BYTE_ARRAY_BODY_LIMIT;
        if (length > BYTE_ARRAY_BODY_LIMIT) throw tooLarge();
        // Without its database this node refuses (503) before reading a byte, so the proxy may
        // send the same application to another node: nothing of it was read or stored here.
        await pingDatabase();
        // The node's upload budget, shared with the site's forms (plugins/upload-budget.ts).
        await app.admitUpload(request, reply, {
          bytes: length,
          busy: 'We are receiving many applications right now. Please send yours again in a moment.',
        });
        return payload;
      },
      config: {
        access: 'public',
        rateLimit: { max: config.rateLimit.applicationsPerHour, timeWindow: '1 hour' },
      },
      schema: {
        summary: `Apply to an opening with a resume (PDF, DOC or DOCX, at most ${MAX_RESUME_MB} MB)`,
        tags: ['careers'],
        querystring: saveApplicantQuerySchema,
        body: applicationPayloadSchema,
        response: {
          // 200: the same application (job, e-mail, resume) was already stored minutes ago.
          200: applicationCreatedSchema,
          201: applicationCreatedSchema,
          ...problemResponses(400, 404, 413, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { jobID } = request.query;
      const payload = request.body;
      const job = await repos.jobs.findVisible(jobID, new Date());
      if (!job) throw new HttpProblem(404, CLOSED_OPENING_MESSAGE);

      // The old client's names end here: from now on the application speaks ours.
      const input = applicationInputOf(payload);
      const detail = payload.AttachmentHeader.AttachmentDetails[0];
      const decoded = resumes.get(request);
      const result = await acceptApplication(
        {
          reference: repos.reference,
          applications,
          mailOrigin: mailOrigin(config),
          retentionDays: config.applicantRetentionDays,
          mailCapPerAddress: config.mailCapPerAddress,
        },
        job,
        {
          input,
          resume: {
            fileName: detail?.FileName ?? '',
            bytes: decoded?.bytes && asBuffer(decoded.bytes),
            zipBomb: decoded?.zipBomb ?? false,
          },
          arrival: app.arrivalOf(request),
        },
      );
      if (!result.accepted) {
        const errors = result.errors.map((error) => ({ ...error, field: wireName(error.field) }));
        throw new HttpProblem(400, errors[0]?.message ?? 'The application is invalid.', errors);
      }
      const stored = result;
      request.log.info(
        { applicantId: stored.applicantId, jobId: job.id, bytes: result.resumeBytes },
        stored.duplicate ? 'duplicate application: answered the stored one' : 'application stored',
      );
      const answer = await acceptedAnswer(stored, job.id, {
        repos,
        config,
        now: app.now(),
        log: request.log,
      });
      return reply.code(answer.status).send(toApplicationCreated(answer.body));
    },
  );
};
