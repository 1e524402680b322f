// A worker thread (workers/pool.ts) with its own connection to the SQLite file: stores an
// application and its resume (a 5 MB blob takes tens of milliseconds of synchronous work in
// SQLite), so the event loop never waits for it (docs/security.md). It runs at the process's
// own priority, unlike the body decoders (low-priority.ts): every application's answer waits
// for its write, and a lowered thread is lowered against every process on the host, not only
// against our event loop: on a busy host the one writer starved and capped the applications
// per second (docs/performance.md, "Applications per second").
import { workerData } from 'node:worker_threads';
import { createDb, type DbOptions } from '../db/create-db';
import {
  applicantsRepository,
  type NewApplication,
  type StoredApplication,
} from '../domains/applications/applicants-repository';
import { asBuffer, movingResult } from './pool';

const { db } = createDb(workerData as DbOptions);
const applicants = applicantsRepository(db);

export default async function store(application: NewApplication): Promise<StoredApplication> {
  const stored = await applicants.create({
    ...application,
    // A Buffer over the bytes that arrived (moved here, not copied again).
    resume: { ...application.resume, content: asBuffer(application.resume.content) },
  });
  // The resume's bytes, stored, go back moved with the answer, unreferenced: the event loop's
  // thread collects them within moments; this thread, which makes little garbage of its own,
  // would keep tens of megabytes of them until its next collection (docs/performance.md).
  return movingResult(stored, [application.resume.content]);
}
