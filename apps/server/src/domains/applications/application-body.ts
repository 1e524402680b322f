import crypto from 'node:crypto';
import {
  applicationPayloadSchema,
  attachmentDetailSchema,
  attachmentHeaderSchema,
} from '@lumenfield/contract';
import { decodeFileContent } from './resume-file';

/**
 * Decodes a SaveApplicantDetail body, in a worker thread (workers/body-decoder.ts): the resume comes
 * out as bytes, the rest as a small JSON value for the route's schema. The old client's resume
 * arrives as an array of up to 5 million byte numbers; it is read straight from the body's bytes
 * into the resume's, never as a JS array of numbers. Anything the fast path is unsure of goes
 * through plain JSON.parse instead.
 */
export interface DecodedApplication {
  /** The body with the resume's content taken out (FileContent: ''), or as sent when it had none. */
  body: unknown;
  /** The resume's bytes; undefined when there is none or its encoding is not valid. */
  resume: Uint8Array | undefined;
  /** FileContent was sent as an array of byte numbers (the large-body form). */
  byteArrayForm: boolean;
  /** Keys the API does not know, as paths (`AttachmentHeader.Extra`). */
  unknownKeys: string[];
  /** The length of the body without the resume, as JSON. */
  fieldsLength: number;
}

const KEY = Buffer.from('"FileContent"');

function isSpace(code: number | undefined): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The bytes of a JSON array of integers 0-255 starting at `open` ('['), or undefined. */
function readByteArray(text: Uint8Array, open: number): { bytes: Buffer; end: number } | undefined {
  const bytes = Buffer.allocUnsafe(Math.ceil((text.length - open) / 2));
  let count = 0;
  let i = open + 1;
  while (i < text.length && isSpace(text[i])) i++;
  if (text[i] === 0x5d) return { bytes: bytes.subarray(0, 0), end: i };
  for (;;) {
    let value = 0;
    let digits = 0;
    while (i < text.length) {
      const code = text[i] as number;
      if (code < 0x30 || code > 0x39) break;
      value = value * 10 + (code - 0x30);
      digits++;
      i++;
    }
    if (digits === 0 || digits > 3 || value > 255) return undefined;
    bytes[count++] = value;
    while (i < text.length && isSpace(text[i])) i++;
    const next = text[i];
    if (next === 0x5d) return { bytes: bytes.subarray(0, count), end: i };
    if (next !== 0x2c) return undefined;
    i++;
    while (i < text.length && isSpace(text[i])) i++;
  }
}

interface Detail {
  FileContent?: unknown;
}

function firstDetail(body: unknown): Detail | undefined {
  const header = (body as { AttachmentHeader?: { AttachmentDetails?: unknown } } | null)
    ?.AttachmentHeader;
  const details = header?.AttachmentDetails;
  const first: unknown = Array.isArray(details) ? details[0] : undefined;
  return first !== null && typeof first === 'object' ? (first as Detail) : undefined;
}

function tryByteArrayAt(
  text: Buffer,
  afterKey: number,
): { body: unknown; resume: Buffer } | undefined {
  let i = afterKey;
  while (i < text.length && isSpace(text[i])) i++;
  if (text[i] !== 0x3a) return undefined;
  i++;
  while (i < text.length && isSpace(text[i])) i++;
  const array = text[i] === 0x5b ? readByteArray(text, i) : undefined;
  if (!array) return undefined;
  // A placeholder no sender can guess: where it lands must be the resume's own key.
  const placeholder = `\u0000${crypto.randomUUID()}`;
  let body: unknown;
  try {
    body = JSON.parse(
      `${text.toString('utf8', 0, i)}${JSON.stringify(placeholder)}${text.toString('utf8', array.end + 1)}`,
    );
  } catch {
    return undefined;
  }
  // The key found must be the resume's own, not text that merely looks like it.
  const detail = firstDetail(body);
  if (detail?.FileContent !== placeholder) return undefined;
  detail.FileContent = '';
  return { body, resume: array.bytes };
}

const KNOWN = {
  top: new Set(Object.keys(applicationPayloadSchema.shape)),
  header: new Set(Object.keys(attachmentHeaderSchema.shape)),
  detail: new Set(Object.keys(attachmentDetailSchema.shape)),
};

function unknownKeysOf(body: unknown): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const out = Object.keys(body).filter((key) => !KNOWN.top.has(key));
  const header = (body as { AttachmentHeader?: unknown }).AttachmentHeader;
  if (header !== null && typeof header === 'object' && !Array.isArray(header)) {
    out.push(
      ...Object.keys(header)
        .filter((key) => !KNOWN.header.has(key))
        .map((key) => `AttachmentHeader.${key}`),
    );
    const details = (header as { AttachmentDetails?: unknown }).AttachmentDetails;
    if (Array.isArray(details)) {
      details.forEach((detail: unknown, index) => {
        if (detail === null || typeof detail !== 'object' || Array.isArray(detail)) return;
        out.push(
          ...Object.keys(detail)
            .filter((key) => !KNOWN.detail.has(key))
            .map((key) => `AttachmentHeader.AttachmentDetails.${index}.${key}`),
        );
      });
    }
  }
  return out;
}

function decoded(body: unknown, resume: Uint8Array | undefined, byteArrayForm: boolean) {
  return {
    body,
    resume,
    byteArrayForm,
    unknownKeys: unknownKeysOf(body),
    fieldsLength: JSON.stringify(body).length,
  };
}

/** Throws a SyntaxError (or RangeError, nested too deep) for text that is not JSON. */
export function decodeApplicationBody(text: Buffer): DecodedApplication {
  // A few tries at most: an earlier key may be text that merely looks like the resume's.
  for (let key = text.indexOf(KEY), tries = 0; key >= 0 && tries < 3; tries++) {
    // The key must open a JSON string: the byte before it is no escaping backslash.
    if (key === 0 || text[key - 1] !== 0x5c) {
      const found = tryByteArrayAt(text, key + KEY.length);
      if (found) return decoded(found.body, found.resume, true);
    }
    key = text.indexOf(KEY, key + 1);
  }
  const body: unknown = JSON.parse(text.toString('utf8'));
  const detail = firstDetail(body);
  const content = detail?.FileContent;
  const isText = typeof content === 'string';
  const isNumbers = Array.isArray(content) && content.every((n) => typeof n === 'number');
  if (!detail || !(isText || isNumbers)) return decoded(body, undefined, Array.isArray(content));
  // Taken out either way: an encoding that is not valid is no resume, as an empty one.
  detail.FileContent = '';
  return decoded(body, decodeFileContent(content as string | number[]), isNumbers);
}
