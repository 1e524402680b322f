import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, ConsoleApplicantPage } from '@lumenfield/contract';
import { applicationPayload, createOpening, postApplication } from '../../test/legacy/application';
import { consoleHeaders, createUser, openSession } from '../../test/console';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

describe(`reading personal data is audited; the audit log is append-only (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'AUD-1');
    for (const name of ['Alice', 'Bruno', 'Chen']) {
      await postApplication(
        t,
        jobId,
        applicationPayload({ FirstName: name, Email: `${name.toLowerCase()}@example.com` }),
      );
    }
  });
  afterAll(() => t.close());

  const auditRows = async (action: string) =>
    (await t.app.repos.audit.list({}, 1, 500)).items.filter((row) => row.action === action);
  const bearer = () => ({ authorization: `Bearer ${t.config.adminToken ?? ''}` });

  it('each applicant page opened and each list that returns applicants, by a console session: who, when, how many, never the words', async () => {
    const user = await createUser(t, 'reader@example.com');
    const session = await openSession(t, user);
    const list = await t.app.inject({
      url: `/api/recruiters/applicants?jobId=${jobId}&q=alice%40example.com`,
      headers: consoleHeaders(t, session),
    });
    expect(list.statusCode).toBe(200);
    const { items } = list.json() as ConsoleApplicantPage;
    expect(items).toHaveLength(1);
    // A search that returns nobody reads nobody's data.
    await t.app.inject({
      url: '/api/recruiters/applicants?q=nobody-at-all',
      headers: consoleHeaders(t, session),
    });
    const everyone = await t.app.inject({
      url: `/api/recruiters/applicants?jobId=${jobId}`,
      headers: consoleHeaders(t, session),
    });
    const ids = (everyone.json() as ConsoleApplicantPage).items.map((item) => item.applicantId);
    for (const id of ids) {
      const page = await t.app.inject({
        url: `/api/recruiters/applicants/${id}`,
        headers: consoleHeaders(t, session),
      });
      expect(page.statusCode).toBe(200);
    }

    const lists = await auditRows('applicants-list');
    expect(lists.map((row) => [row.actorEmail, row.target, row.detail])).toEqual([
      ['reader@example.com', `opening ${jobId}`, `3 applicants (opening ${jobId})`],
      ['reader@example.com', `opening ${jobId}`, `1 applicant (opening ${jobId}, words)`],
    ]);
    const views = await auditRows('applicant-view');
    expect(views.map((row) => row.target).sort()).toEqual(
      ids.map((id) => `applicant ${id}`).sort(),
    );
    expect(views.every((row) => row.actorEmail === 'reader@example.com' && row.at)).toBe(true);
    expect(JSON.stringify(await t.app.repos.audit.list({}, 1, 500))).not.toMatch(/alice/i);
  });

  it('the bearer API: each applicant list and resume read, as the token', async () => {
    const list = await t.app.inject({
      url: `/api/admin/jobs/${jobId}/applicants`,
      headers: bearer(),
    });
    expect(list.statusCode).toBe(200);
    const [first] = list.json() as { AttachmentGuid: string; ApplicantID: number }[];
    const resume = await t.app.inject({
      url: `/api/Physical/DownloadAttachment?AttachmentGuid=${first!.AttachmentGuid}&AttachmentName=cv.pdf`,
      headers: bearer(),
    });
    expect(resume.statusCode).toBe(200);
    const lists = await auditRows('applicants-list');
    expect(lists[0]).toMatchObject({
      actor: 'token',
      target: `opening ${jobId}`,
      detail: `3 applicants (opening ${jobId})`,
    });
    const downloads = await auditRows('resume-download');
    expect(downloads[0]).toMatchObject({
      actor: 'token',
      target: `applicant ${first!.ApplicantID}`,
    });
  });

  it('the database refuses to change or delete an audit row; erasure still works', async () => {
    const db = t.db.handle.db;
    const before = await t.app.repos.audit.list({}, 1, 500);
    expect(before.total).toBeGreaterThan(0);
    await expect(db.updateTable('auditLog').set({ detail: 'rewritten' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('auditLog').execute()).rejects.toThrow(/append-only/);
    if (engine === 'postgres') {
      await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    }
    expect(await t.app.repos.audit.list({}, 1, 500)).toEqual(before);
    // Erasing a person whose page was read leaves the audit rows as they were (and adds its own).
    expect(
      await t.app.repos.applicants.eraseByEmail('alice@example.com', { label: 'cli' }, new Date()),
    ).toMatchObject({ applicants: 1 });
    const after = await t.app.repos.audit.list({}, 1, 500);
    expect(after.total).toBe(before.total + 1);
    expect(after.items.filter((row) => row.action !== 'applicant-erase')).toEqual(
      before.items.filter((row) => row.action !== 'applicant-erase'),
    );
  });

  it('the log marks which targets still exist, so it can link them; an erased applicant is not', async () => {
    const admin = await createUser(t, 'linker@example.com', 'admin');
    const session = await openSession(t, admin);
    const idOf = async (name: string) => {
      await postApplication(
        t,
        jobId,
        applicationPayload({ FirstName: name, Email: `${name.toLowerCase()}@example.com` }),
      );
      const found = await t.app.inject({
        url: `/api/recruiters/applicants?q=${name.toLowerCase()}%40example.com`,
        headers: consoleHeaders(t, session),
      });
      return (found.json() as ConsoleApplicantPage).items[0]!.applicantId;
    };
    const kept = await idOf('Dora');
    const gone = await idOf('Emil');
    for (const id of [kept, gone]) {
      await t.app.inject({
        url: `/api/recruiters/applicants/${id}`,
        headers: consoleHeaders(t, session),
      });
    }
    await t.app.repos.applicants.eraseByEmail('emil@example.com', { label: 'cli' }, new Date());
    for (const target of [`user ${admin.id}`, 'opening 999999', 'user 999999']) {
      await t.app.repos.audit.record(
        { actor: { label: 'cli' }, action: 'user-update', target },
        new Date(),
      );
    }
    const log = await t.app.inject({
      url: '/api/recruiters/audit?page=1',
      headers: consoleHeaders(t, session),
    });
    expect(log.statusCode).toBe(200);
    const linked = new Map(
      (log.json() as AuditPage).items.map((entry) => [entry.target, entry.linked] as const),
    );
    expect(linked.get(`applicant ${kept}`)).toBe(true);
    expect(linked.get(`applicant ${gone}`)).toBe(false);
    expect(linked.get(`opening ${jobId}`)).toBe(true);
    expect(linked.get(`user ${admin.id}`)).toBe(true);
    expect(linked.get('opening 999999')).toBe(false);
    expect(linked.get('user 999999')).toBe(false);
  });
});
