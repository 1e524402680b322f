import type { DbHandle } from '../db/create-db';
import { createWorkerPool } from '../workers/pool';
import {
  applicantsRepository,
  type NewApplication,
  type StoredApplication,
} from './applicants-repository';

export interface ApplicationStore {
  /** Stores an application and its resume in one transaction (applicantsRepository.create). */
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
    create: (application) => pool.run(application),
    close: () => pool.close(),
  };
}
