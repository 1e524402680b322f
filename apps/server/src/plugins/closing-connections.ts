import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the app has begun closing (its answers carry `Connection: close`). */
    isClosing(): boolean;
  }
}

/**
 * Once the app starts closing, every answer carries `Connection: close`: a kept-alive
 * connection (nginx's) then ends with the answer in flight, so the close completes when the
 * last request does instead of waiting out the keep-alive timeout, and no new request is sent
 * on a connection the server is about to drop.
 */
export const closingConnections = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.decorate('isClosing', () => closing);
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'closing-connections' },
);
