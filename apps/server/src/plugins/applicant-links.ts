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
    };
  }
}

/**
 * How often the queue is handled. On a clock of its own, never right after a request: work
 * that followed each request for a known address would slow the next answers, and a visitor
 * who timed them could tell (docs/security.md, "Send me my links").
 */
export const LINK_REQUESTS_INTERVAL_MS = 2_000;

/**
 * "Send me my links" is answered before anything is looked up, the same for every address: the
 * request is a row, and this handles the rows later, one run at a time on this node (each row
 * is taken by deleting it, so two nodes never handle one twice).
 */
export const applicantLinks = fp<{ config: Config; database: DbHandle }>(
  async (app: FastifyInstance, { config, database }) => {
    const page = applicantPage(database.db, {
      origin: mailOrigin(config),
      capPerAddress: config.mailCapPerAddress,
    });
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
    app.decorate('linkRequests', { runOnce });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void runOnce(), LINK_REQUESTS_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => clearInterval(timer));
    app.addHook('onClose', async () => {
      await running;
    });
  },
  { name: 'applicant-links', dependencies: ['repositories'] },
);
