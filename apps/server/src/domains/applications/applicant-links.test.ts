import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../prepare';
import { applicationPayload, createOpening, postApplication } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { createRepositories } from '..';
import {
  extendStatusLinks,
  findApplicantByLink,
  hashLinkToken,
  issueApplicantLink,
  spendApplicantLink,
} from './applicant-links';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

describe(`the applicant's own links (${engine})`, () => {
  let t: TestApp;
  let job: number;
  beforeAll(async () => {
    t = await createTestApp();
    await prepareDatabase(t.db.handle, { seedDemoData: false });
    job = await createOpening(t, 'LINK-1');
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;
  const apply = async (email: string) => {
    const res = await postApplication(t, job, applicationPayload({ Email: email }));
    return (res.json() as { ApplicantID: number }).ApplicantID;
  };

  it('mails the confirmation with a status link whose secret is kept only as its hash', async () => {
    const id = await apply('linked@example.com');
    const mail = await db()
      .selectFrom('mailQueue')
      .select('textBody')
      .where('applicantId', '=', id)
      .where('kind', '=', 'applicant-confirmation')
      .executeTakeFirstOrThrow();
    const token = /\/applications\/([A-Za-z0-9_-]{43})$/m.exec(mail.textBody)?.[1];
    expect(token).toBeDefined();
    const rows = await db().selectFrom('applicantLinks').selectAll().execute();
    const row = rows.find((r) => r.applicantId === id)!;
    expect(row.tokenHash).toBe(hashLinkToken(token!));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await findApplicantByLink(db(), token!, 'status', new Date())).toBe(id);
    // A status link is no erase link.
    expect(await findApplicantByLink(db(), token!, 'erase', new Date())).toBeUndefined();
  });

  it('keeps a status link 30 days from the last change, and every change moves that on', async () => {
    const id = await apply('thirty@example.com');
    const issued = at('2026-03-01T00:00:00Z');
    const token = await issueApplicantLink(db(), id, 'status', issued);
    const after = (days: number) => new Date(issued.getTime() + days * DAY);
    expect(await findApplicantByLink(db(), token, 'status', after(29.9))).toBe(id);
    expect(await findApplicantByLink(db(), token, 'status', after(30))).toBeUndefined();
    await extendStatusLinks(db(), id, after(20));
    expect(await findApplicantByLink(db(), token, 'status', after(49.9))).toBe(id);
    expect(await findApplicantByLink(db(), token, 'status', after(50))).toBeUndefined();
  });

  it('spends an erase link once, within 24 hours', async () => {
    const id = await apply('erase-once@example.com');
    const now = at('2026-03-01T00:00:00Z');
    const late = await issueApplicantLink(db(), id, 'erase', now);
    expect(await spendApplicantLink(db(), late, 'erase', new Date(now.getTime() + DAY))).toBe(
      undefined,
    );
    const token = await issueApplicantLink(db(), id, 'erase', now);
    expect(await spendApplicantLink(db(), token, 'erase', new Date(now.getTime() + 1000))).toBe(id);
    expect(await spendApplicantLink(db(), token, 'erase', new Date(now.getTime() + 2000))).toBe(
      undefined,
    );
  });

  it('answers nothing for a malformed or unknown token, and erasure leaves no link behind', async () => {
    expect(await findApplicantByLink(db(), 'short', 'status', new Date())).toBeUndefined();
    expect(await findApplicantByLink(db(), 'x'.repeat(43), 'status', new Date())).toBeUndefined();
    const id = await apply('gone@example.com');
    await createRepositories(db()).applicants.eraseByEmail(
      'gone@example.com',
      { label: 'cli' },
      new Date(),
    );
    const left = await db()
      .selectFrom('applicantLinks')
      .select('tokenHash')
      .where('applicantId', '=', id)
      .execute();
    expect(left).toEqual([]);
  });
});
