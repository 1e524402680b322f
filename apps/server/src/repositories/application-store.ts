import type { DbHandle } from '../db/create-db';
import { createWorkerPool, runMoving } from '../workers/pool';
import {
  applicantsRepository,
  type NewApplication,
  type StoredApplication,
} from './applicants-repository';

export interface ApplicationStore {
  /**
   * Stores an application and its resume in one transaction (applicantsRepository.create). The
   * resume's bytes may move to another thread: the caller must not read them afterwards.
   */
  create(application: NewApplication): Promise<StoredApplication>;
  close(): Promise<void>;
}

/**
 * Where applications are written. PostgreSQL's driver is asynchronous already. SQLite's is
 * synchronous, and writing a 5 MB resume holds the thread for tens of milliseconds, so on SQLite
 * one worker thread with its own connection does the writing (SQLite takes one writer at a time
 * anyway); reads stay on the main connection (WAL lets them run beside the write).
 */
export function createApplicationStore(database: DbHandle): ApplicationStore {
  if (database.dialect === 'postgres') {
    const applicants = applicantsRepository(database.db);
    return { create: (application) => applicants.create(application), close: async () => {} };
  }
  const pool = createWorkerPool('applicant-writer', {
    maxThreads: 1,
    workerData: database.options,
  });
  return {
    // The resume moves to the writer thread rather than being copied on the event loop.
    create: (application) => runMoving(pool, application, [application.resume.content]),
    close: () => pool.close(),
  };
}
