import type { Db } from '../db/database';
import { apiTokensRepository } from './accounts/api-tokens-repository';
import { applicantsRepository } from './applications/applicants-repository';
import { auditRepository } from './audit/audit-repository';
import { erasureRepository, leaseRepository } from './applications/erasure-repository';
import { jobsRepository } from './openings/jobs-repository';
import { mailRepository } from './mail/mail-repository';
import { withListingCache } from './openings/listing-cache';
import { pipelineChanges } from './pipeline/pipeline-changes';
import { pipelineRepository } from './pipeline/pipeline-repository';
import { referenceRepository } from './openings/reference-repository';
import { sessionsRepository } from './accounts/sessions-repository';
import { signInThrottleRepository } from './accounts/sign-in-throttle-repository';
import { usersRepository } from './accounts/users-repository';

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
    audit: auditRepository(db),
    // Its writes record their audit row in their own transaction (pipeline-changes.ts).
    pipeline: { ...pipelineRepository(db), ...pipelineChanges(db) },
    signInThrottle: signInThrottleRepository(db),
    apiTokens: apiTokensRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
