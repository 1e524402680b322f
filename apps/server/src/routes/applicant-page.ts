import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_RESUME_BYTES,
  REPLY_MAX_LENGTH,
  applicantFormFields,
  resumeRefusal,
  applicantPageCopy as copy,
  applicationMessages,
  isLinksEmail,
  type ApplicantPageState,
  type ApplicantPageView,
} from '@lumenfield/contract';
import { APPLICANT_LINKS_PATH, applicantPagePath, eraseConfirmPath } from '@lumenfield/routes';
import type { Config } from '../config';
import { checkResume } from '../domains/applications/accept-application';
import { resumeMimeType } from '../domains/applications/resume-file';
import { attachmentDisposition } from '../lib/content-disposition';
import { stripControlCharacters as clean } from '../lib/control-characters';
import { HttpProblem } from '../lib/http-problem';
import type { SharedRateLimits } from '../plugins/rate-limit-store';
import { isValidXsrfToken, safeEqual, xsrfCookieName } from '../plugins/xsrf';
import { createWorkerPool } from '../workers/pool';
import { linkRequestThrottle } from './applicant-link-throttle';
import { applicantInterviewRoutes } from './applicant-interviews';
import { readNewResume } from './applicant-page-resume';
import { MULTIPART_BODY_LIMIT, sameOrigin } from './apply-form';

/** The forms' fields are a few short values. */
const FORM_BODY_LIMIT = 4_096;
/** An answer: REPLY_MAX_LENGTH characters of up to 4 bytes each, percent-encoded, and room. */
const REPLY_BODY_LIMIT = REPLY_MAX_LENGTH * 12 + FORM_BODY_LIMIT;

/** What a notice in a status page's query says (post/redirect/get after an action). */
const NOTICES = {
  withdrawn: copy.withdrawn,
  resume: copy.resumeReplaced,
  'erase-mail': copy.eraseMailSent,
  booked: copy.booked,
  'interview-cancelled': copy.interviewCancelled,
  replied: copy.replySent,
} as const;

export interface ApplicantPageOptions {
  config: Config;
  cookieSecret: string;
  rateLimits: SharedRateLimits | undefined;
}

/**
 * The applicant's own pages (docs/careers.md, "Your application's own page"), made on the server
 * and working without scripts. The secret token in the path is the credential; the forms'
 * posts also carry the XSRF field and must come from this site (Origin, Sec-Fetch-Site), as the
 * apply form's do. Never cached, never indexed; the token is kept out of logs
 * (plugins/logging.ts) and out of the Referer (Referrer-Policy: no-referrer).
 */
export async function applicantPageRoutes(
  app: FastifyInstance,
  { config, cookieSecret, rateLimits }: ApplicantPageOptions,
) {
  const page = app.applicantPage;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimits ? { store: rateLimits.Store } : {}),
  });
  const throttle = linkRequestThrottle(app);
  // A newer resume: multipart, judged as an application's resume is (its limits, a worker).
  await app.register(fastifyMultipart, {
    limits: {
      fieldNameSize: 60,
      fieldSize: 1_024,
      fields: 5,
      files: 1,
      parts: 6,
      fileSize: MAX_RESUME_BYTES + 1,
      headerPairs: 20,
    },
    throwFileSizeLimit: false,
  });
  const decoders = createWorkerPool('body-decoder', { maxThreads: 1 });
  app.addHook('onClose', () => decoders.close());
  // The pages' forms: urlencoded, a few short fields.
  const formParser = (bodyLimit: number) => (scope: FastifyInstance) =>
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  formParser(FORM_BODY_LIMIT)(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Robots-Tag', 'noindex');
  });

  const formOf = (request: FastifyRequest): Record<string, string> =>
    request.body && typeof request.body === 'object'
      ? (request.body as Record<string, string>)
      : {};

  /** A form's post from this site, with its XSRF field matching its cookie; else 403. */
  const checkForm = (request: FastifyRequest) => {
    const expected = request.cookies[xsrfCookieName(request)];
    const token = formOf(request)[applicantFormFields.xsrf];
    const ok =
      sameOrigin(request, config.publicUrl) &&
      expected !== undefined &&
      token !== undefined &&
      isValidXsrfToken(cookieSecret, expected) &&
      safeEqual(token, expected);
    if (!ok) throw new HttpProblem(403, copy.forbidden);
  };

  function send(
    request: FastifyRequest,
    reply: FastifyReply,
    state: Omit<ApplicantPageState, 'xsrfToken'>,
    status = 200,
  ) {
    return app.sendSitePage(request, reply, {
      id: 'applicant',
      // Rendered at the path without the token: nothing of the secret in the renderer's work.
      url: APPLICANT_LINKS_PATH,
      status,
      data: { applicant: { ...state, xsrfToken: app.ensureXsrfCookie(request, reply) } },
      personal: true,
      noindex: true,
    });
  }

  const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;

  /** The unknown or expired link's page: says so, and offers the links again (404). */
  const sendUnknown = (request: FastifyRequest, reply: FastifyReply) =>
    send(request, reply, { view: { kind: 'unknown' }, base: null, application: null }, 404);

  /** A status page's view of its application, or the unknown page. */
  async function sendStatus(
    request: FastifyRequest,
    reply: FastifyReply,
    view: ApplicantPageView,
    status = 200,
  ) {
    const token = tokenOf(request);
    const application = await page.open(token, app.now());
    if (!application) return sendUnknown(request, reply);
    return send(request, reply, { view, base: applicantPagePath(token), application }, status);
  }

  // A post refused whole (403, 413, 429) is the page that says so, never a stack trace.
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error instanceof HttpProblem ? error.status : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, 'applicant page failed');
    const problem =
      error instanceof HttpProblem
        ? error.detail
        : status === 413
          ? 'That was more than this form can take. Please try again.'
          : 'Something went wrong on our side. Please try again in a moment.';
    if (error instanceof HttpProblem) {
      for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
    }
    // The rest of a refused body is not read: the connection closes after the answer.
    if (!request.raw.readableEnded) reply.header('Connection', 'close');
    const code = status >= 400 && status < 600 ? status : 500;
    // A newer resume refused whole (too large, busy, not from this page): its form again.
    const token = (request.params as { token?: string } | undefined)?.token;
    if (token && request.routeOptions.url?.endsWith('/new-resume')) {
      const application = await page.open(token, app.now()).catch(() => undefined);
      if (application) {
        return send(
          request,
          reply,
          {
            view: { kind: 'replace-resume', problem },
            base: applicantPagePath(token),
            application,
          },
          code,
        );
      }
    }
    // An answer refused whole (too many, too large): the status page, the text as typed.
    if (token && request.routeOptions.url?.endsWith('/reply')) {
      const application = await page.open(token, app.now()).catch(() => undefined);
      if (application) {
        const typed = String(formOf(request)[applicantFormFields.message] ?? '');
        return send(
          request,
          reply,
          {
            view: {
              kind: 'status',
              notice: null,
              reply: {
                problem: status === 429 ? copy.replyTooMany : problem,
                text: typed.slice(0, REPLY_MAX_LENGTH * 2),
              },
            },
            base: applicantPagePath(token),
            application,
          },
          code,
        );
      }
    }
    return send(
      request,
      reply,
      { view: { kind: 'links', problem, email: '' }, base: null, application: null },
      code,
    );
  });

  app.get(APPLICANT_LINKS_PATH, { schema: { hide: true } }, (request, reply) =>
    send(request, reply, {
      view: { kind: 'links', problem: null, email: '' },
      base: null,
      application: null,
    }),
  );

  // The same answer whether or not the address is known (the API's twin: routes/applicant-links.ts).
  app.post(APPLICANT_LINKS_PATH, { schema: { hide: true } }, async (request, reply) => {
    checkForm(request);
    const email = String(formOf(request)[applicantFormFields.email] ?? '').slice(0, 400);
    if (!isLinksEmail(email)) {
      return send(
        request,
        reply,
        { view: { kind: 'links', problem: copy.badEmail, email }, base: null, application: null },
        400,
      );
    }
    if (!(await throttle(request, email))) {
      reply.header('Retry-After', '3600');
      return send(
        request,
        reply,
        { view: { kind: 'links', problem: copy.tooMany, email }, base: null, application: null },
        429,
      );
    }
    return send(request, reply, { view: { kind: 'links-sent' }, base: null, application: null });
  });

  app.get('/applications/:token', { schema: { hide: true } }, (request, reply) => {
    const notice = (request.query as { notice?: string }).notice;
    return sendStatus(request, reply, {
      kind: 'status',
      notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
    });
  });

  app.get('/applications/:token/withdraw', { schema: { hide: true } }, (request, reply) =>
    sendStatus(request, reply, { kind: 'confirm-withdraw', problem: null }),
  );

  app.post('/applications/:token/withdraw', { schema: { hide: true } }, async (request, reply) => {
    checkForm(request);
    if (formOf(request)[applicantFormFields.confirm] !== 'yes') {
      return sendStatus(request, reply, { kind: 'confirm-withdraw', problem: copy.mustTick }, 400);
    }
    const token = tokenOf(request);
    const outcome = await page.withdraw(token, app.now());
    if (!outcome) return sendUnknown(request, reply);
    // A refusal (an offer was made meanwhile): the page says why, in the applicant's words.
    if ('refusal' in outcome) return sendStatus(request, reply, { kind: 'status', notice: null });
    return reply.redirect(`${applicantPagePath(token)}?notice=withdrawn`, 303);
  });

  applicantInterviewRoutes(app, { formOf, checkForm, tokenOf, sendStatus, sendUnknown });

  // An answer to the recruiters from the page's thread: a plain form, scripts or none. Its own
  // scope for a body an answer fits in; limited per client as applying is, judged once the body
  // is read so a refused answer comes back as typed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    formParser(REPLY_BODY_LIMIT)(scope);
    scope.post(
      '/applications/:token/reply',
      {
        schema: { hide: true },
        bodyLimit: REPLY_BODY_LIMIT,
        config: {
          rateLimit: {
            max: config.rateLimit.applicationsPerHour,
            timeWindow: '1 hour',
            hook: 'preHandler',
          },
        },
      },
      async (request, reply) => {
        checkForm(request);
        // Line ends as the browser sends them (CRLF) kept as one newline; nothing else changed.
        const text = String(formOf(request)[applicantFormFields.message] ?? '').replace(
          /\r\n?/g,
          '\n',
        );
        const problem =
          text.trim() === ''
            ? copy.replyEmpty
            : text.length > REPLY_MAX_LENGTH
              ? copy.replyTooLong
              : null;
        if (problem) {
          return sendStatus(
            request,
            reply,
            { kind: 'status', notice: null, reply: { problem, text } },
            400,
          );
        }
        const token = tokenOf(request);
        if (!(await page.reply(token, clean(text.trim(), true), app.now()))) {
          return sendUnknown(request, reply);
        }
        return reply.redirect(`${applicantPagePath(token)}?notice=replied#thread`, 303);
      },
    );
  });

  app.get('/applications/:token/erase', { schema: { hide: true } }, (request, reply) =>
    sendStatus(request, reply, { kind: 'confirm-erase' }),
  );

  app.post('/applications/:token/erase', { schema: { hide: true } }, async (request, reply) => {
    checkForm(request);
    const token = tokenOf(request);
    if (!(await page.requestErase(token, app.now()))) return sendUnknown(request, reply);
    return reply.redirect(`${applicantPagePath(token)}?notice=erase-mail`, 303);
  });

  app.get('/applications/:token/new-resume', { schema: { hide: true } }, (request, reply) =>
    sendStatus(request, reply, { kind: 'replace-resume', problem: null }),
  );

  app.post(
    '/applications/:token/new-resume',
    {
      schema: { hide: true },
      bodyLimit: MULTIPART_BODY_LIMIT,
      // Before a byte of the body is read: who sent it, its size, and room under the budget.
      onRequest: async (request) => {
        if (!sameOrigin(request, config.publicUrl)) throw new HttpProblem(403, copy.forbidden);
      },
      preParsing: async (request, reply, payload) => {
        const declared = Number(request.headers['content-length']);
        const length =
          Number.isSafeInteger(declared) && declared >= 0 ? declared : MULTIPART_BODY_LIMIT;
        if (length > MULTIPART_BODY_LIMIT) {
          throw new HttpProblem(413, applicationMessages.tooLargeToSend);
        }
        await app.admitUpload(request, reply, {
          bytes: length,
          busy: 'We are busy right now. Please send it again in a moment.',
        });
        return payload;
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpProblem(403, copy.forbidden);
      const token = tokenOf(request);
      const { received, confirmed } = await readNewResume(request, decoders, cookieSecret);
      const checked = await checkResume(received);
      const refusal = resumeRefusal(checked.facts) ?? (confirmed ? undefined : copy.mustTick);
      if (refusal || !checked.bytes || !checked.kind) {
        return sendStatus(
          request,
          reply,
          { kind: 'replace-resume', problem: refusal ?? applicationMessages.attachment },
          400,
        );
      }
      const outcome = await page.replaceResume(
        token,
        {
          bytes: checked.bytes,
          kind: checked.kind,
          mimeType: resumeMimeType(checked.kind),
          fileName: checked.name,
        },
        app.now(),
      );
      if (outcome === undefined) return sendUnknown(request, reply);
      if (!outcome) {
        return sendStatus(
          request,
          reply,
          { kind: 'replace-resume', problem: copy.resumeClosed },
          409,
        );
      }
      return reply.redirect(`${applicantPagePath(token)}?notice=resume`, 303);
    },
  );

  app.get('/applications/:token/data.json', { schema: { hide: true } }, async (request, reply) => {
    const data = await page.exportData(tokenOf(request), app.now());
    if (!data) return sendUnknown(request, reply);
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition('my-application.json'))
      .header('X-Content-Type-Options', 'nosniff')
      .send(JSON.stringify(data, null, 2));
  });

  app.get('/applications/:token/resume', { schema: { hide: true } }, async (request, reply) => {
    const resume = await page.resume(tokenOf(request), app.now());
    if (!resume) return sendUnknown(request, reply);
    return reply
      .type(resume.mimeType)
      .header('Content-Disposition', attachmentDisposition(resume.originalName))
      .header('X-Content-Type-Options', 'nosniff')
      .send(resume.content);
  });

  // The erase link from its mail: a page with the confirmation; its post erases.
  app.get('/applications/erase/:token', { schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf(request);
    if (!(await page.eraseLinkOpens(token, app.now()))) {
      return send(
        request,
        reply,
        { view: { kind: 'erase-gone' }, base: null, application: null },
        404,
      );
    }
    return send(request, reply, {
      view: { kind: 'erase-confirm', problem: null },
      base: eraseConfirmPath(token),
      application: null,
    });
  });

  app.post('/applications/erase/:token', { schema: { hide: true } }, async (request, reply) => {
    checkForm(request);
    const token = tokenOf(request);
    if (formOf(request)[applicantFormFields.confirm] !== 'yes') {
      return send(
        request,
        reply,
        {
          view: { kind: 'erase-confirm', problem: copy.mustTick },
          base: eraseConfirmPath(token),
          application: null,
        },
        400,
      );
    }
    const erased = await app.repos.applicants.eraseByLink(token, app.now());
    if (!erased) {
      return send(
        request,
        reply,
        { view: { kind: 'erase-gone' }, base: null, application: null },
        404,
      );
    }
    // Counts only: who it was is personal data and never reaches the log.
    request.log.info({ erased }, 'applicant erased their data by link');
    return send(request, reply, { view: { kind: 'erased' }, base: null, application: null });
  });
}
