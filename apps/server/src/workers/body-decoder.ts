// A worker thread (workers/pool.ts): joins and decodes one application body off the event loop,
// so neither copying 20 MB nor JSON.parse of a 7 MB body or 5 million byte numbers holds it
// (docs/security.md).
import './low-priority';
import {
  decodeApplicationBody,
  type DecodedApplication,
} from '../domains/applications/application-body';
import type { BodyChunks } from '../lib/read-body';
import { inflatesPastBound } from '../domains/applications/resume-file';
import { asBuffer, movingResult, ownedCopy } from './pool';

export type DecodeResult =
  | {
      ok: true;
      decoded: DecodedApplication;
      /** The resume is a zip that really inflates past the bound (domains/applications/resume-file.ts). */
      zipBomb: boolean;
    }
  | { ok: false };

export default async function decode(body: BodyChunks): Promise<DecodeResult> {
  let decoded: DecodedApplication;
  try {
    decoded = decodeApplicationBody(Buffer.concat(body.chunks, body.length));
  } catch {
    // Not JSON, or nested too deep to parse: either way not an application.
    return { ok: false };
  }
  // Inflating a zip to judge it takes up to a second: here, not on the event loop.
  const zipBomb = decoded.resume ? await inflatesPastBound(asBuffer(decoded.resume)) : false;
  // The resume goes back moved, not copied, in a buffer of its own size.
  const resume = decoded.resume && ownedCopy(decoded.resume);
  return movingResult({ ok: true, decoded: { ...decoded, resume }, zipBomb }, [resume]);
}

/** A multipart resume's chunks, joined here and judged for a zip bomb (routes/apply-form.ts). */
export interface JoinedResume {
  bytes: Uint8Array;
  zipBomb: boolean;
}

export async function joinResume(body: BodyChunks): Promise<JoinedResume> {
  const bytes = Buffer.concat(body.chunks, body.length);
  const zipBomb = bytes.length > 0 ? await inflatesPastBound(bytes) : false;
  const owned = ownedCopy(bytes);
  // The chunks, joined, go back too (moved, unreferenced): the event loop's thread collects
  // garbage many times a second, this one rarely, and until it does the bytes it holds count
  // in the node's memory (a megabyte per application; docs/performance.md, "Applications
  // per second").
  return movingResult({ bytes: owned, zipBomb }, [owned, ...body.chunks]);
}
