import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConsoleApplicant,
  MessageTemplate,
  ProblemDetails,
  RejectionReason,
} from '@lumenfield/contract';
import { findApplicantByLink } from '../../domains/applications/applicant-links';
import { withAuditLogAway } from '../../test/audit-log-away';
import { consoleRequest, createUser, openSession } from '../../test/console';
import { putOnTeam } from '../../test/hiring';
import { insertInterview } from '../../test/interviews';
import { applicationPayload, createOpening, postApplication } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

/** Messages to candidates (docs/recruiters.md, "Messages to candidates"). */
describe(`messages to candidates (${engine})`, () => {
  let t: TestApp;
  let admin: string;
  let recruiter: string;
  let job: number;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://careers.example.com' });
    admin = await openSession(t, await createUser(t, 'msg.admin@example.com', 'admin'));
    recruiter = await openSession(t, await createUser(t, 'msg.recruiter@example.com'));
    job = await createOpening(t, 'MSG-1');
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;
  const call = (
    session: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) => consoleRequest(t, session, method, `/api${url}`, body);
  const applicant = async (email: string, firstName = 'Ana') => {
    const res = await postApplication(
      t,
      job,
      applicationPayload({ Email: email, FirstName: firstName }),
    );
    return (res.json() as { ApplicantID: number }).ApplicantID;
  };
  const audit = async (action: Parameters<typeof t.app.repos.audit.list>[0]['action']) =>
    (await t.app.repos.audit.list({ action }, 1, 100)).items;
  const messageMails = (id: number) =>
    db()
      .selectFrom('mailQueue')
      .select(['subject', 'textBody', 'htmlBody', 'toAddress'])
      .where('applicantId', '=', id)
      .where('kind', '=', 'applicant-message')
      .execute();
  const page = async (id: number) =>
    (await call(recruiter, 'GET', `/recruiters/applicants/${id}`)).json() as ConsoleApplicant;
  const createTemplate = async (name: string, subject: string, body: string) => {
    const res = await call(admin, 'POST', '/recruiters/message-templates', { name, subject, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as MessageTemplate;
  };
  const createReason = async (label: string) => {
    const res = await call(admin, 'POST', '/recruiters/rejection-reasons', { label });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as RejectionReason;
  };

  it('refuses an unknown or unclosed placeholder naming it and its field, and stores nothing', async () => {
    const before = await audit('message-template-create');
    const unknown = await call(admin, 'POST', '/recruiters/message-templates', {
      name: 'Thanks',
      subject: 'Hello',
      body: 'Dear {{fistName}}, thank you.',
    });
    expect(unknown.statusCode).toBe(400);
    const problem = unknown.json() as ProblemDetails;
    expect(problem.detail).toMatch(/^\{\{fistName\}\} is not a placeholder we know: use one of /);
    expect(problem.detail).toContain('{{firstName}}');
    expect(problem.errors).toEqual([{ field: 'body', message: problem.detail }]);

    const unclosed = await call(admin, 'POST', '/recruiters/message-templates', {
      name: 'Thanks',
      subject: 'About {{jobTitle',
      body: 'Hello.',
    });
    expect(unclosed.statusCode).toBe(400);
    expect((unclosed.json() as ProblemDetails).errors?.[0]?.field).toBe('subject');
    expect((unclosed.json() as ProblemDetails).detail).toContain('{{jobTitle');

    expect(await db().selectFrom('messageTemplates').select('id').execute()).toEqual([]);
    expect(await audit('message-template-create')).toEqual(before);
  });

  it('keeps templates for admins, audited with the fields that changed; recruiters only read them', async () => {
    const made = await createTemplate('Invitation', 'About {{jobTitle}}', 'Hello {{firstName}}.');
    const edited = await call(admin, 'PUT', `/recruiters/message-templates/${made.templateId}`, {
      name: 'Invitation',
      subject: 'Your application for {{jobTitle}}',
      body: 'Hello {{firstName}}.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as MessageTemplate).subject).toBe('Your application for {{jobTitle}}');
    const updates = await audit('message-template-update');
    expect(updates.map((row) => [row.target, row.detail])).toEqual([
      [`template ${made.templateId}`, 'changed subject'],
    ]);

    const listed = await call(recruiter, 'GET', '/recruiters/message-templates');
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as MessageTemplate[]).map((x) => x.name)).toContain('Invitation');
    const refused = await call(recruiter, 'POST', '/recruiters/message-templates', {
      name: 'Mine',
      subject: 'Hi',
      body: 'Hello.',
    });
    expect(refused.statusCode).toBe(403);

    const gone = await call(admin, 'DELETE', `/recruiters/message-templates/${made.templateId}`);
    expect(gone.statusCode).toBe(204);
    expect((await audit('message-template-delete')).map((row) => row.target)).toEqual([
      `template ${made.templateId}`,
    ]);
  });

  it('deletes an unused reason, retires one in use, and keeps it on the applicant and in the CSV', async () => {
    const unused = await createReason('Position filled');
    const removed = await call(admin, 'DELETE', `/recruiters/rejection-reasons/${unused.reasonId}`);
    expect(removed.json()).toEqual({ outcome: 'deleted' });

    const used = await createReason('Not enough experience');
    const id = await applicant('reason.kept@example.com');
    const rejected = await call(recruiter, 'POST', `/recruiters/applicants/${id}/rejection`, {
      reasonId: used.reasonId,
      templateId: null,
    });
    expect(rejected.statusCode, rejected.body).toBe(204);
    const retired = await call(admin, 'DELETE', `/recruiters/rejection-reasons/${used.reasonId}`);
    expect(retired.json()).toEqual({ outcome: 'retired' });
    const reasons = (await call(recruiter, 'GET', '/recruiters/rejection-reasons')).json();
    expect(reasons).toContainEqual({
      reasonId: used.reasonId,
      label: 'Not enough experience',
      retired: true,
      uses: 1,
    });
    // Each change audited by id, with the fields that changed; a recruiter changes nothing.
    const reasonRows = async () =>
      [
        ...(await audit('rejection-reason-create')),
        ...(await audit('rejection-reason-update')),
        ...(await audit('rejection-reason-delete')),
      ]
        .filter((row) =>
          [`reason ${unused.reasonId}`, `reason ${used.reasonId}`].includes(row.target!),
        )
        .map((row) => [row.action, row.target, row.detail])
        .sort();
    expect(await reasonRows()).toEqual(
      [
        ['rejection-reason-create', `reason ${unused.reasonId}`, null],
        ['rejection-reason-create', `reason ${used.reasonId}`, null],
        ['rejection-reason-delete', `reason ${unused.reasonId}`, null],
        ['rejection-reason-update', `reason ${used.reasonId}`, 'changed retired (in use)'],
      ].sort(),
    );
    const renamed = await call(
      recruiter,
      'PATCH',
      `/recruiters/rejection-reasons/${used.reasonId}`,
      {
        label: 'Renamed',
      },
    );
    expect(renamed.statusCode).toBe(403);
    const back = await call(admin, 'PATCH', `/recruiters/rejection-reasons/${used.reasonId}`, {
      label: 'Not enough experience',
      retired: false,
    });
    expect((back.json() as RejectionReason).retired).toBe(false);
    expect((await audit('rejection-reason-update')).map((row) => row.detail)).toContain(
      'changed retired',
    );
    await call(admin, 'PATCH', `/recruiters/rejection-reasons/${used.reasonId}`, { retired: true });

    expect(await page(id)).toMatchObject({
      stage: 'Rejected',
      rejectionReason: 'Not enough experience',
      messages: [],
    });
    const csv = await call(recruiter, 'GET', `/recruiters/applicants.csv?jobId=${job}`);
    const [header, ...rows] = csv.body.split('\r\n');
    const column = header!.split(',').indexOf('"Rejection reason"');
    expect(column).toBeGreaterThan(0);
    const row = rows.find((line) => line.startsWith(`"${id}",`));
    expect(row?.split(',')[column]).toBe('"Not enough experience"');

    // A retired reason is no longer given.
    const other = await applicant('reason.retired@example.com');
    const refused = await call(recruiter, 'POST', `/recruiters/applicants/${other}/rejection`, {
      reasonId: used.reasonId,
      templateId: null,
    });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ProblemDetails).errors?.[0]?.field).toBe('reasonId');
    expect((await page(other)).stage).toBe('New');
  });

  it('counts only the rejections that stand, so a reason given and undone can be removed', async () => {
    const reason = await createReason('Chose another path');
    const [moved, undone, standing] = await Promise.all(
      ['reason.moved@example.com', 'reason.undone@example.com', 'reason.stands@example.com'].map(
        (email) => applicant(email),
      ),
    );
    const uses = async () =>
      (
        (await call(recruiter, 'GET', '/recruiters/rejection-reasons')).json() as RejectionReason[]
      ).find((r) => r.reasonId === reason.reasonId)!.uses;
    const reject = (id: number) =>
      call(recruiter, 'POST', `/recruiters/applicants/${id}/rejection`, {
        reasonId: reason.reasonId,
        templateId: null,
      });
    for (const id of [moved!, standing!]) expect((await reject(id)).statusCode).toBe(204);
    const bulk = await call(recruiter, 'POST', '/recruiters/applicants/bulk', {
      applicants: [{ applicantId: undone, stage: 'New' }],
      action: { kind: 'reject', reasonId: reason.reasonId, templateId: null },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await uses()).toBe(3);

    // One moved back to an open stage, one bulk rejection undone: one rejection stands.
    const back = await call(recruiter, 'PUT', `/recruiters/applicants/${moved}/stage`, {
      stage: 'Screening',
    });
    expect(back.statusCode, back.body).toBe(200);
    const { batchId } = bulk.json() as { batchId: number };
    const undo = await call(recruiter, 'POST', `/recruiters/applicants/bulk/${batchId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await uses()).toBe(1);

    // While it stands the reason is retired; once it too is moved back, removal deletes it.
    const retired = await call(admin, 'DELETE', `/recruiters/rejection-reasons/${reason.reasonId}`);
    expect(retired.json()).toEqual({ outcome: 'retired' });
    await call(recruiter, 'PUT', `/recruiters/applicants/${standing}/stage`, {
      stage: 'Screening',
    });
    expect(await uses()).toBe(0);
    const removed = await call(admin, 'DELETE', `/recruiters/rejection-reasons/${reason.reasonId}`);
    expect(removed.json()).toEqual({ outcome: 'deleted' });
    const left = await db()
      .selectFrom('applicantStages')
      .select('id')
      .where('rejectionReasonId', '=', reason.reasonId)
      .execute();
    expect(left).toEqual([]);
    for (const id of [moved!, undone!, standing!]) {
      expect(await page(id)).toMatchObject({ stage: id === undone ? 'New' : 'Screening' });
    }
  });

  it('a rejection and the removal of its reason, at once, end in one of two whole outcomes', async () => {
    for (let round = 0; round < 6; round += 1) {
      const reason = await createReason(`Raced reason ${round}`);
      const id = await applicant(`reason.race.${round}@example.com`);
      const [rejected, removed] = await Promise.all([
        call(recruiter, 'POST', `/recruiters/applicants/${id}/rejection`, {
          reasonId: reason.reasonId,
          templateId: null,
        }),
        call(admin, 'DELETE', `/recruiters/rejection-reasons/${reason.reasonId}`),
      ]);
      const outcome = (removed.json() as { outcome: string }).outcome;
      const stage = (await page(id)).stage;
      if (rejected.statusCode === 204) {
        // The rejection came first: the reason is in use, so it is retired and kept.
        expect(outcome).toBe('retired');
        expect(await page(id)).toMatchObject({ stage: 'Rejected', rejectionReason: reason.label });
      } else {
        // The removal came first: the rejection is refused whole, the applicant untouched.
        expect(rejected.statusCode, rejected.body).toBe(400);
        expect(outcome).toBe('deleted');
        expect(stage).toBe('New');
      }
    }
  });

  it('rejects with a reason and a mail in one transaction: the stage, the message, the mail, a fresh status link and the audit row', async () => {
    const reason = await createReason('Another candidate was closer');
    const template = await createTemplate(
      'Rejection',
      'Your application for {{jobTitle}} ({{jobCode}})',
      'Dear {{firstName}} {{lastName}},\n\nThank you for your interest in {{companyName}}.\n\nWhere it stands: {{statusLink}}',
    );
    const id = await applicant('rejected.mailed@example.com', 'Noor');
    const body = { reasonId: reason.reasonId, templateId: template.templateId };

    const lost = await withAuditLogAway(db(), () =>
      call(recruiter, 'POST', `/recruiters/applicants/${id}/rejection`, body),
    );
    expect(lost.statusCode).toBe(500);
    expect((await page(id)).stage).toBe('New');
    expect(await messageMails(id)).toEqual([]);
    expect(await db().selectFrom('applicantMessages').select('id').execute()).toHaveLength(0);

    const done = await call(recruiter, 'POST', `/recruiters/applicants/${id}/rejection`, body);
    expect(done.statusCode, done.body).toBe(204);
    const [mail, ...more] = await messageMails(id);
    expect(more).toEqual([]);
    expect(mail?.toAddress).toBe('rejected.mailed@example.com');
    expect(mail?.subject).toBe('Your application for Opening MSG-1 (MSG-1)');
    expect(mail?.textBody).toContain('Dear Noor Cruz,');
    expect(mail?.textBody).toContain('Lumenfield Technology Partners');
    const token = /https:\/\/careers\.example\.com\/applications\/([A-Za-z0-9_-]{43})$/m.exec(
      mail?.textBody ?? '',
    )?.[1];
    expect(token).toBeDefined();
    expect(await findApplicantByLink(db(), token!, 'status', new Date())).toBe(id);
    expect(mail?.htmlBody).toContain(`href="https://careers.example.com/applications/${token}"`);

    const shown = await page(id);
    expect(shown.stage).toBe('Rejected');
    expect(shown.rejectionReason).toBe('Another candidate was closer');
    expect(shown.messages).toEqual([
      {
        messageId: expect.any(Number),
        kind: 'rejection',
        sentBy: 'Rita Recruiter',
        sentOn: expect.any(String),
        subject: 'Your application for Opening MSG-1 (MSG-1)',
        body: expect.stringContaining('Where it stands: [their status link]'),
      },
    ]);
    // The timeline never holds the secret.
    expect(JSON.stringify(shown)).not.toContain(token);
    const rows = (await audit('applicant-reject')).filter((r) => r.target === `applicant ${id}`);
    expect(rows.map((row) => row.detail)).toEqual([
      `New -> Rejected, reason ${reason.reasonId}, message ${shown.messages[0]!.messageId}`,
    ]);

    const again = await call(recruiter, 'POST', `/recruiters/applicants/${id}/rejection`, body);
    expect(again.statusCode).toBe(409);
  });

  it("a hiring manager rejects their opening's applicants with a reason and a mail, as a recruiter does", async () => {
    const reason = await createReason('Hiring manager passed');
    const template = await createTemplate(
      'Manager decision',
      'About {{jobTitle}}',
      'Dear {{firstName}},\n\nWe will not go further.',
    );
    const manager = await createUser(t, 'msg.manager@example.com', 'hiring_manager', 'Hana Lead');
    const managerSession = await openSession(t, manager);
    await putOnTeam(t, job, manager.id, 'hiring_manager');
    const interviewer = await createUser(t, 'msg.interviewer@example.com', 'interviewer');
    const interviewerSession = await openSession(t, interviewer);
    const mine = await applicant('manager.rejects@example.com', 'Lena');
    await insertInterview(t, mine, [interviewer.id]);
    const elsewhere = await createOpening(t, 'MSG-2');
    const other = (
      (
        await postApplication(t, elsewhere, applicationPayload({ Email: 'not.theirs@example.com' }))
      ).json() as { ApplicantID: number }
    ).ApplicantID;
    const body = { reasonId: reason.reasonId, templateId: template.templateId };

    // The dialog's lists and its preview, as the manager's page asks for them.
    const reasons = await call(managerSession, 'GET', '/recruiters/rejection-reasons');
    expect(reasons.statusCode).toBe(200);
    expect((reasons.json() as RejectionReason[]).map((r) => r.label)).toContain(reason.label);
    const templates = await call(managerSession, 'GET', '/recruiters/message-templates');
    expect((templates.json() as MessageTemplate[]).map((m) => m.name)).toContain(
      'Manager decision',
    );
    const preview = await call(
      managerSession,
      'POST',
      `/recruiters/applicants/${mine}/messages/preview`,
      { templateId: template.templateId },
    );
    expect(preview.json()).toEqual({
      subject: 'About Opening MSG-1',
      body: 'Dear Lena,\n\nWe will not go further.',
    });

    // Out of reach is as missing, and nothing changes; an interviewer may not reject at all.
    for (const [session, id, status] of [
      [managerSession, other, 404],
      [interviewerSession, mine, 403],
    ] as const) {
      const refused = await call(session, 'POST', `/recruiters/applicants/${id}/rejection`, body);
      expect(refused.statusCode).toBe(status);
      const previewed = await call(
        session,
        'POST',
        `/recruiters/applicants/${id}/messages/preview`,
        {
          templateId: template.templateId,
        },
      );
      expect(previewed.statusCode).toBe(status);
      expect(await messageMails(id)).toEqual([]);
    }
    expect((await page(other)).stage).toBe('New');
    expect((await page(mine)).stage).toBe('New');
    // Writing a message of their own stays the staff's.
    const written = await call(managerSession, 'POST', `/recruiters/applicants/${mine}/messages`, {
      subject: 'Hello',
      body: 'Hello.',
    });
    expect(written.statusCode).toBe(403);

    const done = await call(
      managerSession,
      'POST',
      `/recruiters/applicants/${mine}/rejection`,
      body,
    );
    expect(done.statusCode, done.body).toBe(204);
    const shown = await page(mine);
    expect(shown).toMatchObject({ stage: 'Rejected', rejectionReason: 'Hiring manager passed' });
    expect(shown.stageHistory[0]).toMatchObject({ stage: 'Rejected', changedBy: 'Hana Lead' });
    expect(shown.messages).toEqual([
      expect.objectContaining({
        kind: 'rejection',
        sentBy: 'Hana Lead',
        subject: 'About Opening MSG-1',
      }),
    ]);
    expect((await messageMails(mine)).map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ['manager.rejects@example.com', 'About Opening MSG-1'],
    ]);
    const rows = (await audit('applicant-reject')).filter((r) => r.target === `applicant ${mine}`);
    expect(rows.map((row) => [row.actorEmail, row.detail])).toEqual([
      [
        'msg.manager@example.com',
        `New -> Rejected, reason ${reason.reasonId}, message ${shown.messages[0]!.messageId}`,
      ],
    ]);
  });

  it('previews and sends a template and a written message, each queued with its audit row', async () => {
    const template = await createTemplate(
      'Next step',
      'Next step for {{jobTitle}}',
      'Hello {{firstName}},\n\nWe would like to talk.',
    );
    const id = await applicant('messaged@example.com', 'Iris');
    const preview = await call(recruiter, 'POST', `/recruiters/applicants/${id}/messages/preview`, {
      templateId: template.templateId,
    });
    expect(preview.json()).toEqual({
      subject: 'Next step for Opening MSG-1',
      body: 'Hello Iris,\n\nWe would like to talk.',
    });
    expect(await messageMails(id)).toEqual([]);

    const refused = await call(recruiter, 'POST', `/recruiters/applicants/${id}/messages`, {
      subject: 'Hi',
      body: 'Hello {{first}}',
    });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ProblemDetails).errors?.[0]?.field).toBe('body');

    const lost = await withAuditLogAway(db(), () =>
      call(recruiter, 'POST', `/recruiters/applicants/${id}/messages`, {
        templateId: template.templateId,
      }),
    );
    expect(lost.statusCode).toBe(500);
    expect(await messageMails(id)).toEqual([]);

    for (const draft of [
      { templateId: template.templateId },
      { subject: 'A question', body: 'Could you start in May, {{firstName}}?' },
    ]) {
      const sent = await call(recruiter, 'POST', `/recruiters/applicants/${id}/messages`, draft);
      expect(sent.statusCode, sent.body).toBe(201);
    }
    expect((await messageMails(id)).map((mail) => [mail.subject, mail.textBody])).toEqual([
      ['Next step for Opening MSG-1', 'Hello Iris,\n\nWe would like to talk.'],
      ['A question', 'Could you start in May, Iris?'],
    ]);
    const shown = await page(id);
    expect(shown.messages.map((m) => [m.kind, m.subject])).toEqual([
      ['template', 'Next step for Opening MSG-1'],
      ['written', 'A question'],
    ]);
    const rows = (await audit('applicant-message')).filter((r) => r.target === `applicant ${id}`);
    expect(rows.map((row) => row.detail).sort()).toEqual([
      `message ${shown.messages[0]!.messageId} from template ${template.templateId}`,
      `message ${shown.messages[1]!.messageId} written`,
    ]);
    // Audit rows say what was done, never what was written or to whom.
    expect(JSON.stringify(rows)).not.toMatch(/Iris|messaged@/);
  });

  it('erases the messages with the applicant', async () => {
    const id = await applicant('erased.messages@example.com');
    const sent = await call(recruiter, 'POST', `/recruiters/applicants/${id}/messages`, {
      subject: 'Hello',
      body: 'A message to erase.',
    });
    expect(sent.statusCode).toBe(201);
    expect(await t.app.repos.messages.messagesOf(id)).toHaveLength(1);
    await t.app.repos.applicants.eraseByEmail(
      'erased.messages@example.com',
      { label: 'cli' },
      new Date(),
    );
    expect(await t.app.repos.messages.messagesOf(id)).toEqual([]);
    expect(
      await db()
        .selectFrom('applicantMessages')
        .select('id')
        .where('applicantId', '=', id)
        .execute(),
    ).toEqual([]);
  });
});
