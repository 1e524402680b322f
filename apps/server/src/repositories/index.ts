import type { Db } from '../db/database';
import { applicantsRepository } from './applicants-repository';
import { jobsRepository } from './jobs-repository';
import { mailRepository } from './mail-repository';
import { withListingCache } from './listing-cache';
import { referenceRepository } from './reference-repository';

export function createRepositories(db: Db) {
  return {
    jobs: withListingCache(jobsRepository(db)),
    applicants: applicantsRepository(db),
    reference: referenceRepository(db),
    mail: mailRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
