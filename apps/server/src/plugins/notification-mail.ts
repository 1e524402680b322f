import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Repositories } from '../domains';
import { mailOrigin } from './public-origin';
import { runEvery } from './background-run';

export interface NotificationMailRun {
  /**
   * One run, if this node gets the lease: the digests of mentions and replies, then the daily
   * digests of new applications, queued as mail. Undefined when another node runs it.
   */
  runOnce(now?: Date): Promise<{ digests: number; dailyApplications: number } | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Notifications by mail (docs/recruiters.md): every NOTIFICATIONS_INTERVAL_MS, one node. */
    notificationMail: NotificationMailRun;
  }
}

export const NOTIFICATION_LEASE = 'notification-mail';
/** Long enough for any run; a node that dies mid-run frees the job after it. */
const LEASE_MS = 5 * 60_000;

export function createNotificationMailRun(options: {
  repos: Pick<Repositories, 'leases' | 'notifications'>;
  /** The origin of the mails' links: mailOrigin(config), never a request's. */
  origin: string;
  clock?: () => Date;
  holder?: string;
}): NotificationMailRun {
  const { repos, origin, clock = () => new Date() } = options;
  const holder = options.holder ?? crypto.randomUUID();
  return {
    async runOnce(now = clock()) {
      if (!(await repos.leases.claim(NOTIFICATION_LEASE, holder, now, LEASE_MS))) return undefined;
      try {
        // Even past the lease, each person's notifications are claimed in the transaction that
        // queues their mail, so none is mailed twice.
        const digests = await repos.notifications.mailDigests(now, origin);
        const dailyApplications = await repos.notifications.mailDailyApplications(now, origin);
        return { digests, dailyApplications };
      } finally {
        await repos.leases.release(NOTIFICATION_LEASE, holder, now);
      }
    },
  };
}

/** The notification run's timer: started when the app is ready, stopped when it closes. */
export const notificationMail = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const job = createNotificationMailRun({
      repos: app.repos,
      origin: mailOrigin(config),
      clock: () => app.now(),
    });
    // Counts only: who is told of what is personal data and never reaches the log.
    const run = async (now?: Date) => {
      const done = await job.runOnce(now);
      if (done && (done.digests > 0 || done.dailyApplications > 0)) {
        app.log.info(done, 'notification mail: queued');
      }
      return done;
    };
    app.decorate('notificationMail', { runOnce: run });
    runEvery(app, config.notificationsIntervalMs, () => run(), 'notification mail run failed');
  },
  { name: 'notification-mail', dependencies: ['repositories'] },
);
