import type { Readable } from 'node:stream';
import { HttpProblem } from './http-problem';

/** A body whose client went away before its end (a cancelled upload, or one we closed). */
export const incompleteBody = () => new HttpProblem(400, 'The request body was not completed.');

/** A request body as the chunks it arrived in, each a buffer of its own. */
export interface BodyChunks {
  chunks: Uint8Array[];
  length: number;
}

/**
 * Reads a request body as it arrives and keeps its chunks as they are: nothing is copied or
 * joined on the event loop (copying 20 MB into fresh memory costs tens of milliseconds of page
 * faults), so the chunks can move to a worker thread whole, which joins them there. Refuses more
 * than `limit` bytes with `tooLarge`, and a body shorter than its Content-Length with 400.
 */
export function readBodyChunks(
  stream: Readable,
  {
    declared,
    limit,
    tooLarge,
  }: { declared: number | undefined; limit: number; tooLarge: () => Error },
): Promise<BodyChunks> {
  if (declared !== undefined && declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let length = 0;
    const fail = (error: Error) => {
      stream.removeAllListeners('data');
      stream.resume();
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      if (length + chunk.length > limit) return fail(tooLarge());
      chunks.push(chunk);
      length += chunk.length;
    });
    stream.once('end', () => {
      if (declared !== undefined && length !== declared) {
        reject(new HttpProblem(400, 'The request body is shorter than its Content-Length.'));
        return;
      }
      resolve({ chunks, length });
    });
    // A client that goes away mid-body (a cancelled upload): nothing more will come. That is the
    // client's choice, not our failure: a 400 to nobody, not a server error in the log.
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ECONNRESET' ? incompleteBody() : error),
    );
    // (A settled promise ignores the later close.)
    stream.once('close', () => reject(incompleteBody()));
  });
}
