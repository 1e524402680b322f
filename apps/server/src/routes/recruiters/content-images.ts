import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routes } from '@lumenfield/routes';
import {
  CONTENT_IMAGE_FIELD,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_MAX_MB,
  CONTENT_IMAGE_TOO_LARGE,
  contentImageParamsSchema,
  contentImagePaths,
  contentImageSchema,
  contentImagesSchema,
} from '@lumenfield/site-content';
import type { StoredContentImage } from '../../domains/content/content-images';
import {
  CONTENT_IMAGE_MAX_PIXELS,
  ImageRefused,
  contentImageType,
  makeVariants,
  sha256Of,
} from '../../domains/content/image-variants';
import { HttpProblem } from '../../lib/http-problem';
import { incompleteBody } from '../../lib/read-body';
import { consoleProblems, signedIn } from './console-user';
import { editors } from './content';
import { displayNames } from './display-names';

const tags = ['console'];

/** The file at its limit and multipart's own framing (its headers, the boundaries). */
const UPLOAD_BODY_LIMIT = CONTENT_IMAGE_MAX_BYTES + 16 * 1024;

export const imageUploadProblems = {
  notMultipart: `Send the image as multipart/form-data, in a field named ${CONTENT_IMAGE_FIELD}.`,
  noFile: `There is no image: send one file in the field ${CONTENT_IMAGE_FIELD}.`,
  tooLarge: CONTENT_IMAGE_TOO_LARGE,
  tooManyPixels: `The image has too many pixels: send one of at most ${CONTENT_IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
  notAnImage:
    'This file is not a JPEG, PNG, WebP or AVIF image (judged by its bytes, not its name): send one of those.',
  unreadable:
    'This image could not be read: the file may be damaged or cut short. Save it again and send it.',
  oneFile: `Send one image at a time, in the field ${CONTENT_IMAGE_FIELD}, with no other part.`,
  busy: 'Many files are arriving right now. Please send the image again in a moment.',
} as const;

/** Why an image a revision places is not deleted, naming the pages (a block by its id). */
export function imagePlacedMessage(pageIds: readonly string[]): string {
  const names = pageIds.map(
    (id) => (routes as Record<string, { title: string } | undefined>)[id]?.title ?? id,
  );
  return `This image cannot be deleted: a revision of ${names.join(', ')} places it (published, earlier or a draft), and every revision is kept to be restored.`;
}

/** Busboy's count limits as @fastify/multipart throws them: more parts or files than one image. */
const COUNT_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/** Reads a refused file to its end without keeping it. */
async function drain(file: AsyncIterable<Buffer>) {
  for await (const _chunk of file) void _chunk;
}

/** The one file of the upload, read whole; any other part is refused (400 naming it). */
async function readImageFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpProblem(415, imageUploadProblems.notMultipart);
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname !== CONTENT_IMAGE_FIELD) await drain(part.file);
      if (part.type !== 'file' || part.fieldname !== CONTENT_IMAGE_FIELD) {
        throw new HttpProblem(400, `The upload has a field it does not take: ${part.fieldname}.`, [
          { field: part.fieldname, message: 'is not a field of an image upload' },
        ]);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
      if (part.file.truncated) throw new HttpProblem(413, imageUploadProblems.tooLarge);
      file = Buffer.concat(chunks);
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && COUNT_LIMIT_CODES.has(code)) {
      throw new HttpProblem(413, imageUploadProblems.oneFile);
    }
    // The client went (or was closed as too slow): its choice or its line, not our failure.
    if (code === 'ECONNRESET') throw incompleteBody();
    throw error;
  }
  if (!file || file.length === 0) throw new HttpProblem(400, imageUploadProblems.noFile);
  return file;
}

/**
 * The images placed in the site's content (docs/content.md, "Images"): an upload judged by its
 * bytes (JPEG, PNG, WebP or AVIF, at most CONTENT_IMAGE_MAX_MB and CONTENT_IMAGE_MAX_PIXELS),
 * made once into every size and format a page asks for; the same bytes again answer the image
 * they made before. And the library to place them from. Editors only (CONTENT_ROLES), a session
 * or a personal API token. The public variants: routes/content-media.ts.
 */
export const consoleContentImageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: {
      fieldNameSize: 60,
      // A stray field is read to be named in the 400; a second file or field is one too many.
      fields: 1,
      files: 1,
      parts: 2,
      // One byte more than an image may have: a larger file is the size rule's sentence.
      fileSize: CONTENT_IMAGE_MAX_BYTES + 1,
      headerPairs: 20,
    },
    throwFileSizeLimit: false,
  });
  // A refusal before the body was read to its end closes the connection: a kept-alive one
  // would read the rest of the file as the next request.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400 && !request.raw.readableEnded) reply.header('Connection', 'close');
  });

  /** An image as the console shows it: who uploaded it by name. */
  const shown = (
    { bytes: _bytes, uploadedBy, ...image }: StoredContentImage,
    name: (id: number | null) => string | null,
  ) => ({ ...image, uploadedBy: name(uploadedBy) });

  app.post(
    contentImagePaths.images,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      // Before a byte of the body is read (after the /api guard's own step: the session, the
      // role): its declared length (413), and room under the node's upload budget for this
      // client (plugins/upload-budget.ts: 429 or 503), as a resume's upload has.
      preParsing: async (request, reply, payload) => {
        const declared = Number(request.headers['content-length']);
        const length =
          Number.isSafeInteger(declared) && declared >= 0 ? declared : UPLOAD_BODY_LIMIT;
        if (length > UPLOAD_BODY_LIMIT) throw new HttpProblem(413, imageUploadProblems.tooLarge);
        await app.admitUpload(request, reply, { bytes: length, busy: imageUploadProblems.busy });
        return payload;
      },
      config: editors,
      schema: {
        summary: `Upload an image for the site's content, as multipart/form-data (JPEG, PNG, WebP or AVIF, at most ${CONTENT_IMAGE_MAX_MB} MB)`,
        tags,
        consumes: ['multipart/form-data'],
        response: {
          200: contentImageSchema,
          201: contentImageSchema,
          ...consoleProblems(413, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const bytes = await readImageFile(request);
      const mimeType = await contentImageType(bytes);
      if (!mimeType) throw new HttpProblem(415, imageUploadProblems.notAnImage);
      const sha256 = sha256Of(bytes);
      const known = await app.repos.contentImages.findBySha256(sha256);
      if (known) return reply.code(200).send(shown(known, await displayNames(app)));
      const made = await makeVariants(bytes).catch((error: unknown) => {
        if (!(error instanceof ImageRefused)) throw error;
        if (error.reason === 'too-many-pixels') {
          throw new HttpProblem(413, imageUploadProblems.tooManyPixels);
        }
        throw new HttpProblem(400, imageUploadProblems.unreadable);
      });
      const { image, created } = await app.repos.contentImages.store(
        { sha256, mimeType, original: bytes, uploadedBy: user.id, ...made },
        app.now(),
      );
      request.log.info(
        { imageId: image.id, bytes: bytes.length, variants: made.variants.length },
        created ? 'content image stored' : 'content image: the same bytes were stored first',
      );
      return reply.code(created ? 201 : 200).send(shown(image, await displayNames(app)));
    },
  );

  app.delete(
    contentImagePaths.image,
    {
      config: editors,
      schema: {
        summary: 'Delete an image, and every variant of it, that no revision of any page places',
        tags,
        params: contentImageParamsSchema,
        response: { 204: z.null(), ...consoleProblems(404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      const outcome = await app.repos.imagePlacement.deleteUnplaced(id);
      if (outcome.state === 'missing') throw new HttpProblem(404, `There is no image ${id}.`);
      if (outcome.state === 'placed') {
        throw new HttpProblem(409, imagePlacedMessage(outcome.pageIds));
      }
      // Not audited, as its upload is not: no page showed it, so visitors lose nothing.
      request.log.info({ imageId: id, userId: user.id }, 'content image deleted');
      return reply.code(204).send(null);
    },
  );

  app.get(
    contentImagePaths.images,
    {
      config: editors,
      schema: {
        summary: "Every image uploaded for the site's content, newest first, with its variants",
        tags,
        response: { 200: contentImagesSchema, ...consoleProblems() },
      },
    },
    async () => {
      const [images, name] = await Promise.all([app.repos.contentImages.list(), displayNames(app)]);
      return { images: images.map((image) => shown(image, name)) };
    },
  );
};
