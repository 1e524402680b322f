import type { DbOptions } from '../db/create-db';
import type { ApplicationStore } from '../domains/applications/application-store';
import { createWorkerPool, runMoving } from './pool';

/** The SQLite application store's writer: one thread (applicant-writer.ts) with its own connection. */
export function applicantWriterPool(options: DbOptions): ApplicationStore {
  const pool = createWorkerPool('applicant-writer', { maxThreads: 1, workerData: options });
  return {
    // The resume moves to the writer thread rather than being copied on the event loop.
    create: (application) => runMoving(pool, application, [application.resume.content]),
    close: () => pool.close(),
  };
}
