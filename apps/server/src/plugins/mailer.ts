import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createMailSender, type MailSender } from '../lib/mail-sender';
import type { MailRepository } from '../repositories/mail-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the queued mail; runs every MAIL_POLL_MS on every node (lib/mail-sender.ts). */
    mailer: MailSender;
  }
}

/** The mail sender and its timer: started when the app is ready, stopped when it closes. */
export const mailer = fp<{ config: Config; mail: MailRepository }>(
  async (app: FastifyInstance, { config, mail }) => {
    const sender = createMailSender({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mail,
      log: app.log,
    });
    app.decorate('mailer', sender);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      if (config.mailPollMs === 0) return;
      timer = setInterval(() => {
        // One run at a time; a failing database is logged and tried again next time.
        running = running
          .then(() => sender.runOnce())
          .catch((error: unknown) => app.log.warn({ err: error }, 'mail queue not read'));
      }, config.mailPollMs);
      timer.unref();
    });
    // Stopped before any onClose hook runs, so no run starts after the database has closed.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
    app.addHook('onClose', async () => sender.close());
  },
  { name: 'mailer' },
);
