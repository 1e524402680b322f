import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';
import { applicantPage, type ApplicantPage } from '../domains/applicant/applicant-page';
import { mailOrigin } from './public-origin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The applicant's own page: what a status link opens and does (docs/careers.md). */
    applicantPage: ApplicantPage;
    /** The queued "send me my links" requests, handled off the request (docs/security.md). */
    linkRequests: {
      /** Handles what is queued now; answers how many requests were handled. */
      runOnce(): Promise<number>;
      /** Asks for a run soon (after the answer that queued a request has gone). */
      kick(): void;
    };
  }
}

/** How often the queue is looked at besides the kicks (a request queued by another node). */
export const LINK_REQUESTS_INTERVAL_MS = 5_000;

/**
 * "Send me my links" is answered before anything is looked up, the same for every address: the
 * request is a row, and this runs it after the answer, one run at a time on this node (each row
 * is taken by deleting it, so two nodes never handle one twice). Counts only in the log.
 */
export const applicantLinks = fp<{ config: Config; database: DbHandle }>(
  async (app: FastifyInstance, { config, database }) => {
    const page = applicantPage(database.db, mailOrigin(config));
    app.decorate('applicantPage', page);
    let running: Promise<number> | undefined;
    /** One run at a time: a run asked for while one runs starts after it (it sees new rows). */
    const runOnce = async (): Promise<number> => {
      while (running) await running;
      const run = page
        .handleLinkRequests(app.now())
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'link requests: a run failed');
          return 0;
        })
        .finally(() => {
          if (running === run) running = undefined;
        });
      running = run;
      return run;
    };
    let closing = false;
    app.decorate('linkRequests', {
      runOnce,
      kick: () => {
        if (!closing) setImmediate(() => void runOnce());
      },
    });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void runOnce(), LINK_REQUESTS_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
    });
    app.addHook('onClose', async () => {
      await running;
    });
  },
  { name: 'applicant-links', dependencies: ['repositories'] },
);
