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

/** Runs a task with `bytes` moved, not copied, to the worker when it owns its whole buffer. */
export function runWithBytes<T>(pool: Piscina, bytes: Uint8Array): Promise<T> {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer
    ? pool.run(bytes, { transferList: [bytes.buffer] })
    : pool.run(bytes);
}
