import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** One year, subdomains included: the site is HTTPS-only once a proxy terminates TLS for it. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security on answers that went out over HTTPS: the request's own TLS, or a
 * trusted proxy's X-Forwarded-Proto (TRUST_PROXY). A client talking plain HTTP to the server
 * cannot turn it on by sending the header itself.
 */
export const hsts = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
      done(null, payload);
    });
  },
  { name: 'hsts' },
);
