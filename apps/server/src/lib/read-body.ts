import type { Readable } from 'node:stream';
import { HttpProblem } from '../plugins/problem-details';

/**
 * Reads a request body into one buffer of its own (transferable to a worker), chunk by chunk as
 * it arrives: no concatenation at the end. Refuses more than `limit` bytes with `tooLarge`, and
 * a body shorter than its Content-Length with 400.
 */
export function readBody(
  stream: Readable,
  {
    declared,
    limit,
    tooLarge,
  }: { declared: number | undefined; limit: number; tooLarge: () => Error },
): Promise<Uint8Array> {
  if (declared !== undefined && declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    // Not zero-filled (every byte is written before it is read), and a buffer of its own, so it
    // can move to a worker: allocUnsafeSlow never hands out a slice of Node's shared pool.
    let buffer: Uint8Array = Buffer.allocUnsafeSlow(declared ?? 64 * 1024);
    let length = 0;
    const fail = (error: Error) => {
      stream.removeAllListeners('data');
      stream.resume();
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      if (length + chunk.length > limit) return fail(tooLarge());
      if (length + chunk.length > buffer.length) {
        // Only without a Content-Length (chunked): grow by doubling, up to the limit.
        const grown = Buffer.allocUnsafeSlow(
          Math.min(limit, Math.max(buffer.length * 2, length + chunk.length)),
        );
        grown.set(buffer.subarray(0, length));
        buffer = grown;
      }
      buffer.set(chunk, length);
      length += chunk.length;
    });
    stream.once('end', () => {
      if (declared !== undefined && length !== declared) {
        reject(new HttpProblem(400, 'The request body is shorter than its Content-Length.'));
        return;
      }
      resolve(length === buffer.length ? buffer : buffer.slice(0, length));
    });
    // A client that goes away mid-body (a cancelled upload): nothing more will come. That is the
    // client's choice, not our failure: a 400 to nobody, not a server error in the log.
    const incomplete = () => new HttpProblem(400, 'The request body was not completed.');
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ECONNRESET' ? incomplete() : error),
    );
    // (A settled promise ignores the later close.)
    stream.once('close', () => reject(incomplete()));
  });
}
