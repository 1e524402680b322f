import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { applicationMessages } from '@lumenfield/contract';
import type { Config } from '../config';
import { BodyBudget } from '../lib/body-budget';
import { HttpProblem } from '../lib/http-problem';
import { answerOnSocket } from './security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bytes of upload bodies this node holds at once (UPLOAD_BYTES_IN_FLIGHT), shared by
     *  every route that takes a resume, at most UPLOAD_BODIES_PER_CLIENT bodies per address. */
    uploadBudget: BodyBudget;
    /**
     * The preParsing step of every route that takes a resume: reserves the body's bytes for its
     * client address (429 when that address already holds its share, 503 when the node has no
     * room in time), gives them back when the answer is sent or the connection goes, and closes
     * the body with 408 if it arrives slower than UPLOAD_MIN_BYTES_PER_SECOND.
     */
    admitUpload(request: FastifyRequest, reply: FastifyReply, upload: Upload): Promise<void>;
  }
}

export interface Upload {
  /** The body's declared length, or the route's limit when it declares none. */
  bytes: number;
  /** The sentence of the 503 when the node has no room in time. */
  busy: string;
}

/** How long a body waits for room under UPLOAD_BYTES_IN_FLIGHT before the answer is 503. */
export const UPLOAD_WAIT_MS = 3_000;
/** How often a body's rate is judged again once its grace is over. */
const RATE_CHECK_MS = 1_000;

/** The node's upload budget and the one admission every upload route goes through. */
export const uploadBudget = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const budget = new BodyBudget(config.uploadBytesInFlight, config.uploadBodiesPerClient);
  const { bytesPerSecond, graceMs } = config.uploadMinRate;
  // A stalled body of the same address is closed by then: the rate check, or the body timeout.
  const heldAtMostMs =
    bytesPerSecond > 0
      ? Math.min(graceMs + RATE_CHECK_MS, config.bodyTimeoutMs)
      : config.bodyTimeoutMs;
  app.decorate('uploadBudget', budget);
  app.decorate('admitUpload', async (request: FastifyRequest, reply: FastifyReply, upload) => {
    const { release, refused } = await budget.acquire(upload.bytes, UPLOAD_WAIT_MS, request.ip);
    // A refused body is never read: the connection closes after the answer, holding nothing.
    if (refused) reply.header('Connection', 'close');
    if (refused === 'client') {
      // 429, not 503: it is this client's share that is taken, not the node that is full.
      throw new HttpProblem(429, applicationMessages.oneAtATime, undefined, {
        'Retry-After': String(Math.ceil(heldAtMostMs / 1000)),
      });
    }
    if (!release) {
      throw new HttpProblem(503, upload.busy, undefined, {
        'Retry-After': String(UPLOAD_WAIT_MS / 1000),
      });
    }
    // The bytes are held until the answer is sent or the connection goes.
    reply.raw.once('close', release);
    if (bytesPerSecond > 0) closeIfTooSlow(request, reply, bytesPerSecond, graceMs);
  });
});

/**
 * Judges the body's average rate from `graceMs` after its reservation, every second, until it
 * has all arrived; under `bytesPerSecond` it is answered 408 and its socket closed, which gives
 * its reservation back. Counted on the socket, so no reader of the body is touched.
 */
function closeIfTooSlow(
  request: FastifyRequest,
  reply: FastifyReply,
  bytesPerSecond: number,
  graceMs: number,
) {
  const socket = request.raw.socket;
  // An injected request (tests) has no socket that counts bytes: nothing to judge.
  if (typeof socket?.bytesRead !== 'number') return;
  const from = socket.bytesRead;
  const startedAt = performance.now();
  let timer = setTimeout(judge, graceMs);
  timer.unref();
  reply.raw.once('close', () => clearTimeout(timer));

  function judge() {
    if (request.raw.complete || socket.destroyed) return;
    const seconds = (performance.now() - startedAt) / 1000;
    const received = socket.bytesRead - from;
    if (received >= bytesPerSecond * seconds) {
      timer = setTimeout(judge, RATE_CHECK_MS);
      timer.unref();
      return;
    }
    request.log.info(
      { received, seconds: Number(seconds.toFixed(1)) },
      'upload arrived too slowly: answered 408 and closed',
    );
    if (!reply.raw.headersSent) {
      answerOnSocket(socket, 408, applicationMessages.tooSlow, request.id);
    }
    socket.destroy();
  }
}
