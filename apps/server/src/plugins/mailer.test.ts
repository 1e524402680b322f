import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_BATCH } from '../domains/mail/mail-sender';
import { mailRepository } from '../domains/mail/mail-repository';
import { applicationPayload, createOpening, postApplication } from '../test/legacy/application';
import { startSmtpServer } from '../test/smtp';
import { createTestApp, createTestDb, engine, type TestDb } from '../test/test-app';

describe(`the mail sender when its node closes (${engine})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let db: TestDb;
  beforeAll(async () => {
    // A slow mail server: each mail takes 300 ms to be taken.
    smtp = await startSmtpServer(undefined, { delayMs: 300 });
    db = await createTestDb();
  });
  afterAll(async () => {
    await smtp.close();
    await db.destroy();
  });

  it('stops after the mail it is sending and leaves the rest of its batch to the other nodes at once', async () => {
    // The backlog is queued first, by a node that sends nothing.
    const writer = await createTestApp({ SMTP_URL: smtp.url }, { db });
    const jobId = await createOpening(writer, 'MAIL-CLOSE');
    for (let n = 1; n <= 8; n++) {
      const res = await postApplication(
        writer,
        jobId,
        applicationPayload({ Email: `backlog.${n}@example.com` }),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    await writer.app.close();
    // Polling far more often than a mail takes: runs must not pile up behind the one running.
    const node = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '20' }, { db });
    const queued = 16;
    for (let wait = 0; smtp.received.length === 0 && wait < 200; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(smtp.received.length).toBeGreaterThan(0);

    await node.app.close();
    // At most the mail being sent when the close began (and one that was taken meanwhile).
    const sentByClosingNode = smtp.received.length;
    expect(sentByClosingNode).toBeLessThanOrEqual(2);
    const mail = mailRepository(db.handle.db);
    expect((await mail.depth()).pending).toBe(queued - sentByClosingNode);

    // Not held until the claim expires: another node sends the rest now.
    const other = await createTestApp({ SMTP_URL: smtp.url }, { db });
    try {
      expect(await other.app.mailer.runOnce()).toBe(MAIL_BATCH);
      expect(await other.app.mailer.runOnce()).toBe(queued - sentByClosingNode - MAIL_BATCH);
      expect(smtp.received).toHaveLength(queued);
    } finally {
      await other.app.close();
    }
    // Three nodes start, eight applications are accepted and sixteen mails taken at 300 ms each:
    // on a busy machine that is more than the suite's 20 s.
  }, 60_000);
});
