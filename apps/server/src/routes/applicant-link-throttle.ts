// "Send me my links": its throttles, the same for the API and the applicant page's form.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * "Send me my links": per client here; per address whoever asks, by either route, in the
 * database (LINK_REQUESTS_PER_ADDRESS, domains/mail/mail-caps.ts).
 */
export const LINK_REQUESTS_PER_CLIENT = 10;
const LINK_REQUEST_WINDOW = '1 hour';

/**
 * The throttles of "send me my links", the same for the API and the form: answers whether this
 * request may go on and, when it may, queues it (handled on the queue's own clock,
 * plugins/applicant-links.ts). Counted against its client (shared in Redis when configured,
 * like every limit), then against its address in the database, one count for both routes and
 * every node. Nothing here depends on whether the address is known, so the answer cannot tell.
 * Needs @fastify/rate-limit registered in `app`'s scope.
 */
export function linkRequestThrottle(app: FastifyInstance) {
  const perClient = app.createRateLimit({
    max: LINK_REQUESTS_PER_CLIENT,
    timeWindow: LINK_REQUEST_WINDOW,
    keyGenerator: (request: FastifyRequest) => `applicant-links-client:${request.ip}`,
  });
  return async (request: FastifyRequest, email: string): Promise<boolean> => {
    const client = await perClient(request);
    if (!client.isAllowed && client.isExceeded) return false;
    return app.applicantPage.requestLinks(email, app.now());
  };
}
