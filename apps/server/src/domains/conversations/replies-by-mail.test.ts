import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createUser, openSession } from '../../test/console';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { applicationPayload, createOpening, postApplication } from '../../test/legacy/application';
import { interviewer, interviewSetup, scheduleInterview } from '../../test/interviews';
import { putOnTeam } from '../../test/hiring';
import { startSmtpServer } from '../../test/smtp';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { hashReplyToken, REPLY_TOKEN_DAYS, replyMailbox } from '../mail/reply-addresses';
import { createReplyRun } from '../../plugins/reply-reader';
import { replyInbox, type ReplyInbox } from './reply-inbox';
import { createReplyReader } from './reply-reader';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A mail as a candidate's mail program writes it (nodemailer's composer, as real as any). */
async function composed(mail: Mail.Options): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await composer.sendMail({
    from: 'Rey Candidate <rey.candidate@example.org>',
    messageId: `<${crypto.randomUUID()}@mail.example.org>`,
    ...mail,
  });
  return info.message as Buffer;
}

/** Replies by mail (docs/operations.md, "Replies by mail"): a real SMTP sink, a real Dovecot. */
describe(`replies by mail: Reply-To out, IMAP in (${engine})`, () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let recruiter: string;
  let recruiterId: number;
  let job: number;
  const logs: string[] = [];
  const db = () => t.db.handle.db;
  const mailbox = replyMailbox('careers@example.com');

  beforeAll(async () => {
    dovecot = await startDovecot();
    smtp = await startSmtpServer();
    t = await createTestApp(
      {
        PUBLIC_URL: 'https://careers.example.com',
        SMTP_URL: smtp.url,
        REPLY_ADDRESS: 'careers@example.com',
        IMAP_URL: dovecot.url,
        IMAP_POLL_MS: '0',
        LOG_LEVEL: 'info',
      },
      {
        logDestination: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logs.push(chunk.toString());
            done();
          },
        }),
      },
    );
    const user = await createUser(t, 'replies.recruiter@example.com');
    recruiterId = user.id;
    recruiter = await openSession(t, user);
    job = await createOpening(t, 'REPLY-1');
    await putOnTeam(t, job, user.id, 'recruiter');
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await dovecot.close();
  });

  let made = 0;
  const applicant = async () => {
    const email = `rey.${++made}.${engine}@example.org`;
    const res = await postApplication(t, job, applicationPayload({ Email: email }));
    return { id: (res.json() as { ApplicantID: number }).ApplicantID, email };
  };
  /** Sends a written message and answers the Reply-To of the mail the SMTP server received. */
  const messaged = async (who: { id: number; email: string }, subject = 'A question') => {
    const sent = await consoleRequest(
      t,
      recruiter,
      'POST',
      `/api/recruiters/applicants/${who.id}/messages`,
      { subject, body: 'Could you start in May?' },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    await t.app.mailer.runOnce();
    const mail = smtp.received.find(
      (received) => received.to.includes(who.email) && received.raw.includes(`Subject: ${subject}`),
    );
    expect(mail).toBeDefined();
    return /^Reply-To: (.*)$/im.exec(mail!.raw)?.[1]?.trim();
  };
  const tokenOf = (address: string) => /^careers\+([a-z2-7]{32})@example\.com$/.exec(address)![1]!;
  /** Puts a mail in the mailbox as the mail server would deliver it (IMAP APPEND). */
  const deliver = async (raw: Buffer) => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: dovecot.port,
      secure: false,
      auth: { user: dovecot.user, pass: dovecot.password },
      logger: false,
    });
    await client.connect();
    await client.append('INBOX', raw);
    await client.logout();
  };
  const repliesOf = (applicantId: number) =>
    db()
      .selectFrom('applicantReplies')
      .select(['id', 'channel', 'subject', 'body'])
      .where('applicantId', '=', applicantId)
      .orderBy('id')
      .execute();
  const filesOf = (replyId: number) =>
    db()
      .selectFrom('attachments')
      .select(['originalName', 'kind', 'mimeType', 'content'])
      .where('replyId', '=', replyId)
      .execute();
  const unmatched = (subject: string) =>
    db()
      .selectFrom('unmatchedReplies')
      .select(['reason', 'fromAddress', 'subject', 'body', 'raw'])
      .where('subject', '=', subject)
      .execute();
  const read = () => t.app.replyReader!.runOnce();

  it('gives each mail to a candidate a fresh Reply-To naming its conversation, stored hashed', async () => {
    const rey = await applicant();
    const before = new Date();
    const first = await messaged(rey, 'First question');
    const second = await messaged(rey, 'Second question');
    expect(first).toMatch(/^careers\+[a-z2-7]{32}@example\.com$/);
    expect(second).toMatch(/^careers\+[a-z2-7]{32}@example\.com$/);
    expect(second).not.toBe(first);
    const stored = await db()
      .selectFrom('replyAddresses')
      .select(['tokenHash', 'expiresAt'])
      .where('applicantId', '=', rey.id)
      .execute();
    expect(stored.map((row) => row.tokenHash).sort()).toEqual(
      [hashReplyToken(tokenOf(first!)), hashReplyToken(tokenOf(second!))].sort(),
    );
    // Kept hashed only: the token in clear is nowhere in the database once the mail went.
    const days = (new Date(stored[0]!.expiresAt).getTime() - before.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(REPLY_TOKEN_DAYS);
    expect(await db().selectFrom('mailQueue').select('id').execute()).toEqual([]);
    // Mail to staff (the new application's notice to the opening's contacts) carries none.
    const notices = smtp.received.filter((mail) => !mail.to.includes(rey.email));
    expect(notices.length).toBeGreaterThan(0);
    for (const mail of notices) expect(mail.raw).not.toMatch(/^Reply-To:/im);
  });

  it("names the candidate's conversation on their interview invitation, never the interviewers'", async () => {
    const priya = await interviewer(t, 'priya.replies@example.com', 'Priya Raman', 'Asia/Kolkata');
    const setup = await interviewSetup(t, { email: 'invited.candidate@example.org' });
    await scheduleInterview(t, setup, {
      startsAt: new Date(Date.now() + 7 * 86_400_000),
      timeZone: 'Europe/Berlin',
      interviewerIds: [priya.id],
    });
    await t.app.calendarMail.runOnce();
    await t.app.mailer.runOnce();
    const toCandidate = smtp.received.find((m) => m.to.includes('invited.candidate@example.org'));
    const toPriya = smtp.received.find((m) => m.to.includes('priya.replies@example.com'));
    expect(toCandidate?.raw).toMatch(/^Reply-To: careers\+[a-z2-7]{32}@example\.com\r?$/im);
    expect(toPriya).toBeDefined();
    expect(toPriya!.raw).not.toMatch(/^Reply-To:/im);
  });

  it('puts a plain reply on the timeline without its quoted history and signature, and tells the team', async () => {
    const rey = await applicant();
    const address = (await messaged(rey))!;
    await deliver(
      await composed({
        // A mail server may lowercase the address, or name it in Delivered-To only.
        to: address.toUpperCase(),
        subject: 'Re: A question',
        text: [
          'Yes, May works for me.',
          '',
          '-- ',
          'Rey Candidate',
          '+49 151 23456789',
          '',
          'On Mon, 3 Nov 2026 at 10:00, Lumenfield Careers <careers@example.com> wrote:',
          '> Could you start in May?',
        ].join('\n'),
      }),
    );
    expect(await read()).toEqual({ read: 1, replies: 1, unmatched: 0 });
    expect(await repliesOf(rey.id)).toEqual([
      expect.objectContaining({
        channel: 'mail',
        subject: 'Re: A question',
        body: 'Yes, May works for me.',
      }),
    ]);
    const told = await db()
      .selectFrom('notifications')
      .select(['userId', 'kind'])
      .where('applicantId', '=', rey.id)
      .execute();
    expect(told).toEqual([{ userId: recruiterId, kind: 'reply' }]);
    // Flagged \Seen once landed: the next run finds nothing new.
    expect(await read()).toEqual({ read: 0, replies: 0, unmatched: 0 });
    // Counts only in the log: nothing of the mail, its sender or its address.
    const logged = logs.join('');
    expect(logged).toContain('replies by mail: read');
    expect(logged).not.toMatch(/rey\.|May works|careers\+|imap-test-password/i);
  });

  it('makes an HTML reply text: no markup, no script, no quoted history', async () => {
    const rey = await applicant();
    const address = (await messaged(rey))!;
    await deliver(
      await composed({
        to: `Lumenfield <${address}>`,
        subject: 'Re: HTML',
        html:
          '<div>I can start on <b>1 May</b>.<script>alert("x")</script><style>p{}</style></div>' +
          '<img src="https://tracker.example.org/p.png">' +
          '<div class="gmail_quote"><div>On Mon, Lumenfield wrote:</div>' +
          '<blockquote>Could you start in May?</blockquote></div>',
      }),
    );
    expect((await read())?.replies).toBe(1);
    const [reply] = await repliesOf(rey.id);
    expect(reply?.body).toBe('I can start on 1 May.');
  });

  it('keeps an allowed file checked by its bytes and names the refused ones in the text', async () => {
    const rey = await applicant();
    const address = (await messaged(rey))!;
    await deliver(
      await composed({
        to: address,
        subject: 'Re: files',
        text: 'My certificate and a photo are attached.',
        attachments: [
          { filename: 'certificate.pdf', content: PDF, contentType: 'application/pdf' },
          { filename: 'photo.png', content: PNG, contentType: 'image/png' },
          // A program named as a PDF, and one named as what it is.
          { filename: 'invoice.pdf', content: EXE, contentType: 'application/pdf' },
          { filename: 'setup.exe', content: EXE, contentType: 'application/octet-stream' },
          { filename: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) },
        ],
      }),
    );
    expect((await read())?.replies).toBe(1);
    const [reply] = await repliesOf(rey.id);
    expect(reply?.body).toBe(
      [
        'My certificate and a photo are attached.',
        '[attachment invoice.pdf not kept: only PDF, Word, OpenDocument text, plain text, PNG or JPEG files are kept]',
        '[attachment setup.exe not kept: only PDF, Word, OpenDocument text, plain text, PNG or JPEG files are kept]',
        '[attachment big.pdf not kept: larger than 10 MB]',
      ].join('\n\n'),
    );
    const files = await filesOf(reply!.id);
    expect(files.map((file) => [file.originalName, file.kind, file.mimeType])).toEqual([
      ['certificate.pdf', 'pdf', 'application/pdf'],
      ['photo.png', 'png', 'image/png'],
    ]);
    expect(Buffer.from(files[0]!.content).equals(PDF)).toBe(true);
  });

  it('keeps a reply to a forged, unknown or expired address whole in the unmatched list', async () => {
    const rey = await applicant();
    const expiring = (await messaged(rey))!;
    await db()
      .updateTable('replyAddresses')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('tokenHash', '=', hashReplyToken(tokenOf(expiring)))
      .execute();
    const forged = await composed({
      to: `careers+${'a'.repeat(32)}@example.com`,
      subject: 'Forged token',
      text: 'Let me in.',
    });
    await deliver(forged);
    await deliver(await composed({ to: expiring, subject: 'Late reply', text: 'Sorry, late.' }));
    await deliver(
      await composed({ to: 'careers@example.com', subject: 'No token', text: 'Hello?' }),
    );
    expect(await read()).toEqual({ read: 3, replies: 0, unmatched: 3 });
    const [kept] = await unmatched('Forged token');
    expect(kept).toMatchObject({
      reason: 'unknown',
      fromAddress: 'rey.candidate@example.org',
      body: 'Let me in.',
    });
    // The bytes as delivered, for an admin to read whole.
    expect(Buffer.from(kept!.raw).toString()).toContain('Let me in.');
    expect((await unmatched('Late reply'))[0]?.reason).toBe('expired');
    expect((await unmatched('No token'))[0]?.reason).toBe('no-token');
    expect(await repliesOf(rey.id)).toEqual([]);
  });

  it('keeps a mail past 25 MB by its header in the unmatched list, unread, left in the mailbox', async () => {
    const rey = await applicant();
    const address = (await messaged(rey))!;
    await deliver(
      await composed({
        to: address,
        subject: 'Huge reply',
        text: 'Everything I have.',
        attachments: [{ filename: 'all.pdf', content: Buffer.alloc(26 * 1024 * 1024, 0x41) }],
      }),
    );
    expect(await read()).toEqual({ read: 1, replies: 0, unmatched: 1 });
    const [kept] = await unmatched('Huge reply');
    expect(kept?.reason).toBe('too-large');
    expect(kept?.body).toBe('[mail not read: larger than 25 MB; it stays in the mailbox]');
    expect(kept!.raw.length).toBeLessThan(64 * 1024);
    expect(Buffer.from(kept!.raw).toString()).toContain('Subject: Huge reply');
    expect(await repliesOf(rey.id)).toEqual([]);
  });

  it('lands a mail once when two readers read the mailbox at once, with or without the lease', async () => {
    const rey = await applicant();
    const address = (await messaged(rey))!;
    for (let n = 0; n < 4; n++) {
      await deliver(await composed({ to: address, subject: `Race ${n}`, text: `Answer ${n}.` }));
    }
    // Two readers past the lease (a node whose lease ran out, or one that crashed between its
    // commit and the \Seen flag): the Message-ID's key lands each mail once.
    const imap = t.config.replies.imap!;
    const reader = () =>
      createReplyReader({ imap, inbox: replyInbox(db(), mailbox), log: t.app.log });
    const [a, b] = await Promise.all([
      reader().readOnce(new Date()),
      reader().readOnce(new Date()),
    ]);
    expect(a.replies + b.replies).toBeGreaterThanOrEqual(4);
    expect((await repliesOf(rey.id)).map((reply) => reply.body).sort()).toEqual([
      'Answer 0.',
      'Answer 1.',
      'Answer 2.',
      'Answer 3.',
    ]);
    // Two nodes' runs at once: one holds the lease, the other reads nothing.
    await deliver(await composed({ to: address, subject: 'Race 4', text: 'Answer 4.' }));
    const second = await createTestApp(
      { REPLY_ADDRESS: 'careers@example.com', IMAP_URL: dovecot.url, IMAP_POLL_MS: '0' },
      { db: t.db },
    );
    try {
      const runs = await Promise.all([read(), second.app.replyReader!.runOnce()]);
      expect(runs.filter((run) => run === undefined)).toHaveLength(1);
    } finally {
      await second.close();
    }
    expect(await repliesOf(rey.id)).toHaveLength(5);
  });

  it('loses nothing when Dovecot stops before or during a read: a warning, then the next run', async () => {
    const rey = await applicant();
    const address = (await messaged(rey))!;
    await dovecot.stop();
    const warnings = logs.length;
    expect(await read()).toEqual({ read: 0, replies: 0, unmatched: 0 });
    expect(logs.slice(warnings).join('')).toContain('reply mailbox not read; tried again next run');
    await dovecot.start();

    for (let n = 0; n < 12; n++) {
      await deliver(await composed({ to: address, subject: `Outage ${n}`, text: `Reply ${n}.` }));
    }
    // Stopped under a run: right after the third mail's commit, before its \Seen flag.
    const inbox = replyInbox(db(), mailbox);
    let landed = 0;
    const stopping: ReplyInbox = {
      async land(raw, now, options) {
        const landing = await inbox.land(raw, now, options);
        if (++landed === 3) await dovecot.stop();
        return landing;
      },
    };
    const interrupted = await createReplyRun({
      repos: t.app.repos,
      reader: createReplyReader({ imap: t.config.replies.imap!, inbox: stopping, log: t.app.log }),
      log: t.app.log,
    }).runOnce();
    expect(interrupted).toEqual({ read: 0, replies: 0, unmatched: 0 });
    expect(await repliesOf(rey.id)).toHaveLength(3);
    await dovecot.start();
    await read();
    // The third is read again and lands once; the rest land now.
    const bodies = (await repliesOf(rey.id)).map((reply) => reply.body);
    expect(bodies).toHaveLength(12);
    expect(new Set(bodies).size).toBe(12);
  });
});

describe(`mail without REPLY_ADDRESS (${engine})`, () => {
  it('carries no Reply-To and runs no reader', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://careers.example.com',
    });
    try {
      const session = await openSession(t, await createUser(t, 'noreply.recruiter@example.com'));
      const job = await createOpening(t, 'REPLY-OFF');
      const res = await postApplication(
        t,
        job,
        applicationPayload({ Email: 'plain.candidate@example.org' }),
      );
      const id = (res.json() as { ApplicantID: number }).ApplicantID;
      const sent = await consoleRequest(
        t,
        session,
        'POST',
        `/api/recruiters/applicants/${id}/messages`,
        {
          subject: 'Hello',
          body: 'Hello.',
        },
      );
      expect(sent.statusCode, sent.body).toBe(201);
      await t.app.mailer.runOnce();
      const mail = smtp.received.find(
        (m) => m.to.includes('plain.candidate@example.org') && /^Subject: Hello\r?$/m.test(m.raw),
      );
      expect(mail).toBeDefined();
      expect(mail!.raw).not.toMatch(/^Reply-To:/im);
      expect(t.app.replyReader).toBeUndefined();
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
