import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplicantStage,
  BulkResult,
  MessageTemplate,
  StageTemplates,
} from '@lumenfield/contract';
import { newApplication } from '../../test/applicants';
import { consoleGet, consoleRequest, createUser, openSession } from '../../test/console';
import { createOpening } from '../../test/legacy/application';
import { readableMail, startSmtpServer } from '../../test/smtp';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { EVERYTHING } from '../../domains/team/reach';

/**
 * Automatic messages on a stage move (docs/recruiters.md): an opening's stage sends its
 * template on a move into it, held 15 s so an undo (bulk) or a move back (single) takes the
 * mail back; past the hold it reaches the SMTP server. Rejection sends its own mail only.
 */
describe(`automatic messages on a stage move (${engine})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let clock = Date.parse('2026-03-02T09:00:00Z');
  let admin: string;
  let recruiter: string;
  let job: number;
  let template: MessageTemplate;
  let seq = 0;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://careers.example.com' },
      { now: () => new Date(clock) },
    );
    admin = await openSession(t, await createUser(t, 'stage.admin@example.com', 'admin'));
    recruiter = await openSession(t, await createUser(t, 'stage.recruiter@example.com'));
    job = await createOpening(t, 'STAGE-1');
    const made = await call(admin, 'POST', '/recruiters/message-templates', {
      name: 'Invitation to interview',
      subject: 'Next step for {{jobTitle}}',
      body: 'Dear {{firstName}}, we would like to meet you. Your page: {{statusLink}}',
    });
    expect(made.statusCode, made.body).toBe(201);
    template = made.json() as MessageTemplate;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (session: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    consoleRequest(t, session, method, `/api${url}`, body);
  const settings = `/recruiters/jobs/:id/stage-templates`;
  const setTemplates = (body: StageTemplates, session = recruiter, id = job) =>
    call(session, 'PUT', settings.replace(':id', String(id)), body);
  const applicant = async () => {
    seq++;
    const stored = await t.app.repos.applicants.create(
      newApplication(
        job,
        { firstName: `Stage${seq}`, lastName: 'Mover', email: `stage.${seq}@example.com` },
        2000 + seq,
      ),
      new Date(clock),
    );
    emails.set(stored.applicantId, `stage.${seq}@example.com`);
    return stored.applicantId;
  };
  const emails = new Map<number, string>();
  /** The mails the SMTP server took for the applicant. */
  const sunkFor = (id: number) => smtp.received.filter((mail) => mail.to.includes(emails.get(id)!));
  const move = (id: number, stage: ApplicantStage) =>
    call(recruiter, 'PUT', `/recruiters/applicants/${id}/stage`, { stage });
  /** Runs the sender at the test's clock; the mails the SMTP server took for `to`. */
  const send = async () => t.app.mailer.runOnce(new Date(clock));
  const messagesOf = async (id: number) =>
    (
      (await call(recruiter, 'GET', `/recruiters/applicants/${id}`)).json() as {
        messages: { kind: string; subject: string; body: string }[];
      }
    ).messages;

  it('a recruiter sets a template per stage, audited; rejection and unknown templates are refused', async () => {
    const url = settings.replace(':id', String(job));
    expect((await consoleGet<StageTemplates>(t, `/api${url}`, recruiter)).body).toEqual({
      stageTemplates: [],
    });
    const rejected = await setTemplates({
      stageTemplates: [{ stage: 'Rejected' as 'Interview', templateId: template.templateId }],
    });
    expect(rejected.statusCode).toBe(400);
    const unknown = await setTemplates({
      stageTemplates: [{ stage: 'Offer', templateId: 999999 }],
    });
    expect(unknown.statusCode).toBe(400);
    const twice = await setTemplates({
      stageTemplates: [
        { stage: 'Interview', templateId: template.templateId },
        { stage: 'Interview', templateId: template.templateId },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect((await setTemplates({ stageTemplates: [] }, recruiter, 999999)).statusCode).toBe(404);

    const set = await setTemplates({
      stageTemplates: [{ stage: 'Interview', templateId: template.templateId }],
    });
    expect(set.statusCode, set.body).toBe(204);
    expect((await consoleGet<StageTemplates>(t, `/api${url}`, recruiter)).body).toEqual({
      stageTemplates: [{ stage: 'Interview', templateId: template.templateId }],
    });
    const rows = (await t.app.repos.audit.list({ action: 'opening-stage-templates' }, 1, 10)).items;
    expect(rows.map((row) => [row.actorEmail, row.target, row.detail])).toEqual([
      [
        'stage.recruiter@example.com',
        `opening ${job}`,
        `Interview: template ${template.templateId}`,
      ],
    ]);
    // An interviewer may not change an opening's settings.
    const interviewer = await openSession(
      t,
      await createUser(t, 'stage.iv@example.com', 'interviewer'),
    );
    expect((await setTemplates({ stageTemplates: [] }, interviewer)).statusCode).toBe(403);
  });

  it('a single move queues the template, held 15 s: on the timeline at once, at the SMTP server after', async () => {
    const id = await applicant();
    const moved = await move(id, 'Interview');
    expect(moved.statusCode, moved.body).toBe(200);
    // The console reads the page again for its timeline only when told to.
    expect((moved.json() as { messagesChanged: boolean }).messagesChanged).toBe(true);
    const [message] = await messagesOf(id);
    expect(message).toMatchObject({
      kind: 'template',
      subject: 'Next step for Opening STAGE-1',
      body: `Dear Stage${seq}, we would like to meet you. Your page: [their status link]`,
    });
    // Held: a sender running now, or 14 s later, sends nothing to them.
    await send();
    clock += 14_000;
    await send();
    expect(sunkFor(id)).toHaveLength(0);
    clock += 2_000;
    await send();
    const [mail] = sunkFor(id);
    expect(mail).toBeDefined();
    const text = readableMail(mail!.raw);
    expect(text).toContain('Subject: Next step for Opening STAGE-1');
    expect(text).toMatch(/https:\/\/careers\.example\.com\/applications\/[A-Za-z0-9_-]{43}/);
    const audit = (await t.app.repos.audit.list({ action: 'applicant-stage' }, 1, 10)).items[0];
    expect(audit?.detail).toMatch(/^New -> Interview, message \d+ automatic$/);
    // A stage without a template sends nothing.
    const onward = await move(id, 'Offer');
    expect((onward.json() as { messagesChanged: boolean }).messagesChanged).toBe(false);
    clock += 20_000;
    await send();
    expect(sunkFor(id)).toHaveLength(1);
  });

  it('a move back within 15 s takes the mail and the message back; none reaches the SMTP server', async () => {
    const id = await applicant();
    expect((await move(id, 'Screening')).statusCode).toBe(200);
    expect((await move(id, 'Interview')).statusCode).toBe(200);
    expect(await messagesOf(id)).toHaveLength(1);
    clock += 5_000;
    expect((await move(id, 'Screening')).statusCode).toBe(200);
    expect(await messagesOf(id)).toEqual([]);
    clock += 60_000;
    await send();
    expect(sunkFor(id)).toHaveLength(0);
    const audit = (await t.app.repos.audit.list({ action: 'applicant-stage' }, 1, 10)).items[0];
    expect(audit?.detail).toBe('Interview -> Screening, 1 held mail taken back');
  });

  it('a bulk move queues one per applicant; an undo inside 15 s sends none, one not undone is sent', async () => {
    const undone = [await applicant(), await applicant()];
    const kept = await applicant();
    const bulk = async (ids: number[]) => {
      const res = await call(recruiter, 'POST', '/recruiters/applicants/bulk', {
        applicants: ids.map((applicantId) => ({ applicantId, stage: 'New' })),
        action: { kind: 'move', stage: 'Interview' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as BulkResult;
    };
    const batch = await bulk(undone);
    await bulk([kept]);
    for (const id of [...undone, kept]) expect(await messagesOf(id)).toHaveLength(1);
    clock += 5_000;
    const undo = await call(recruiter, 'POST', `/recruiters/applicants/bulk/${batch.batchId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    for (const id of undone) {
      expect((await t.app.repos.pipeline.find(id, EVERYTHING))?.stage).toBe('New');
      expect(await messagesOf(id)).toEqual([]);
    }
    clock += 60_000;
    await send();
    for (const id of undone) expect(sunkFor(id)).toHaveLength(0);
    expect(sunkFor(kept)).toHaveLength(1);
  });

  it('a rejection sends its own mail only, and takes back a held automatic one', async () => {
    const id = await applicant();
    await setTemplates({
      stageTemplates: [
        { stage: 'Screening', templateId: template.templateId },
        { stage: 'Interview', templateId: template.templateId },
      ],
    });
    expect((await move(id, 'Screening')).statusCode).toBe(200);
    const reason = (
      await call(admin, 'POST', '/recruiters/rejection-reasons', { label: 'Stage: not now' })
    ).json() as { reasonId: number };
    const rejected = await call(recruiter, 'POST', `/recruiters/applicants/${id}/rejection`, {
      reasonId: reason.reasonId,
      templateId: null,
    });
    expect(rejected.statusCode, rejected.body).toBe(204);
    expect(await messagesOf(id)).toEqual([]);
    clock += 60_000;
    await send();
    expect(sunkFor(id)).toHaveLength(0);
  });
});
