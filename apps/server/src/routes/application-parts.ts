import fastifyMultipart, { type FastifyMultipartOptions, type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Piscina } from 'piscina';
import {
  MAX_RESUME_BYTES,
  answerKeyOf,
  applicationMessages,
  applyFormFieldNames,
  emptyApplyFormValues,
  isApplyFormField,
  readApplyForm,
  type Answers,
  type ApplyFormValues,
} from '@lumenfield/contract';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';
import {
  acceptApplication,
  type ApplicationAttempt,
} from '../domains/applications/accept-application';
import { stripControlCharacters as clean } from '../lib/control-characters';
import type { Job } from '../domains/openings/jobs-repository';
import { incompleteBody } from '../lib/read-body';
import { mailOrigin } from '../plugins/public-origin';
import { HttpProblem } from '../lib/http-problem';
import type { JoinedResume } from '../workers/body-decoder';
import { asBuffer, createWorkerPool, movableBuffers } from '../workers/pool';

/*
 * An application posted as multipart/form-data, read once for both of its senders: the job
 * page's form without scripts (routes/apply-form.ts: answers a page) and the apply dialog
 * (routes/applications-api.ts: answers JSON). The same limits, the same streamed reading, the
 * resume joined and judged in a worker, the same rules (acceptApplication).
 */

/** The form's fields without the resume: a few short values (docs/api.md). */
export const FORM_FIELDS_LIMIT = 64 * 1024;
/** A whole post: the resume at its limit, the fields, and multipart's own framing. */
export const MULTIPART_BODY_LIMIT = MAX_RESUME_BYTES + FORM_FIELDS_LIMIT + 16 * 1024;

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

/** @fastify/multipart's limits for an application: one file, a few hundred short fields. */
export const applicationMultipartOptions: FastifyMultipartOptions = {
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
};

/**
 * Sets up an encapsulated plugin whose routes answer JSON to an application's multipart body:
 * a pool of body decoders (closed with the app; answered, for readApplicationForm), the
 * multipart parser with the application's limits, and a refusal that closes its connection when
 * the body was not read to its end (a kept-alive connection would read the rest as a request).
 */
export async function readsApplications(app: FastifyInstance): Promise<Piscina> {
  const decoders = createWorkerPool('body-decoder');
  app.addHook('onClose', () => decoders.close());
  await app.register(fastifyMultipart, applicationMultipartOptions);
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400 && !request.raw.readableEnded) reply.header('Connection', 'close');
  });
  return decoders;
}

export interface ReceivedForm {
  values: ApplyFormValues;
  /** The values of `ReadOptions.extraFields` that were sent, by name. */
  extras: Record<string, string>;
  showStates: boolean;
  resume: { fileName: string; bytes: Buffer | undefined; zipBomb: boolean; overLimit: boolean };
}

/**
 * The route's preParsing: before a byte of the body is read, how large it says it is (413),
 * the database (503: the proxy may send it to another node, nothing was read here), and room
 * under the node's upload budget for this client (plugins/upload-budget.ts: 429 or 503).
 */
export function admitApplicationBody(app: FastifyInstance, database: DbHandle) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const declared = Number(request.headers['content-length']);
    const length =
      Number.isSafeInteger(declared) && declared >= 0 ? declared : MULTIPART_BODY_LIMIT;
    if (length > MULTIPART_BODY_LIMIT) throw new HttpProblem(413, applyFormProblems.tooLarge);
    await database.ping().catch(() => {
      throw new HttpProblem(503, applyFormProblems.unavailable, undefined, {
        'Retry-After': '30',
      });
    });
    await app.admitUpload(request, reply, { bytes: length, busy: applyFormProblems.busy });
    return payload;
  };
}

/**
 * The options of an /api route that takes an application's multipart body (the apply dialog's,
 * the console's added candidate): the body's limit; its admission (admitApplicationBody), which
 * runs after the /api guard's own preParsing (the header echo, the session and role); and the
 * hourly limit per client that applying has.
 */
export function applicationRouteOptions(
  app: FastifyInstance,
  { config, database }: { config: Config; database: DbHandle },
  access: 'public' | 'session',
) {
  return {
    bodyLimit: MULTIPART_BODY_LIMIT,
    preParsing: admitApplicationBody(app, database),
    config: {
      access,
      rateLimit: { max: config.rateLimit.applicationsPerHour, timeWindow: '1 hour' },
    },
  };
}

/** Busboy's count limits (parts, fields, files) as @fastify/multipart throws them. */
const COUNT_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

export interface ReadOptions {
  /** The body decoders' pool: the resume's chunks are joined and judged there. */
  decoders: Piscina;
  /**
   * The page's form carries its XSRF token as a field, checked here (a file before a valid
   * token is refused unread). Undefined: the request was checked before its body (the /api
   * guard's header echo), and a token field is ignored.
   */
  tokenMatches?: (token: string | undefined) => boolean;
  /** A form's own fields besides the apply form's (the console's), read into `extras`. */
  extraFields?: readonly string[];
}

/**
 * Reads the parts as they arrive. The resume's chunks are joined and judged for a zip bomb in a
 * worker thread, never on the event loop. A post over the count limits (parts, fields, files)
 * or a field over its size is refused whole (413); one with a field or file the form does not
 * have, 400 naming them (the JSON post refuses unknown keys the same way).
 */
export async function readApplicationForm(
  request: FastifyRequest,
  job: Job,
  { decoders, tokenMatches, extraFields = [] }: ReadOptions,
): Promise<ReceivedForm> {
  try {
    return await readParts(request, job, decoders, tokenMatches, new Set(extraFields));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && COUNT_LIMIT_CODES.has(code)) {
      throw new HttpProblem(413, applyFormProblems.tooLarge);
    }
    // The client went (or was closed as too slow): its choice or its line, not our failure.
    if (code === 'ECONNRESET') throw incompleteBody();
    throw error;
  }
}

async function readParts(
  request: FastifyRequest,
  job: Job,
  decoders: Piscina,
  tokenMatches: ((token: string | undefined) => boolean) | undefined,
  extraFields: ReadonlySet<string>,
): Promise<ReceivedForm> {
  const values = emptyApplyFormValues();
  const extras: Record<string, string> = {};
  const multi = new Set(job.questions.filter((q) => q.type === 'multi_select').map((q) => q.key));
  let verified = tokenMatches === undefined;
  let showStates = false;
  // Names the form does not have: refused once the post is read, all of them named.
  const unknown = new Set<string>();
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
        unknown.add(clean(part.fieldname));
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
      if (tokenMatches === undefined) continue;
      verified = tokenMatches(value);
      if (!verified) throw new HttpProblem(403, applyFormProblems.forbidden);
      continue;
    }
    if (!verified) throw new HttpProblem(403, applyFormProblems.forbidden);
    if (name === applyFormFieldNames.showStates) showStates = true;
    else if (isApplyFormField(name)) values.fields[name] = value;
    else if (extraFields.has(name)) extras[name] = value;
    else {
      const key = answerKeyOf(name);
      if (key === undefined) {
        unknown.add(clean(name));
        continue;
      }
      const current = values.answers[key];
      if (multi.has(key)) {
        values.answers[key] = [...(Array.isArray(current) ? current : []), value];
      } else if (current === undefined) values.answers[key] = value;
      // A second value for a one-answer question: kept as a list, which its rule refuses.
      else values.answers[key] = [...(Array.isArray(current) ? current : [current]), value];
    }
  }
  if (!verified) throw new HttpProblem(403, applyFormProblems.forbidden);
  if (unknown.size > 0) throw unknownFieldsProblem([...unknown]);
  // An unchosen single choice sends nothing; a multi_select with nothing ticked, nothing.
  return { values, extras, showStates, resume };
}

/** A post with fields the form does not have, as the JSON post's unknown keys are answered. */
function unknownFieldsProblem(names: string[]): HttpProblem {
  const shown = names.slice(0, 10);
  return new HttpProblem(
    400,
    `The application has fields the form does not know: ${shown.join(', ')}.`,
    shown.map((field) => ({ field, message: 'is not a field of an application' })),
  );
}

/** Reads a part to its end without keeping it. */
async function drain(part: Multipart) {
  if (part.type === 'file') for await (const _chunk of part.file) void _chunk;
}

/**
 * The received form read by the form's one schema (@lumenfield/contract `readApplyForm`: a value
 * past its length is refused naming its field, never left to the column), then judged by the
 * application rules and stored when they pass: the same `acceptApplication` as the old client's
 * JSON (duplicates answered with the stored one).
 */
export function judgeApplicationForm(
  app: FastifyInstance,
  config: Config,
  request: FastifyRequest,
  job: Job,
  form: ReceivedForm,
  addedBy?: ApplicationAttempt['addedBy'],
) {
  const read = readApplyForm(form.values.fields);
  if (!read.success) return Promise.resolve({ accepted: false as const, errors: read.errors });
  return acceptApplication(
    {
      reference: app.repos.reference,
      applications: app.applicationStore,
      mailOrigin: mailOrigin(config),
      retentionDays: config.applicantRetentionDays,
      mailCapPerAddress: config.mailCapPerAddress,
    },
    job,
    {
      input: { ...read.data, answers: answersOf(form.values, job) },
      // A file past the limit was cut at limit + 1 byte: the size rule says so.
      resume: form.resume,
      arrival: app.arrivalOf(request),
      ...(addedBy && { addedBy }),
    },
  );
}

/** The answers as sent; an empty single answer to a question asked is no answer. */
function answersOf(values: ApplyFormValues, job: Job): Answers {
  return Object.fromEntries(
    Object.entries(values.answers).filter(([key, value]) => {
      const asked = job.questions.some((q) => q.key === key);
      // The rules say "Please answer" when it is required.
      return !asked || Array.isArray(value) || value.trim() !== '';
    }),
  );
}
