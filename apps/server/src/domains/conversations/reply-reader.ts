import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import type { ImapSetting } from '../../config';
import { MAX_REPLY_MAIL_BYTES } from './incoming-reply';
import type { ReplyInbox } from './reply-inbox';

/** Mails one run reads at most: a run stays short, the next takes the rest. */
export const REPLY_BATCH = 50;

export interface ReadCounts {
  /** Mails read and landed (on a timeline or in the unmatched list), then flagged \Seen. */
  read: number;
  replies: number;
  unmatched: number;
}

export interface ReplyReader {
  /**
   * Reads the mailbox's unseen mail once: each lands (ReplyInbox), and only after its
   * transaction commits is it flagged \Seen, so a crash in between reads it again and its
   * source key lands it once. Throws when the mailbox cannot be reached (the caller retries).
   */
  readOnce(now: Date): Promise<ReadCounts>;
  /** No further mail is read; the run in progress ends after the mail it is landing. */
  stop(): void;
}

/** What an IMAP failure is, without anything of a mail or the password. */
export function imapFailure(error: unknown): string {
  const { code, serverResponseCode } = error as { code?: unknown; serverResponseCode?: unknown };
  return [code, serverResponseCode].filter((part) => typeof part === 'string').join(' ') || 'error';
}

/**
 * The replies' mailbox over IMAP (imapflow): one connection per run, opened, read and closed.
 * Mail is never deleted or moved, only flagged \Seen: the mailbox stays the record of what came.
 */
export function createReplyReader({
  imap,
  inbox,
  log,
}: {
  imap: ImapSetting;
  inbox: ReplyInbox;
  log: FastifyBaseLogger;
}): ReplyReader {
  let stopped = false;
  return {
    async readOnce(now) {
      const counts: ReadCounts = { read: 0, replies: 0, unmatched: 0 };
      if (stopped) return counts;
      const client = new ImapFlow({
        host: imap.host,
        port: imap.port,
        secure: imap.secure,
        auth: { user: imap.user, pass: imap.password },
        logger: false,
        disableAutoIdle: true,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 60_000,
      });
      // A server that goes away mid-run ends the run with an error, never the process.
      client.on('error', (error: unknown) =>
        log.warn({ error: imapFailure(error) }, 'reply mailbox connection failed'),
      );
      try {
        await client.connect();
        const lock = await client.getMailboxLock(imap.mailbox);
        try {
          const unseen = (await client.search({ seen: false }, { uid: true })) || [];
          for (const uid of unseen.slice(0, REPLY_BATCH)) {
            if (stopped) break;
            const range = String(uid);
            const head = await client.fetchOne(range, { size: true }, { uid: true });
            if (!head) continue;
            const tooLarge = (head.size ?? 0) > MAX_REPLY_MAIL_BYTES;
            const message = await client.fetchOne(
              range,
              tooLarge ? { headers: true } : { source: true },
              { uid: true },
            );
            const raw = message ? (tooLarge ? message.headers : message.source) : undefined;
            if (!raw) continue;
            const landing = await inbox.land(raw, now, { tooLarge });
            // Only now, after the commit: a crash before it reads the mail again, landing once.
            await client.messageFlagsAdd(range, ['\\Seen'], { uid: true });
            counts.read += 1;
            if (landing.landed === 'reply') counts.replies += 1;
            else counts.unmatched += 1;
          }
        } finally {
          lock.release();
        }
        await client.logout();
      } catch (error) {
        client.close();
        throw error;
      }
      return counts;
    },
    stop: () => {
      stopped = true;
    },
  };
}
