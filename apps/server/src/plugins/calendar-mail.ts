import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Repositories } from '../domains';
import { interviewOutbox, type InterviewOutbox } from '../domains/calendar/interview-outbox';
import { mailOrigin } from './public-origin';
import { runEvery } from './background-run';

export interface CalendarMailRun {
  /**
   * One run, if this node gets the lease: the interviews' invitations, updates and
   * cancellations, then the reminders due, and the interviewers' overdue scorecards, queued as
   * mail. Undefined when another node runs it.
   */
  runOnce(
    now?: Date,
  ): Promise<{ invitations: number; reminders: number; feedbackReminders: number } | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The interviews' calendar mail (docs/recruiters.md): every CALENDAR_INTERVAL_MS, one node. */
    calendarMail: CalendarMailRun;
  }
}

export const CALENDAR_LEASE = 'calendar-mail';
/** Long enough for any run; a node that dies mid-run frees the job after it. */
const LEASE_MS = 5 * 60_000;

export function createCalendarMailRun(options: {
  repos: Pick<Repositories, 'leases' | 'scorecards'>;
  outbox: InterviewOutbox;
  /** The origin of the mails' links: mailOrigin(config), never a request's. */
  origin: string;
  clock?: () => Date;
  holder?: string;
}): CalendarMailRun {
  const { repos, outbox, origin, clock = () => new Date() } = options;
  const holder = options.holder ?? crypto.randomUUID();
  return {
    async runOnce(now = clock()) {
      if (!(await repos.leases.claim(CALENDAR_LEASE, holder, now, LEASE_MS))) return undefined;
      try {
        // Even past the lease (it expired mid-run), each interview's change and reminder is
        // claimed in the transaction that queues its mail, so none goes twice.
        const invitations = await outbox.sendInvitations(now);
        const reminders = await outbox.sendReminders(now);
        const feedbackReminders = await repos.scorecards.remindOverdue(now, origin);
        return { invitations, reminders, feedbackReminders };
      } finally {
        await repos.leases.release(CALENDAR_LEASE, holder, now);
      }
    },
  };
}

/** The calendar run's timer: started when the app is ready, stopped when it closes. */
export const calendarMail = fp<{ config: Config; db: Db }>(
  async (app: FastifyInstance, { config, db }) => {
    const origin = mailOrigin(config);
    const job = createCalendarMailRun({
      repos: app.repos,
      outbox: interviewOutbox(db, { mailFrom: config.mailFrom, origin }),
      origin,
      clock: () => app.now(),
    });
    // Counts only: who is invited is personal data and never reaches the log.
    const run = async (now?: Date) => {
      const done = await job.runOnce(now);
      if (done && Object.values(done).some((count) => count > 0)) {
        app.log.info(done, 'calendar mail: queued');
      }
      return done;
    };
    app.decorate('calendarMail', { runOnce: run });
    runEvery(app, config.calendarIntervalMs, () => run(), 'calendar mail run failed');
  },
  { name: 'calendar-mail', dependencies: ['repositories'] },
);
