import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Content types that are sent compressed, by the plugin or as precompressed files. */
const COMPRESSIBLE =
  /^(text\/|application\/(json|problem\+json|javascript|xml|manifest\+json)|image\/svg)/;

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers built at request time (API JSON, pages, sitemap) over 1 KiB are
 * compressed, brotli or gzip by Accept-Encoding. Routes registered after this plugin get it.
 * The built site's files already carry Content-Encoding (precompressed .br/.gz, see
 * static-site.ts), which the plugin leaves alone.
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // Quality 4: close to gzip's speed with a better ratio; per-request work stays small.
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    // Whatever chose the encoding (this plugin, or the static files' .br/.gz), a cache in
    // front (nginx, a CDN) must keep one copy per Accept-Encoding: say so on every such answer.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) {
        const vary = String(reply.getHeader('vary') ?? '');
        if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) {
          reply.header('Vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
        }
      }
      done(null, payload);
    });
  },
  { name: 'compression' },
);
