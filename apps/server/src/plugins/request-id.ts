import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a proxy's id may look like to be reused: short, printable, no separators to forge. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether the socket peer is a proxy TRUST_PROXY names (hop count: the peer is hop 0). */
export function peerIsTrusted(
  trustProxy: Config['trustProxy'],
): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return (address) => address !== undefined;
  const trusted = proxyAddr.compile(trustProxy);
  return (address) => address !== undefined && trusted(address, 0);
}

/**
 * TRUST_PROXY as Fastify takes it: a list goes to proxy-addr as it is. A hop count becomes
 * proxy-addr's hop function (the nearest `n` hops are trusted), because Fastify itself now
 * reads a bare number as "trust nothing". A hop count cannot check who the peer is: use it
 * only where nothing but the proxy can reach the server (docs/operations.md).
 */
export function fastifyTrustProxy(
  trustProxy: Config['trustProxy'],
): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy === 'number') return (_address: string, hop: number) => hop < trustProxy;
  return trustProxy;
}

/**
 * Fastify's proxy and request-id options. Proxies: TRUST_PROXY as Fastify takes it.
 * Request ids: the id of a request that came through a trusted
 * proxy is the proxy's X-Request-Id when it looks sane, so one id follows the request from the
 * proxy's log to ours; otherwise a fresh UUID. A client talking to us directly cannot choose it.
 * Every log line of the request carries it as `requestId` (plugins/log-output.ts).
 */
export function requestIdOptions(
  trustProxy: Config['trustProxy'],
): Pick<FastifyServerOptions, 'trustProxy' | 'genReqId' | 'requestIdHeader'> {
  const fromTrustedPeer = peerIsTrusted(trustProxy);
  return {
    trustProxy: fastifyTrustProxy(trustProxy),
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => {
      const given = request.headers[REQUEST_ID_HEADER];
      if (
        typeof given === 'string' &&
        SANE_ID.test(given) &&
        fromTrustedPeer(request.socket?.remoteAddress)
      ) {
        return given;
      }
      return crypto.randomUUID();
    },
  };
}

/** Every answer, errors included, names its request id in X-Request-Id. */
export const requestId = fp(
  async (app: FastifyInstance) => {
    // Callback hooks, here and in the other plugins every answer passes: no promise per answer.
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('X-Request-Id', request.id);
      done(null, payload);
    });
  },
  { name: 'request-id' },
);
