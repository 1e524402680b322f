import crypto from 'node:crypto';
import type { ErasureResult } from '@lumenfield/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Repositories } from '../domains';
import { runEvery } from './background-run';

export interface Retention {
  /**
   * Erases the applicants past the retention period once, if this node gets the lease; the
   * counts, or undefined when another node is running it.
   */
  runOnce(now?: Date): Promise<ErasureResult | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention run (docs/recruiters.md): every RETENTION_INTERVAL_MS, one node at a time. */
    retention: Retention;
  }
}

export const RETENTION_LEASE = 'applicant-retention';
/** Long enough for any run; a node that dies mid-run frees the job after it. */
const LEASE_MS = 15 * 60_000;

export function createRetention(options: {
  repos: Pick<Repositories, 'applicants' | 'leases' | 'mail' | 'unmatchedReplies'>;
  retentionDays: number;
  clock?: () => Date;
  /** This node's lease holder id. */
  holder?: string;
  /** Applicants erased per transaction (tests make it small); RETENTION_BATCH otherwise. */
  batchSize?: number;
}): Retention {
  const { repos, retentionDays, clock = () => new Date(), batchSize } = options;
  const holder = options.holder ?? crypto.randomUUID();
  return {
    async runOnce(now = clock()) {
      if (!(await repos.leases.claim(RETENTION_LEASE, holder, now, LEASE_MS))) return undefined;
      try {
        const erased = await repos.applicants.eraseExpired(now, retentionDays, batchSize);
        // The mail caps' counters go once no window looks back at them (docs/careers.md).
        await repos.mail.pruneCapSlots(now);
        // Replies no conversation claimed wait UNMATCHED_REPLY_DAYS for an admin, no longer.
        await repos.unmatchedReplies.prune(now);
        return erased;
      } finally {
        await repos.leases.release(RETENTION_LEASE, holder, now);
      }
    },
  };
}

/** The retention timer: started when the app is ready, stopped when it closes. */
export const retention = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const job = createRetention({
      repos: app.repos,
      retentionDays: config.applicantRetentionDays,
      clock: () => app.now(),
    });
    // Counts only: what was erased is personal data and never reaches the log.
    const run = async (now?: Date) => {
      const erased = await job.runOnce(now);
      // Audited with the erasure, in its transaction (domains/applications/erasure-repository.ts).
      if (erased && erased.applicants > 0) app.log.info({ erased }, 'retention: applicants erased');
      return erased;
    };
    app.decorate('retention', { runOnce: run });
    runEvery(app, config.retentionIntervalMs, () => run(), 'retention run failed');
  },
  { name: 'retention', dependencies: ['repositories'] },
);
