import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Strong ETags on GET answers the server builds in memory (API JSON, sitemap, job pages), and
 * 304 when the client already holds them. Streams (static files, downloads) are left alone:
 * the static plugin validates its own files, and `no-store` answers must not be validated.
 */
export const etag = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      done(null, withEtag(request, reply, payload));
    });
  },
  { name: 'etag' },
);

/** The payload to send: the same one with its ETag, or an empty one for a 304. */
function withEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload;
  // A stored answer (lib/stored-answer.ts) carries the ETag made with its bytes.
  if (reply.hasHeader('etag')) return payload;
  const tag = `"${crypto.createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('ETag', tag);
  if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  const held = ifNoneMatch?.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (held?.includes(tag) || ifNoneMatch?.trim() === '*') {
    reply.code(304);
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}
