import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Repositories } from '../domains';
import { replyInbox } from '../domains/conversations/reply-inbox';
import {
  createReplyReader,
  imapFailure,
  type ReadCounts,
  type ReplyReader,
} from '../domains/conversations/reply-reader';
import { replyMailbox } from '../domains/mail/reply-addresses';
import { runEvery } from './background-run';

export interface ReplyRun {
  /**
   * One read of the replies' mailbox if this node gets the lease: the counts, or undefined
   * when another node is reading it. A mailbox that cannot be reached is logged (a warning,
   * its error code only) and answered as nothing read; the next run tries again.
   */
  runOnce(now?: Date): Promise<ReadCounts | undefined>;
  stop(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Candidates' replies by mail (docs/operations.md): every IMAP_POLL_MS, one node at a time. */
    replyReader: ReplyRun | undefined;
  }
}

export const REPLY_LEASE = 'reply-reader';
/** Long enough for a run of REPLY_BATCH mails; a node that dies mid-run frees the job after it. */
const LEASE_MS = 5 * 60_000;

export function createReplyRun(options: {
  repos: Pick<Repositories, 'leases'>;
  reader: ReplyReader;
  log: FastifyInstance['log'];
  clock?: () => Date;
  /** This node's lease holder id. */
  holder?: string;
}): ReplyRun {
  const { repos, reader, log, clock = () => new Date() } = options;
  const holder = options.holder ?? crypto.randomUUID();
  return {
    async runOnce(now = clock()) {
      if (!(await repos.leases.claim(REPLY_LEASE, holder, now, LEASE_MS))) return undefined;
      try {
        const counts = await reader.readOnce(now);
        // Counts only: who wrote and what is personal data and never reaches the log.
        if (counts.read > 0) log.info(counts, 'replies by mail: read');
        return counts;
      } catch (error) {
        log.warn({ error: imapFailure(error) }, 'reply mailbox not read; tried again next run');
        return { read: 0, replies: 0, unmatched: 0 };
      } finally {
        await repos.leases.release(REPLY_LEASE, holder, now);
      }
    },
    stop: () => reader.stop(),
  };
}

/** The reply reader and its timer, when IMAP_URL is set: started when ready, stopped on close. */
export const replyReader = fp<{ config: Config; db: Db }>(
  async (app: FastifyInstance, { config, db }) => {
    const { imap, address, pollMs } = config.replies;
    if (!imap || !address) {
      app.decorate('replyReader', undefined);
      return;
    }
    const mailbox = replyMailbox(address);
    const run = createReplyRun({
      repos: app.repos,
      reader: createReplyReader({ imap, inbox: replyInbox(db, mailbox), log: app.log }),
      log: app.log,
      clock: () => app.now(),
    });
    app.decorate('replyReader', run);
    // Told to stop before the server stops listening; runEvery awaits the run in progress.
    app.addHook('preClose', async () => run.stop());
    runEvery(app, pollMs, () => run.runOnce(), 'reply mailbox run failed');
  },
  { name: 'reply-reader', dependencies: ['repositories'] },
);
