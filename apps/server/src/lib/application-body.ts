/**
 * Parses a SaveApplicantDetail body. The old client's resume arrives as an array of byte
 * numbers: up to 5 million of them. Read straight into bytes and handed on as base64, it costs
 * about 12 MB instead of a JS array of numbers (~40 MB, copied again by validation).
 * Anything the fast path is unsure of goes through plain JSON.parse instead.
 */
export interface ParsedApplicationBody {
  body: unknown;
  /** FileContent was sent as an array of byte numbers (the large-body form). */
  byteArrayForm: boolean;
}

const KEY = '"FileContent"';

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The bytes of a JSON array of integers 0-255 starting at `open` ('['), or undefined. */
function readByteArray(text: string, open: number): { bytes: Buffer; end: number } | undefined {
  const bytes = Buffer.allocUnsafe(Math.ceil((text.length - open) / 2));
  let count = 0;
  let i = open + 1;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === 0x5d) return { bytes: bytes.subarray(0, 0), end: i };
  for (;;) {
    let value = 0;
    let digits = 0;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code < 0x30 || code > 0x39) break;
      value = value * 10 + (code - 0x30);
      digits++;
      i++;
    }
    if (digits === 0 || digits > 3 || value > 255) return undefined;
    bytes[count++] = value;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    const next = text.charCodeAt(i);
    if (next === 0x5d) return { bytes: bytes.subarray(0, count), end: i };
    if (next !== 0x2c) return undefined;
    i++;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  }
}

function fileContentOf(body: unknown): unknown {
  const header = (body as { AttachmentHeader?: { AttachmentDetails?: unknown } } | null)
    ?.AttachmentHeader;
  const details = header?.AttachmentDetails;
  return Array.isArray(details)
    ? (details[0] as { FileContent?: unknown })?.FileContent
    : undefined;
}

function tryByteArrayAt(text: string, afterKey: number): ParsedApplicationBody | undefined {
  let i = afterKey;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 0x3a) return undefined;
  i++;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const array = text.charCodeAt(i) === 0x5b ? readByteArray(text, i) : undefined;
  if (!array) return undefined;
  const base64 = array.bytes.toString('base64');
  let body: unknown;
  try {
    body = JSON.parse(`${text.slice(0, i)}"${base64}"${text.slice(array.end + 1)}`);
  } catch {
    return undefined;
  }
  // The key found must be the resume's own, not text that merely looks like it.
  return fileContentOf(body) === base64 ? { body, byteArrayForm: true } : undefined;
}

/** Throws a SyntaxError for text that is not JSON, like JSON.parse. */
export function parseApplicationBody(text: string): ParsedApplicationBody {
  // A few tries at most: an earlier key may be text that merely looks like the resume's.
  for (let key = text.indexOf(KEY), tries = 0; key >= 0 && tries < 3; tries++) {
    const found = tryByteArrayAt(text, key + KEY.length);
    if (found) return found;
    key = text.indexOf(KEY, key + 1);
  }
  const body: unknown = JSON.parse(text);
  return { body, byteArrayForm: Array.isArray(fileContentOf(body)) };
}
