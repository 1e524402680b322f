import type { Db } from '../db/database';
import { applicantsRepository } from './applicants-repository';
import { jobsRepository } from './jobs-repository';
import { referenceRepository } from './reference-repository';

export function createRepositories(db: Db) {
  return {
    jobs: jobsRepository(db),
    applicants: applicantsRepository(db),
    reference: referenceRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
