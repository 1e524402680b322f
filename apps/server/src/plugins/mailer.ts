import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createMailSender, MAIL_BATCH, type MailSender } from '../domains/mail/mail-sender';
import type { MailRepository } from '../domains/mail/mail-repository';
import { replyMailbox } from '../domains/mail/reply-addresses';
import type { OutboxRepository } from '../domains/mail/outbox-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the queued mail; runs every MAIL_POLL_MS on every node (domains/mail/mail-sender.ts). */
    mailer: MailSender;
  }
}

/** The mail sender and its timer: started when the app is ready, stopped when it closes. */
export const mailer = fp<{ config: Config; mail: MailRepository; outbox: OutboxRepository }>(
  async (app: FastifyInstance, { config, mail, outbox }) => {
    const sender = createMailSender({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      replyMailbox: config.replies.address ? replyMailbox(config.replies.address) : undefined,
      mail,
      // Only without a mail server on a loopback host (config.ts, `keepsLocalOutbox`).
      outbox: config.mailOutbox ? outbox : undefined,
      log: app.log,
    });
    app.decorate('mailer', sender);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const drain = async () => {
      try {
        // A full batch means more is due: the next one goes at once, not a tick later.
        while ((await sender.runOnce()) === MAIL_BATCH);
      } catch (error) {
        // A failing database is logged and tried again next tick.
        app.log.warn({ err: error }, 'mail queue not read');
      }
    };
    app.addHook('onReady', async () => {
      // Mail kept while the site had no mail server is not kept past one being set (or the
      // site leaving loopback): it holds candidates' addresses and links.
      if (!config.mailOutbox) await outbox.clear();
      if (config.mailPollMs === 0) return;
      timer = setInterval(() => {
        // One run at a time: a tick while one runs is skipped, never queued behind it.
        running ??= drain().finally(() => (running = undefined));
      }, config.mailPollMs);
      timer.unref();
    });
    // Told to stop before the server stops listening, without waiting for it: the port frees
    // at once, and the run ends after its current mail while requests in flight finish.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      sender.stop();
    });
    // server.ts closes the database only after every onClose hook, this wait included.
    app.addHook('onClose', async () => {
      await running;
      sender.close();
    });
  },
  { name: 'mailer' },
);
