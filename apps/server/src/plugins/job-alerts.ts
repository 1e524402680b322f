import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Repositories } from '../domains';
import { mailOrigin } from './public-origin';
import { runEvery } from './background-run';

export interface JobAlertsRun {
  /**
   * One run, if this node gets the lease: unconfirmed alerts past their week deleted, due
   * alerts mailed. Undefined when another node is running it.
   */
  runOnce(now?: Date): Promise<{ expired: number; mails: number } | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job alerts' run (docs/operations.md): every ALERTS_INTERVAL_MS, one node at a time. */
    jobAlerts: JobAlertsRun;
  }
}

export const ALERTS_LEASE = 'job-alerts';
/** Long enough for any run; a node that dies mid-run frees the job after it. */
const LEASE_MS = 10 * 60_000;

export function createJobAlertsRun(options: {
  repos: Pick<Repositories, 'alerts' | 'leases'>;
  /** The origin of the mails' links: mailOrigin(config), never a request's. */
  origin: string;
  clock?: () => Date;
  holder?: string;
}): JobAlertsRun {
  const { repos, origin, clock = () => new Date() } = options;
  const holder = options.holder ?? crypto.randomUUID();
  return {
    async runOnce(now = clock()) {
      if (!(await repos.leases.claim(ALERTS_LEASE, holder, now, LEASE_MS))) return undefined;
      try {
        const expired = await repos.alerts.expireUnconfirmed(now);
        // Even without the lease (it expired mid-run), a digest is claimed per alert in the
        // transaction that queues it, so it is never mailed twice (alerts-repository.ts).
        const mails = await repos.alerts.sendDue(now, origin);
        return { expired, mails };
      } finally {
        await repos.leases.release(ALERTS_LEASE, holder, now);
      }
    },
  };
}

/** The alerts' timer: started when the app is ready, stopped when it closes. */
export const jobAlerts = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const job = createJobAlertsRun({
      repos: app.repos,
      origin: mailOrigin(config),
      clock: () => app.now(),
    });
    // Counts only: an alert's address is personal data and never reaches the log.
    const run = async (now?: Date) => {
      const done = await job.runOnce(now);
      if (done && (done.expired > 0 || done.mails > 0)) app.log.info(done, 'job alerts: run');
      return done;
    };
    app.decorate('jobAlerts', { runOnce: run });
    runEvery(app, config.alertsIntervalMs, () => run(), 'job alerts run failed');
  },
  { name: 'job-alerts', dependencies: ['repositories'] },
);
