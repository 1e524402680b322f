import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  emptyApplyFormValues,
  type ApplyFormValues,
  type ApplyPageState,
} from '@lumenfield/contract';
import { jobAppliedPath, jobApplyPath } from '@lumenfield/routes';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';
import type { Job } from '../domains/openings/jobs-repository';
import { publicOpeningOf } from '../domains/openings/openings';
import { HttpProblem } from '../lib/http-problem';
import { publicOrigin } from '../plugins/public-origin';
import type { SharedRateLimits } from '../plugins/rate-limit-store';
import { isValidXsrfToken, safeEqual, xsrfCookieName } from '../plugins/xsrf';
import { createWorkerPool } from '../workers/pool';
import {
  MULTIPART_BODY_LIMIT,
  admitApplicationBody,
  applicationMultipartOptions,
  applyFormProblems,
  judgeApplicationForm,
  readApplicationForm,
} from './application-parts';

// Where other routes found them before the dialog's API shared the reading.
export { FORM_FIELDS_LIMIT, MULTIPART_BODY_LIMIT, applyFormProblems } from './application-parts';

export interface ApplyFormOptions {
  config: Config;
  database: DbHandle;
  cookieSecret: string;
  rateLimits: SharedRateLimits | undefined;
}

/**
 * An opening's apply form as a page of its own, working without scripts (docs/careers.md,
 * "Applying without scripts"): GET renders it; POST takes it as multipart/form-data, streamed
 * (@fastify/multipart with its limits), judged by the same `acceptApplication` as the old
 * client's JSON, and answers 303 to the thank-you page, or 400 with the form again. CSRF
 * without headers: the XSRF token in a hidden field, matched to its cookie, and the browser's
 * Origin and Sec-Fetch-Site (docs/security.md).
 */
export async function applyFormRoutes(
  app: FastifyInstance,
  { config, database, cookieSecret, rateLimits }: ApplyFormOptions,
) {
  const { repos } = app;
  const decoders = createWorkerPool('body-decoder');
  app.addHook('onClose', () => decoders.close());

  await app.register(fastifyMultipart, applicationMultipartOptions);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimits ? { store: rateLimits.Store } : {}),
    errorResponseBuilder: () => new HttpProblem(429, applyFormProblems.tooMany),
  });

  /** The opening whose form this is, visible now, or undefined. */
  const openingOf = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const jobId = /^\d{1,9}$/.test(id) ? Number(id) : undefined;
    const job = jobId === undefined ? undefined : await repos.jobs.findVisible(jobId, new Date());
    return { jobId, job };
  };

  async function pageState(
    request: FastifyRequest,
    reply: FastifyReply,
    values: ApplyFormValues,
    extra: Partial<ApplyPageState> = {},
  ): Promise<ApplyPageState> {
    const countryId = Number(values.fields.countryId);
    const [countries, experience, states] = await Promise.all([
      repos.reference.countries(),
      repos.reference.experienceBands(),
      Number.isSafeInteger(countryId) && countryId > 0
        ? repos.reference.statesOf(countryId)
        : Promise.resolve(undefined),
    ]);
    return {
      xsrfToken: app.ensureXsrfCookie(request, reply),
      values,
      errors: [],
      countries,
      states: states ?? [],
      experience,
      resumeName: null,
      statesShown: false,
      problem: null,
      ...extra,
    };
  }

  function sendForm(
    request: FastifyRequest,
    reply: FastifyReply,
    job: Job,
    state: ApplyPageState,
    status = 200,
  ) {
    return app.sendSitePage(request, reply, {
      id: 'jobApply',
      url: jobApplyPath(job.id),
      status,
      data: { job: publicOpeningOf(job), apply: state },
      personal: true,
      noindex: true,
    });
  }

  app.get('/careers/jobs/:id/apply', { schema: { hide: true } }, async (request, reply) => {
    const { jobId, job } = await openingOf(request);
    if (!job) return app.sendMissingOpening(request, reply, jobId);
    return sendForm(request, reply, job, await pageState(request, reply, emptyApplyFormValues()));
  });

  app.get('/careers/jobs/:id/applied', { schema: { hide: true } }, async (request, reply) => {
    const { jobId, job } = await openingOf(request);
    if (!job) return app.sendMissingOpening(request, reply, jobId);
    return app.sendSitePage(request, reply, {
      id: 'jobApplied',
      url: jobAppliedPath(job.id),
      data: { job: publicOpeningOf(job) },
      noindex: true,
    });
  });

  // A post refused whole (403, 413, 429, 503) is the form again with what happened; what was
  // typed could not be read (the body was refused before it), and the page says so.
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error instanceof HttpProblem ? error.status : (error.statusCode ?? 500);
    if (status >= 500 && status !== 503) request.log.error({ err: error }, 'apply form failed');
    const message =
      error instanceof HttpProblem && status < 500
        ? error.message
        : status === 503
          ? error instanceof HttpProblem
            ? error.message
            : applyFormProblems.unavailable
          : status === 413
            ? applyFormProblems.tooLarge
            : 'Something went wrong on our side. Please try again.';
    if (error instanceof HttpProblem) {
      for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
    }
    // The rest of a refused body is not read: the connection closes after the answer.
    if (!request.raw.readableEnded) reply.header('Connection', 'close');
    const { jobId, job } = await openingOf(request).catch(() => ({
      jobId: undefined,
      job: undefined,
    }));
    if (!job) return app.sendMissingOpening(request, reply, jobId);
    const state = await pageState(request, reply, emptyApplyFormValues(), {
      problem: { status, message },
    });
    return sendForm(request, reply, job, state, status);
  });

  app.post(
    '/careers/jobs/:id/apply',
    {
      schema: { hide: true },
      bodyLimit: MULTIPART_BODY_LIMIT,
      config: {
        rateLimit: { max: config.rateLimit.applicationsPerHour, timeWindow: '1 hour' },
      },
      // Before a byte of the body is read: who sent it, how large it says it is, the database,
      // and room under the node's upload budget.
      onRequest: async (request) => {
        if (!sameOrigin(request, config.publicUrl)) {
          throw new HttpProblem(403, applyFormProblems.forbidden);
        }
      },
      preParsing: admitApplicationBody(app, database),
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpProblem(400, 'The form must be sent as a form.');
      const { jobId, job } = await openingOf(request);
      if (!job) return app.sendMissingOpening(request, reply, jobId);
      const expected = request.cookies[xsrfCookieName(request)];
      const form = await readApplicationForm(request, job, {
        decoders,
        tokenMatches: (token) =>
          Boolean(
            expected &&
            token &&
            isValidXsrfToken(cookieSecret, expected) &&
            safeEqual(token, expected),
          ),
      });
      const resumeName = form.resume.fileName || null;

      if (form.showStates) {
        const state = await pageState(request, reply, form.values, {
          resumeName,
          statesShown: true,
        });
        return sendForm(request, reply, job, state);
      }

      const result = await judgeApplicationForm(app, config, request, job, form);
      if (!result.accepted) {
        const state = await pageState(request, reply, form.values, {
          errors: result.errors,
          resumeName,
        });
        return sendForm(request, reply, job, state, 400);
      }
      request.log.info(
        { applicantId: result.applicantId, jobId: job.id, bytes: result.resumeBytes, form: true },
        result.duplicate ? 'duplicate application: answered the stored one' : 'application stored',
      );
      // Post/redirect/get: a reload of the thank-you page sends nothing again.
      return reply.redirect(jobAppliedPath(job.id), 303);
    },
  );
}

/**
 * A form's post comes from our own page: a browser says where it came from (Origin; and
 * Sec-Fetch-Site, which a page cannot set). A cross-site or other-origin post is refused; a
 * client that sends neither header (an old browser, a script) still needs the XSRF field.
 */
export function sameOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  // The site's Referrer-Policy (no-referrer) makes a browser send `Origin: null` on a form's
  // post: then Sec-Fetch-Site (above) and the token speak for it.
  if (origin === undefined || origin === 'null') return true;
  return origin === publicOrigin(request, publicUrl);
}
