import zlib from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { RESUME_MIME_TYPES, resumeKindFromName, type ResumeKind } from '@lumenfield/contract';

/** A base64 string, optionally as a data: URL (what FileReader.readAsDataURL produces). */
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+(;[\w-]+=[\w.-]+)*;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The resume's bytes from either wire form of docs/api.md: a base64 string (our page) or an
 * array of byte numbers (the old client). Undefined when the content is not a valid encoding.
 */
export function decodeFileContent(content: string | readonly number[]): Buffer | undefined {
  if (typeof content === 'string') {
    const base64 = content.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
    if (base64.length % 4 !== 0 || !BASE64.test(base64)) return undefined;
    return Buffer.from(base64, 'base64');
  }
  for (const byte of content) {
    if (!Number.isInteger(byte) || byte < 0 || byte > 255) return undefined;
  }
  return Buffer.from(content);
}

/** The number of bytes a base64 string decodes to, without decoding it. */
export function decodedBase64Length(content: string): number {
  const base64 = content.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

const OLE_WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * A DOCX of at most 5 MB that inflates past this is a zip bomb, not a resume: real ones
 * inflate to a few times their size. ZIP64 sizes (0xffffffff) count as over it.
 */
export const MAX_DOCX_INFLATED_BYTES = 100 * 1024 * 1024;

export interface ZipEntry {
  name: string;
  /** The uncompressed size the central directory declares. */
  size: number;
  /** 0 stored, 8 deflated; a DOCX uses no other. */
  method: number;
  /** The compressed size the central directory declares. */
  compressedSize: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

/** The names of the entries in a zip's central directory (no decompression needed). */
export function zipEntryNames(bytes: Buffer): string[] {
  return zipEntries(bytes).map((entry) => entry.name);
}

/** The entries of a zip's central directory, with their declared sizes. */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  // The end-of-central-directory record sits in the last 22 + 65 535 (comment) bytes.
  const floor = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= floor; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return entries;
    const size = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    entries.push({
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      size,
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      localOffset: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A zip whose entries declare more than MAX_DOCX_INFLATED_BYTES in all. */
export function isZipBomb(entries: readonly ZipEntry[]): boolean {
  return entries.reduce((total, entry) => total + entry.size, 0) > MAX_DOCX_INFLATED_BYTES;
}

/** More entries than any document has: a directory made to be walked, not a resume. */
const MAX_ZIP_ENTRIES = 5_000;

/**
 * Inflates raw deflate data as a stream, counting what comes out, and stops as soon as it passes
 * `budget`: the answer is then just over it. Data that does not inflate counts as Infinity.
 */
function inflatedLength(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve) => {
    const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    let total = 0;
    let settled = false;
    const finish = (length: number) => {
      if (settled) return;
      settled = true;
      resolve(length);
      inflater.destroy();
    };
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) finish(total);
    });
    inflater.on('end', () => finish(total));
    inflater.on('error', () => finish(Infinity));
    // The stream ends itself at its last block; whatever follows it is not read.
    inflater.end(data);
  });
}

/**
 * The bytes a zip really inflates to, whatever its directory declares, counted entry by entry
 * from each local header's data and never past `cap` (then the answer is just over it). A
 * deflated entry is inflated until its own stream ends, so a compressed size that lies changes
 * nothing; an entry that is neither stored nor deflated, or that does not inflate, is Infinity.
 */
export async function zipInflatedBytes(bytes: Buffer, cap: number): Promise<number> {
  const entries = zipEntries(bytes);
  if (entries.length > MAX_ZIP_ENTRIES) return Infinity;
  let total = 0;
  for (const entry of entries) {
    const local = entry.localOffset;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return Infinity;
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (entry.method === 0) {
      total += Math.min(entry.compressedSize, Math.max(0, bytes.length - start));
    } else if (entry.method === 8) {
      total += await inflatedLength(bytes.subarray(start), cap - total);
    } else {
      return Infinity;
    }
    if (total > cap) return total;
  }
  return total;
}

/**
 * A zip, judged by what it really inflates to (streamed, stopped at the bound): more than
 * MAX_DOCX_INFLATED_BYTES is a bomb. One whose directory already declares more is refused
 * without inflating anything. Run where a second of inflating holds no one up (the body
 * decoder's worker thread).
 */
export async function inflatesPastBound(bytes: Buffer): Promise<boolean> {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) return false;
  if (isZipBomb(zipEntries(bytes))) return true;
  return (await zipInflatedBytes(bytes, MAX_DOCX_INFLATED_BYTES)) > MAX_DOCX_INFLATED_BYTES;
}

/**
 * What the bytes really are, judged by their content (PDF, DOC, DOCX only: docs/api.md, SaveApplicantDetail):
 * a PDF; a legacy Word file (an OLE compound file holding a WordDocument stream); or a DOCX
 * (a zip holding word/document.xml, not declaring more than MAX_DOCX_INFLATED_BYTES).
 * Anything else, including an empty file, is null.
 */
export async function detectResumeKind(bytes: Buffer): Promise<ResumeKind | null> {
  if (bytes.length === 0) return null;
  // A malformed container can make the detector throw; it is then simply not a resume.
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  switch (detected?.ext) {
    case 'pdf':
      return 'pdf';
    case 'cfb':
    case 'doc':
      return bytes.includes(OLE_WORD_STREAM) ? 'doc' : null;
    case 'docx':
    case 'zip': {
      const entries = zipEntries(bytes);
      const isWord = entries.some((entry) => entry.name === 'word/document.xml');
      return isWord && !isZipBomb(entries) ? 'docx' : null;
    }
    default:
      return null;
  }
}

/** The detected kind, only when the file name's extension claims the same kind. */
export async function resumeKind(bytes: Buffer, fileName: string): Promise<ResumeKind | null> {
  const claimed = resumeKindFromName(fileName);
  if (claimed === null) return null;
  const actual = await detectResumeKind(bytes);
  return actual === claimed ? actual : null;
}

export function resumeMimeType(kind: ResumeKind): string {
  return RESUME_MIME_TYPES[kind];
}

/**
 * A file name safe to keep as metadata: the last path segment only, no control or
 * bidirectional-override characters, at most 255 characters.
 */
export function cleanFileName(name: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const visible = lastSegment.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '');
  return visible.trim().slice(-255);
}
