import type { DbHandle, DbOptions } from '../../db/create-db';
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
export function createApplicationStore(
  database: DbHandle,
  // The SQLite writer thread (workers/applicant-writer-pool.ts), passed in so this domain never
  // imports the worker pool.
  offThreadWriter: (options: DbOptions) => ApplicationStore,
): ApplicationStore {
  if (database.dialect === 'postgres') {
    const applicants = applicantsRepository(database.db);
    return { create: (application) => applicants.create(application), close: async () => {} };
  }
  return offThreadWriter(database.options);
}
