import type { Db } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
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

/**
 * The repositories an audited change to accounts writes with, over one transaction (none of them
 * opens a transaction of its own, which could not nest).
 */
function accountChangeRepositories(trx: Db) {
  const { revoke, deleteForUser } = apiTokensRepository(trx);
  return {
    users: usersRepository(trx),
    sessions: sessionsRepository(trx),
    apiTokens: { revoke, deleteForUser },
    audit: auditRepository(trx),
  };
}
export type AccountChangeRepositories = ReturnType<typeof accountChangeRepositories>;

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
    /** A change to accounts and its audit row, in one write transaction: both or neither. */
    changeAccounts: <T>(work: (repos: AccountChangeRepositories) => Promise<T>): Promise<T> =>
      writeTransaction(db, (trx) => work(accountChangeRepositories(trx))),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
