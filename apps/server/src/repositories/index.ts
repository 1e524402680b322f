import type { Db } from '../db/database';
import { apiTokensRepository } from './api-tokens-repository';
import { applicantsRepository } from './applicants-repository';
import { auditRepository } from './audit-repository';
import { erasureRepository, leaseRepository } from './erasure-repository';
import { jobsRepository } from './jobs-repository';
import { mailRepository } from './mail-repository';
import { withListingCache } from './listing-cache';
import { pipelineRepository } from './pipeline-repository';
import { referenceRepository } from './reference-repository';
import { sessionsRepository } from './sessions-repository';
import { signInThrottleRepository } from './sign-in-throttle-repository';
import { usersRepository } from './users-repository';

export function createRepositories(db: Db) {
  return {
    jobs: withListingCache(jobsRepository(db)),
    // Erasure (by request and by retention) lives in its own module, served as the applicants'.
    applicants: { ...applicantsRepository(db), ...erasureRepository(db) },
    leases: leaseRepository(db),
    reference: referenceRepository(db),
    mail: mailRepository(db),
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    apiTokens: apiTokensRepository(db),
    audit: auditRepository(db),
    pipeline: pipelineRepository(db),
    signInThrottle: signInThrottleRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
