// A worker thread (workers/pool.ts) with its own connection to the SQLite file: stores an
// application and its resume (a 5 MB blob takes tens of milliseconds of synchronous work in
// SQLite), so the event loop never waits for it (docs/security.md).
import './low-priority';
import { workerData } from 'node:worker_threads';
import { createDb, type DbOptions } from '../db/create-db';
import {
  applicantsRepository,
  type NewApplication,
  type StoredApplication,
} from '../domains/applications/applicants-repository';
import { asBuffer } from './pool';

const { db } = createDb(workerData as DbOptions);
const applicants = applicantsRepository(db);

export default function store(application: NewApplication): Promise<StoredApplication> {
  return applicants.create({
    ...application,
    // A Buffer over the bytes that arrived (moved here, not copied again).
    resume: { ...application.resume, content: asBuffer(application.resume.content) },
  });
}
