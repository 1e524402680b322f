import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer kept as the bytes it is sent as (docs/performance.md, "Answers as stored bytes"):
 * the body, its brotli and gzip forms, and the ETag of its bytes, all made once. Sending one
 * picks the form by Accept-Encoding and compares If-None-Match; nothing is rendered, compressed
 * or hashed per request.
 */
export interface StoredAnswer {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The identity body's hash; each form's ETag is it with the form's suffix. */
  tag: string;
}

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The hash an ETag is made of: SHA-256 of the bytes, base64url, 128 bits of it. */
export function bodyTag(body: Buffer): string {
  return crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22);
}

/** The ETag of one form: `"<tag>"`, `"<tag>-br"`, `"<tag>-gz"` (each form is its own bytes). */
export function etagOf(tag: string, encoding: Encoding): string {
  return `"${tag}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;
}

/**
 * Makes the stored forms of a body, compressing off the event loop (libuv's threads). Brotli
 * `quality`: 11 at build; answers made at run time use less (docs/performance.md).
 */
export async function storeAnswer(
  body: Buffer | string,
  { quality = 11, tag }: { quality?: number; tag?: string } = {},
): Promise<StoredAnswer> {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: quality >= 9 ? 9 : 6 }),
  ]);
  return { identity, br, gzip: gz, tag: tag ?? bodyTag(identity) };
}

/**
 * The form to send for an Accept-Encoding header: brotli, then gzip, when the client accepts
 * them (a `q=0` refuses one; `*` accepts both); otherwise the body as it is.
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  // Browsers send a handful of spellings: each is parsed once.
  let known = negotiated.get(header);
  if (known === undefined) {
    known = parseAcceptEncoding(header);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, known);
  }
  return known;
}

/** The spellings of Accept-Encoding seen, each with its answer (cleared when full). */
const negotiated = new Map<string, Encoding>();
const NEGOTIATED_MAX = 256;

function parseAcceptEncoding(header: string): Encoding {
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value?.trim());
    }
    if (!Number.isFinite(q)) q = 0;
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gz = q;
    else if (name === '*') any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzQ = gz ?? any ?? 0;
  if (brQ > 0 && brQ >= gzQ) return 'br';
  if (gzQ > 0) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names this answer (any of its forms, weak or strong, or `*`). */
export function heldByClient(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  for (const raw of header.split(',')) {
    const value = raw.trim().replace(/^W\//, '');
    if (value === `"${tag}"` || value === `"${tag}-br"` || value === `"${tag}-gz"`) return true;
  }
  return false;
}

/**
 * Sends a stored answer: `headers` (its type, caching, CSP) and the chosen form with its ETag
 * and `Vary: accept-encoding`, or `304` with no body when the client holds it already.
 */
export function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: StoredAnswer,
  headers: Record<string, string>,
  status = 200,
): FastifyReply {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  reply.headers(headers);
  reply.header('Vary', 'accept-encoding');
  reply.header('ETag', etagOf(answer.tag, encoding));
  if (status === 200 && heldByClient(request.headers['if-none-match'], answer.tag)) {
    return reply.code(304).send();
  }
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply
    .code(status)
    .send(encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : answer.identity);
}
