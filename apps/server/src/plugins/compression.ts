import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
  },
  { name: 'compression' },
);
