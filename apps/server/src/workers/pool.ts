import os from 'node:os';
import { Piscina } from 'piscina';

/** The worker entry points under src/workers, bundled beside server.mjs (apps/server/build.mjs). */
export type WorkerName = 'body-decoder' | 'applicant-writer';

/**
 * A pool of worker threads running one of our worker modules. From source (tests, `npm run
 * dev`) the module is TypeScript, loaded through tsx; the server bundle carries it as
 * `<name>.mjs` beside server.mjs, where this file's code then lives.
 */
export function createWorkerPool(
  name: WorkerName,
  options: { maxThreads?: number; workerData?: unknown } = {},
): Piscina {
  const fromSource = import.meta.url.endsWith('.ts');
  return new Piscina({
    filename: new URL(`./${name}.${fromSource ? 'ts' : 'mjs'}`, import.meta.url).href,
    ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
    minThreads: 0,
    // One core stays free for the event loop.
    maxThreads: options.maxThreads ?? Math.max(1, os.availableParallelism() - 1),
    idleTimeout: 30_000,
    workerData: options.workerData,
  });
}

/**
 * The ArrayBuffers behind `views` that can move to another thread instead of being copied: those
 * each view owns whole. (A view over part of a larger buffer is copied: moving would take the
 * rest of that buffer too.)
 */
export function movableBuffers(views: readonly (Uint8Array | undefined)[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) if (view && ownsWholeBuffer(view)) buffers.add(view.buffer);
  return [...buffers];
}

/** Does `view` cover the whole of its own ArrayBuffer (so moving it takes nothing else)? */
function ownsWholeBuffer(view: Uint8Array): view is Uint8Array<ArrayBuffer> {
  return (
    view.buffer instanceof ArrayBuffer &&
    view.byteOffset === 0 &&
    view.byteLength === view.buffer.byteLength
  );
}

/** `view` itself when it owns its whole buffer, else a copy in a buffer of its own size. */
export function ownedCopy(view: Uint8Array): Uint8Array {
  return ownsWholeBuffer(view) ? view : new Uint8Array(view);
}

/** A Buffer over the same bytes (no copy): what arrives from another thread is a Uint8Array. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Runs a task on the pool, moving the buffers of `views` to the worker rather than copying them
 * on the event loop (a 5 MB copy is milliseconds of it; twenty megabytes, tens). The caller must
 * not touch those views afterwards: they are empty on this side.
 */
export function runMoving<T>(
  pool: Piscina,
  task: unknown,
  views: readonly (Uint8Array | undefined)[],
): Promise<T> {
  return pool.run(task, { transferList: movableBuffers(views) });
}

/**
 * A worker's answer with the buffers of `views` moved back to the caller rather than copied
 * (what a worker module's task returns; piscina unwraps it).
 */
export function movingResult<T>(value: T, views: readonly (Uint8Array | undefined)[]): T {
  const transferable = {
    [Piscina.transferableSymbol]: movableBuffers(views),
    [Piscina.valueSymbol]: value,
  };
  return Piscina.move(transferable as never) as T;
}
