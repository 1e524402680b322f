import type { FastifyInstance } from 'fastify';
import {
  CONTENT_MEDIA_PATH,
  FALLBACK_IMAGE_FORMATS,
  IMAGE_FORMAT_TYPES,
  MODERN_IMAGE_FORMATS,
  type ImageFormat,
} from '@lumenfield/site-content';
import { HttpProblem } from '../lib/http-problem';

const FORMATS: readonly ImageFormat[] = [...MODERN_IMAGE_FORMATS, ...FALLBACK_IMAGE_FORMATS];
/** `<width>.<format>`: a width as the server writes it (no leading zero) and a known format. */
const VARIANT_FILE = new RegExp(`^([1-9]\\d{0,4})\\.(${FORMATS.join('|')})$`);
const ID = /^[1-9]\d{0,9}$/;

/**
 * A variant never changes: its image is one original's bytes for good (a new file is a new
 * image, with its own id), and its width and format name it. A year, and no revalidation.
 */
export const CONTENT_MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Whether If-None-Match already names this ETag (or `*`). */
function held(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const one = t.trim().replace(/^W\//, '');
    return one === tag || one === '*';
  });
}

/**
 * GET /media/content/<id>/<width>.<avif|webp|jpg|png> (docs/content.md, "Images"): a content
 * image's variant as the upload made it, for every visitor: its type, an ETag of its bytes, and
 * a long immutable cache life. Anything else under the path is 404.
 */
export async function contentMediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string; file: string } }>(
    `${CONTENT_MEDIA_PATH}/:id/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { id, file } = request.params;
      const variant = VARIANT_FILE.exec(file);
      if (!ID.test(id) || !variant) throw new HttpProblem(404, 'There is no such image.');
      const format = variant[2] as ImageFormat;
      const found = await app.repos.contentImages.variant(Number(id), Number(variant[1]), format);
      if (!found) throw new HttpProblem(404, 'There is no such image.');
      const tag = `"${found.sha256}"`;
      reply
        .header('Content-Type', IMAGE_FORMAT_TYPES[format])
        .header('Cache-Control', CONTENT_MEDIA_CACHE_CONTROL)
        .header('ETag', tag);
      if (held(request.headers['if-none-match'], tag)) return reply.code(304).send();
      return reply.send(found.content);
    },
  );
}
