// A worker thread (workers/pool.ts): decodes one application body off the event loop, so
// JSON.parse of a 7 MB body or 5 million byte numbers never holds it (docs/security.md).
import './low-priority';
import { decodeApplicationBody, type DecodedApplication } from '../lib/application-body';

export type DecodeResult = { ok: true; decoded: DecodedApplication } | { ok: false };

export default function decode(bytes: Uint8Array): DecodeResult {
  try {
    return { ok: true, decoded: decodeApplicationBody(bytes) };
  } catch {
    // Not JSON, or nested too deep to parse: either way not an application.
    return { ok: false };
  }
}
