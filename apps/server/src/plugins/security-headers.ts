import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { problemBody } from './problem-details';

/** Origins the page may frame: the office maps (docs/security.md). */
const MAP_ORIGIN = 'https://www.openstreetmap.org';

/** Powerful browser features the site never uses, turned off for every page. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
export const REFERRER_POLICY = 'no-referrer';

/**
 * What every answer carries, also the ones Fastify or Node make before any hook runs (a URL that
 * does not decode, headers too large, a request line that does not parse).
 */
export const BASELINE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': REFERRER_POLICY,
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
};

const hashSources = (hashes: readonly string[]) => hashes.map((hash) => `'sha256-${hash}'`);

/**
 * The site's policy; `inline`: the inline elements it allows by their hashes (a page's own
 * stylesheet and its one script, which loads the page's scripts).
 */
const siteDirectives = (inline: { styles?: string[]; scripts?: string[] } = {}) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...hashSources(inline.scripts ?? [])],
  styleSrc: ["'self'", ...hashSources(inline.styles ?? [])],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: [MAP_ORIGIN],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});

const kebab = (name: string) => name.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join('; ');

/**
 * The console's page: the site's policy, but it frames the site's own resumes (the PDF viewer)
 * and runs the viewer's worker from the site's scripts; no map, no inline style (its own build
 * links its stylesheet).
 */
export const consoleContentSecurityPolicy = policy({
  ...siteDirectives(),
  frameSrc: ["'self'"],
  workerSrc: ["'self'"],
});

/**
 * A page of the site (routes/pages.ts): the site's policy, allowing the page's own inline
 * stylesheet (each page family has its own, docs/architecture.md) and the script that loads
 * the page's scripts by their hashes, and nothing else inline.
 */
export const pageContentSecurityPolicy = (styleHash: string, scriptHash: string) =>
  policy(siteDirectives({ styles: [styleHash], scripts: [scriptHash] }));

/** Helmet's options: its defaults, our CSP, our referrer policy, HSTS left to plugins/hsts.ts. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: siteDirectives() },
  referrerPolicy: { policy: REFERRER_POLICY },
  // Sent over HTTPS only, by plugins/hsts.ts.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers Helmet sets with these options, asked of it once: none of them depends on the
 * request (the CSP names no nonce), so every answer gets the same object, set in one call
 * (Helmet's own Fastify plugin builds its middleware again on every request).
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What an answer that is not a document carries (API JSON, files, feeds; docs/api.md "Limits"): no
 * sniffing, no referrer, a policy that lets it run and load nothing and be framed nowhere, and no
 * reading from another origin. A document's set (Helmet's, with the site's policy, and the
 * Permissions-Policy) is half a kilobyte more that a JSON answer has no use for, on every call.
 */
export const ANSWER_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': REFERRER_POLICY,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Each set as [lower-case name, value] pairs, made once. */
const pairs = (headers: Record<string, string>) =>
  Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value] as const);

/**
 * The security headers of every answer that reaches the router, chosen when it is sent: an HTML
 * answer gets Helmet's headers and the Permissions-Policy, anything else `ANSWER_HEADERS`, but a
 * script the site's policy (a worker, such as the console's PDF viewer's, runs under the policy
 * its script came with). A header the route set itself is kept (a page's CSP names its inline
 * stylesheet's hash; a resume shown in the console's frame has its own).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    const documentHeaders = pairs({ ...helmetHeaders(), 'Permissions-Policy': PERMISSIONS_POLICY });
    const answerHeaders = pairs(ANSWER_HEADERS);
    const scriptHeaders = pairs({
      ...ANSWER_HEADERS,
      'Content-Security-Policy': policy(siteDirectives()),
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      const type = String(reply.getHeader('content-type') ?? '');
      const headers = type.startsWith('text/html')
        ? documentHeaders
        : type.includes('javascript')
          ? scriptHeaders
          : answerHeaders;
      for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

/**
 * Fastify's `frameworkErrors`: a URL that does not decode (`/%c0`) is refused before routing, so
 * no hook has run. A problem document with the baseline headers, never echoing the URL.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .headers({ ...BASELINE_HEADERS, 'X-Request-Id': request.id })
    .type('application/problem+json; charset=utf-8')
    .send(problemBody(status, 'The request URL is not valid.', undefined, request.id));
}

const STATUS_TEXT = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
} as const;

/**
 * Node's `clientError` (headers too large, a request line that does not parse, a timeout):
 * answered on the raw socket, as Fastify's default does, but as problem details with the
 * baseline headers and without echoing anything the client sent.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const detail =
    status === 431
      ? 'The request headers are too large.'
      : status === 408
        ? 'The request took too long to arrive.'
        : 'The request could not be read.';
  // Node answers before Fastify made a request: the id is made here.
  answerOnSocket(socket, status, detail, crypto.randomUUID());
  socket.destroy(error);
}

/**
 * A problem answer written on the raw socket, with the baseline headers and `Connection: close`,
 * for a request whose body will never be read (the caller closes the socket after it).
 */
export function answerOnSocket(
  socket: Socket,
  status: keyof typeof STATUS_TEXT,
  detail: string,
  requestId: string,
): void {
  const body = JSON.stringify(problemBody(status, detail, undefined, requestId));
  const headers = {
    ...BASELINE_HEADERS,
    'X-Request-Id': requestId,
    'Content-Type': 'application/problem+json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        `\r\n${body}`,
    );
  }
}
