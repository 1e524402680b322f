import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_RESUME_BYTES,
  answerKeyOf,
  applicationInputSchema,
  applicationMessages,
  applyFormFieldNames,
  applyFormTextFields,
  emptyApplyFormValues,
  type ApplicationInput,
  type ApplyFormTextField,
  type ApplyFormValues,
  type ApplyPageState,
  type FieldError,
} from '@lumenfield/contract';
import { jobAppliedPath, jobApplyPath } from '@lumenfield/routes';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';
import { acceptApplication } from '../domains/openings/accept-application';
import type { Job } from '../domains/openings/jobs-repository';
import { publicOpeningOf } from '../domains/openings/openings';
import { HttpProblem } from '../plugins/problem-details';
import { mailOrigin, publicOrigin } from '../plugins/public-origin';
import type { SharedRateLimits } from '../plugins/rate-limit-store';
import { isValidXsrfToken, safeEqual, xsrfCookieName } from '../plugins/xsrf';
import type { JoinedResume } from '../workers/body-decoder';
import { asBuffer, createWorkerPool, movableBuffers } from '../workers/pool';

/** The form's fields without the resume: a few short values (docs/api.md). */
export const FORM_FIELDS_LIMIT = 64 * 1024;
/** A whole post: the resume at its limit, the fields, and multipart's own framing. */
export const MULTIPART_BODY_LIMIT = MAX_RESUME_BYTES + FORM_FIELDS_LIMIT + 16 * 1024;
/** How long a post waits for room under UPLOAD_BYTES_IN_FLIGHT before the answer is 503. */
const BODY_WAIT_MS = 3_000;

/** The sentences of a post refused whole (the page says them; the dialog's JSON carries them). */
export const applyFormProblems = {
  forbidden:
    'We could not accept this form: it did not come from this page. Please reload the page and send it again.',
  tooLarge: applicationMessages.tooLargeToSend,
  tooMany:
    'You have sent many applications in the last hour. Please wait a while before sending another.',
  busy: 'We are receiving many applications right now. Please send yours again in a moment.',
  unavailable:
    'We cannot store applications at the moment. Nothing was stored; please try again in a few minutes.',
} as const;

interface ReceivedForm {
  values: ApplyFormValues;
  showStates: boolean;
  resume: { fileName: string; bytes: Buffer | undefined; zipBomb: boolean; overLimit: boolean };
  /** A value over its length (a text past its schema's limit): named, with a sentence. */
  tooLong: FieldError[];
}

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

  await app.register(fastifyMultipart, {
    limits: {
      fieldNameSize: 60,
      // A long answer is 4 000 characters, up to 4 bytes each.
      fieldSize: 16_384,
      fields: 200,
      files: 1,
      parts: 202,
      // One byte more than a resume may have: a larger file is the size rule's sentence.
      fileSize: MAX_RESUME_BYTES + 1,
      headerPairs: 20,
    },
    throwFileSizeLimit: false,
  });
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
      preParsing: async (request, reply, payload) => {
        const declared = Number(request.headers['content-length']);
        const length =
          Number.isSafeInteger(declared) && declared >= 0 ? declared : MULTIPART_BODY_LIMIT;
        if (length > MULTIPART_BODY_LIMIT) throw new HttpProblem(413, applyFormProblems.tooLarge);
        await database.ping().catch(() => {
          throw new HttpProblem(503, applyFormProblems.unavailable, undefined, {
            'Retry-After': '30',
          });
        });
        const release = await app.uploadBudget.acquire(length, BODY_WAIT_MS);
        if (!release) {
          throw new HttpProblem(503, applyFormProblems.busy, undefined, {
            'Retry-After': String(BODY_WAIT_MS / 1000),
          });
        }
        reply.raw.once('close', release);
        return payload;
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpProblem(400, 'The form must be sent as a form.');
      const { jobId, job } = await openingOf(request);
      if (!job) return app.sendMissingOpening(request, reply, jobId);
      const expected = request.cookies[xsrfCookieName(request)];
      const form = await readForm(request, job, (token) =>
        Boolean(
          expected &&
          token &&
          isValidXsrfToken(cookieSecret, expected) &&
          safeEqual(token, expected),
        ),
      );
      const resumeName = form.resume.fileName || null;

      if (form.showStates) {
        const state = await pageState(request, reply, form.values, {
          resumeName,
          statesShown: true,
        });
        return sendForm(request, reply, job, state);
      }

      const input = applicationInputOf(form.values, job);
      const result =
        form.tooLong.length > 0
          ? { accepted: false as const, errors: form.tooLong }
          : await acceptApplication(
              {
                reference: repos.reference,
                applications: app.applicationStore,
                mailOrigin: mailOrigin(config),
                retentionDays: config.applicantRetentionDays,
              },
              job,
              {
                input,
                // A file past the limit was cut at limit + 1 byte: the size rule says so.
                resume: form.resume,
                arrival: app.arrivalOf(request),
              },
            );
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

  /**
   * Reads the parts as they arrive. The XSRF field comes first in the form; a file before a
   * valid token is refused (403) without reading it. The resume's chunks are joined and judged
   * for a zip bomb in a worker thread, never on the event loop.
   */
  async function readForm(
    request: FastifyRequest,
    job: Job,
    tokenMatches: (token: string | undefined) => boolean,
  ): Promise<ReceivedForm> {
    const values = emptyApplyFormValues();
    const multi = new Set(job.questions.filter((q) => q.type === 'multi_select').map((q) => q.key));
    let verified = false;
    let showStates = false;
    let fieldsLength = 0;
    let resume: ReceivedForm['resume'] = {
      fileName: '',
      bytes: undefined,
      zipBomb: false,
      overLimit: false,
    };
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!verified) throw new HttpProblem(403, applyFormProblems.forbidden);
        if (part.fieldname !== applyFormFieldNames.resume) {
          await drain(part);
          continue;
        }
        const chunks: Uint8Array[] = [];
        let length = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          chunks.push(chunk);
          length += chunk.length;
        }
        const overLimit = part.file.truncated;
        const joined =
          length > 0
            ? await decoders.run(
                { chunks, length },
                // The chunks' buffers move to the worker when each is whole; others are copied.
                { name: 'joinResume', transferList: movableBuffers(chunks) },
              )
            : undefined;
        const { bytes, zipBomb } = (joined as JoinedResume | undefined) ?? {
          bytes: undefined,
          zipBomb: false,
        };
        resume = {
          fileName: part.filename ?? '',
          bytes: bytes && asBuffer(bytes),
          zipBomb,
          overLimit,
        };
        continue;
      }
      if (part.valueTruncated) throw new HttpProblem(413, applyFormProblems.tooLarge);
      const value = typeof part.value === 'string' ? part.value : '';
      fieldsLength += value.length;
      if (fieldsLength > FORM_FIELDS_LIMIT) throw new HttpProblem(413, applyFormProblems.tooLarge);
      const name = part.fieldname;
      if (name === applyFormFieldNames.xsrf) {
        verified = tokenMatches(value);
        if (!verified) throw new HttpProblem(403, applyFormProblems.forbidden);
        continue;
      }
      if (!verified) throw new HttpProblem(403, applyFormProblems.forbidden);
      if (name === applyFormFieldNames.showStates) showStates = true;
      else if (name === applyFormFieldNames.locationIndex) values.locationIndex = value;
      else if ((applyFormTextFields as readonly string[]).includes(name)) {
        values.fields[name as ApplyFormTextField] = value;
      } else {
        const key = answerKeyOf(name);
        if (key === undefined) continue;
        const current = values.answers[key];
        if (multi.has(key)) {
          values.answers[key] = [...(Array.isArray(current) ? current : []), value];
        } else if (current === undefined) values.answers[key] = value;
        // A second value for a one-answer question: kept as a list, which its rule refuses.
        else values.answers[key] = [...(Array.isArray(current) ? current : [current]), value];
      }
    }
    if (!verified) throw new HttpProblem(403, applyFormProblems.forbidden);
    // An unchosen single choice sends nothing; a multi_select with nothing ticked, nothing.
    return { values, showStates, resume, tooLong: tooLongErrors(values) };
  }
}

/** Reads a part to its end without keeping it. */
async function drain(part: Multipart) {
  if (part.type === 'file') for await (const _chunk of part.file) void _chunk;
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

/** The form's values as an application in the house's names, for the rules. */
function applicationInputOf(values: ApplyFormValues, job: Job): ApplicationInput {
  const { fields } = values;
  // Reference values are up to 2^31 - 1 (a state's is a hash: db/reference-data.ts).
  const id = (text: string) => (/^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : null);
  const answers = Object.fromEntries(
    Object.entries(values.answers).filter(([key, value]) => {
      const asked = job.questions.some((q) => q.key === key);
      // An empty single answer is no answer (the rules say "Please answer" when required).
      return !asked || Array.isArray(value) || value.trim() !== '';
    }),
  );
  return {
    firstName: fields.firstName.replace(/^\s+/u, ''),
    lastName: fields.lastName,
    mobileNumber: fields.mobileNumber,
    city: fields.city,
    email: fields.email,
    countryId: id(fields.countryId),
    stateId: id(fields.stateId),
    experience: fields.experience.trim() === '' ? null : fields.experience.trim().slice(0, 40),
    referredBy: fields.referredBy.trim() === '' ? null : fields.referredBy,
    answers,
    locationIndex: id(values.locationIndex),
  };
}

/** Text past the schema's length for its field: the field named, with a sentence. */
function tooLongErrors(values: ApplyFormValues): FieldError[] {
  const shape = applicationInputSchema.shape;
  const errors: FieldError[] = [];
  for (const name of ['firstName', 'lastName', 'mobileNumber', 'city', 'email'] as const) {
    const checked = shape[name].safeParse(values.fields[name]);
    if (!checked.success) {
      errors.push({ field: name, message: 'This is longer than we can take. Please shorten it.' });
    }
  }
  if (values.fields.referredBy.length > 200) {
    errors.push({
      field: 'referredBy',
      message: 'This is longer than we can take. Please shorten it.',
    });
  }
  return errors;
}
