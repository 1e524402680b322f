import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { ConsoleApplicant, ConsoleApplicantPage, ProblemDetails } from '@lumenfield/contract';
import { stateValue } from '../../db/reference-data';
import { backfillDuplicateKeys } from '../../db/migrations/0019-duplicates';
import { newApplication } from '../../test/applicants';
import { withAuditLogAway } from '../../test/audit-log-away';
import { consoleRequest, createUser, newClient, openSession } from '../../test/console';
import { pdfFile } from '../../test/files';
import {
  adminHeaders,
  applicationPayload,
  createOpening,
  INDIA,
  KARNATAKA,
  postApplication,
} from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

const US = 840;
const TEXAS = stateValue('US', 'TX');
const DAY = 86_400_000;

/** Duplicates: detection by each key, merge, dismiss, undo (docs/recruiters.md, "Duplicates"). */
describe(`duplicates (${engine})`, () => {
  let t: TestApp;
  let clock = Date.parse('2026-04-01T09:00:00Z');
  let admin: string;
  let recruiter: string;
  let jobA: number;
  let jobB: number;
  let size = 2000;
  let users: Awaited<ReturnType<typeof createUser>>[] = [];
  /** Fresh sessions (the clock jumping days ahead ends the old ones). */
  const signInAgain = async () => {
    admin = await openSession(t, users[0]!);
    recruiter = await openSession(t, users[1]!);
  };
  /** Days pass. */
  const later = async (days: number) => {
    clock += days * DAY;
    await signInAgain();
  };
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date(clock) });
    users = [
      await createUser(t, 'dupes.admin@example.com', 'admin'),
      await createUser(t, 'dupes.recruiter@example.com'),
    ];
    await signInAgain();
    jobA = await createOpening(t, 'DUP-A');
    jobB = await createOpening(t, 'DUP-B');
  });
  afterAll(() => t.close());

  const call = (session: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    consoleRequest(t, session, method, `/api${url}`, body);
  const page = async (id: number) => {
    const res = await call(recruiter, 'GET', `/recruiters/applicants/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ConsoleApplicant;
  };
  const suggested = async (id: number) =>
    Object.fromEntries(
      (await page(id)).possibleDuplicates.map((d) => [d.applicantId, d.matchedBy]),
    );
  const decide = (
    kind: 'merge' | 'merge/undo' | 'not-duplicate',
    id: number,
    otherId: number,
    session = recruiter,
  ) => call(session, 'POST', `/recruiters/applicants/${id}/${kind}`, { otherId });
  const problem = (res: { json: () => unknown }) => (res.json() as ProblemDetails).detail;

  /** An application through the old client's API (acceptApplication, as every way in). */
  const apply = async (
    jobId: number,
    fields: Record<string, unknown>,
    resume: Buffer = pdfFile(++size),
  ) => {
    const res = await postApplication(
      t,
      jobId,
      applicationPayload(fields, { content: resume }),
      newClient(),
    );
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { ApplicantID: number }).ApplicantID;
  };
  /** An application stored as given (no form rules: a number as the old rows hold it). */
  const stored = async (mobileNumber: string, email: string, countryId = US) =>
    (
      await t.app.repos.applicants.create(
        newApplication(
          jobA,
          {
            lastName: 'Silva',
            mobileNumber,
            city: 'Austin',
            email,
            countryId,
            stateId: countryId === US ? TEXAS : KARNATAKA,
          },
          ++size,
        ),
        new Date(clock),
      )
    ).applicantId;
  const audit = async (
    action: 'applicant-merge' | 'applicant-merge-undo' | 'applicant-duplicate-dismiss',
  ) => (await t.app.repos.audit.list({ action }, 1, 100)).items;

  it('finds the same person by the e-mail address, normalised, across openings', async () => {
    const first = await apply(jobA, {
      Email: 'Ana.Silva@Example.COM',
      MobileNumber: '5120000001',
      FirstName: 'Ana',
    });
    const again = await apply(jobB, {
      Email: '  ana.silva+jobs@example.com ',
      MobileNumber: '5120000002',
      FirstName: 'Ana',
    });
    const stranger = await apply(jobB, {
      Email: 'ana.silvia@example.com',
      MobileNumber: '5120000003',
    });
    expect(await suggested(first)).toEqual({ [again]: ['email'] });
    expect(await suggested(again)).toEqual({ [first]: ['email'] });
    expect(await suggested(stranger)).toEqual({});
    const shown = (await page(first)).possibleDuplicates[0]!;
    expect(shown).toMatchObject({ jobId: jobB, jobCode: 'DUP-B', stage: 'New', firstName: 'Ana' });
    expect(Date.parse(shown.appliedOn)).not.toBeNaN();
  });

  it('finds the same person by the mobile number in E.164, read with the country', async () => {
    const written = await stored('(512) 555-0107', 'one@example.com');
    const international = await stored('+1 512 555 0107', 'two@example.com');
    // The same ten digits in India are another number; an invalid one matches nothing.
    const india = await stored('5125550107', 'three@example.com', INDIA);
    const junk1 = await stored('0000000000', 'four@example.com');
    const junk2 = await stored('0000000000', 'five@example.com');
    expect(await suggested(written)).toEqual({ [international]: ['phone'] });
    expect(await suggested(india)).toEqual({});
    expect(await suggested(junk1)).toEqual({});
    expect(await suggested(junk2)).toEqual({});
    const keys = await t.db.handle.db
      .selectFrom('applicants')
      .select(['id', 'phoneE164'])
      .where('id', 'in', [written, india, junk1])
      .orderBy('id')
      .execute();
    expect(keys.map((k) => k.phoneE164)).toEqual(['+15125550107', '+915125550107', null]);
  });

  it('finds the same person by the resume bytes, and all keys at once', async () => {
    const resume = pdfFile(++size);
    const a = await apply(jobA, { Email: 'r.one@example.com', MobileNumber: '5120000011' }, resume);
    const b = await apply(jobB, { Email: 'r.two@example.com', MobileNumber: '5120000012' }, resume);
    expect(await suggested(a)).toEqual({ [b]: ['resume'] });
    const all = await apply(
      jobB,
      { Email: 'R.One@example.com', MobileNumber: '5120000011' },
      resume,
    );
    expect(await suggested(all)).toEqual({ [a]: ['email', 'phone', 'resume'], [b]: ['resume'] });
  });

  it('flags rows of the list that have possible duplicates', async () => {
    const a = await apply(jobA, {
      Email: 'flag.me@example.com',
      MobileNumber: '5120000021',
      LastName: 'Flagged',
    });
    const b = await apply(jobB, {
      Email: 'FLAG.ME@example.com',
      MobileNumber: '5120000022',
      LastName: 'Flagged',
    });
    const c = await apply(jobB, {
      Email: 'not.me@example.com',
      MobileNumber: '5120000023',
      LastName: 'Flagged',
    });
    const res = await call(recruiter, 'GET', '/recruiters/applicants?q=Flagged');
    const rows = (res.json() as ConsoleApplicantPage).items;
    expect(Object.fromEntries(rows.map((r) => [r.applicantId, r.possibleDuplicate]))).toEqual({
      [a]: true,
      [b]: true,
      [c]: false,
    });
  });

  it('merges two applications as one person, audited, and undoes it within 30 days', async () => {
    const a = await apply(jobA, { Email: 'merge.me@example.com', MobileNumber: '5120000031' });
    const b = await apply(jobB, { Email: 'merge.me@example.com', MobileNumber: '5120000032' });
    // Each keeps its own stage.
    await call(recruiter, 'POST', `/recruiters/applicants/${a}/notes`, { text: 'first' });
    const merged = await decide('merge', a, b);
    expect(merged.statusCode, merged.body).toBe(200);
    const after = merged.json() as ConsoleApplicant;
    expect(after.possibleDuplicates).toEqual([]);
    expect(after.alsoApplied).toEqual([
      expect.objectContaining({
        applicantId: b,
        jobId: jobB,
        stage: 'New',
        mergedBy: expect.any(String),
        mergedOn: new Date(clock).toISOString(),
        undoUntil: new Date(clock + 30 * DAY).toISOString(),
      }),
    ]);
    expect((await page(b)).alsoApplied.map((x) => x.applicantId)).toEqual([a]);
    expect((await page(b)).possibleDuplicates).toEqual([]);
    const rows = await call(recruiter, 'GET', '/recruiters/applicants?q=merge.me');
    expect((rows.json() as ConsoleApplicantPage).items.map((r) => r.possibleDuplicate)).toEqual([
      false,
      false,
    ]);
    const [row] = await audit('applicant-merge');
    expect(row).toMatchObject({ target: `applicant ${a}`, detail: `with applicant ${b}` });
    expect(JSON.stringify(row)).not.toContain('merge.me');

    // Twice: 409; with itself: 400.
    const twice = await decide('merge', b, a);
    expect(twice.statusCode).toBe(409);
    expect(problem(twice)).toBe('These two applications are already merged as one person.');
    const self = await decide('merge', a, a);
    expect(self.statusCode).toBe(400);
    expect(problem(self)).toMatch(/cannot be the duplicate of itself/);
    const dismissMerged = await decide('not-duplicate', a, b);
    expect(dismissMerged.statusCode).toBe(409);
    expect(problem(dismissMerged)).toMatch(/undo the merge first/);

    // A third application merged with b is one person with a too, through b.
    const c = await apply(jobA, {
      Email: 'merge.me+later@example.com',
      MobileNumber: '5120000033',
    });
    expect(await suggested(c)).toEqual({ [a]: ['email'], [b]: ['email'] });
    expect((await decide('merge', c, b)).statusCode).toBe(200);
    const viaB = (await page(a)).alsoApplied;
    expect(viaB.map((x) => [x.applicantId, x.mergedOn === null])).toEqual([
      [c, true],
      [b, false],
    ]);
    expect((await decide('merge', a, c)).statusCode).toBe(409);
    const indirect = await decide('merge/undo', a, c);
    expect(indirect.statusCode).toBe(409);
    expect(problem(indirect)).toMatch(/through another merge/);

    // 29 days on, anyone may undo; the suggestion is back.
    await later(29);
    const undone = await decide('merge/undo', b, a, admin);
    expect(undone.statusCode, undone.body).toBe(200);
    const back = undone.json() as ConsoleApplicant;
    expect(back.alsoApplied.map((x) => x.applicantId)).toEqual([c]);
    expect(back.possibleDuplicates.map((x) => x.applicantId)).toEqual([a]);
    const [undoRow] = await audit('applicant-merge-undo');
    expect(undoRow).toMatchObject({ target: `applicant ${b}`, detail: `with applicant ${a}` });
    const again = await decide('merge/undo', b, a);
    expect(again.statusCode).toBe(409);
    expect(problem(again)).toMatch(/not merged/);

    // Past 30 days the undo is gone: no date on the page, and the server refuses it.
    await later(2);
    expect((await page(c)).alsoApplied[0]).toMatchObject({ applicantId: b, undoUntil: null });
    const late = await decide('merge/undo', c, b);
    expect(late.statusCode).toBe(409);
    expect(problem(late)).toBe(
      `A merge can be undone for 30 days; the time to undo this one ended on ${new Date(clock - 31 * DAY + 30 * DAY).toISOString().slice(0, 10)}.`,
    );
    expect((await page(c)).alsoApplied.map((x) => x.applicantId)).toEqual([b]);
  });

  it("publishes an applicant's other applications by id in the bearer API", async () => {
    const jobC = await createOpening(t, 'DUP-C');
    const jobD = await createOpening(t, 'DUP-D');
    const a = await apply(jobC, { Email: 'published@example.com', MobileNumber: '5120000081' });
    const b = await apply(jobD, { Email: 'Published@example.com', MobileNumber: '5120000082' });
    const c = await apply(jobD, { Email: 'published+2@example.com', MobileNumber: '5120000083' });
    expect((await decide('merge', a, c)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${jobC}/applicants`,
      headers: adminHeaders(t),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [published] = res.json() as Record<string, unknown>[];
    expect(published).toMatchObject({
      ApplicantID: a,
      PossibleDuplicates: [{ ApplicantID: b, Job_id: jobD, MatchedBy: ['email'] }],
      SamePerson: [{ ApplicantID: c, Job_id: jobD }],
    });
  });

  it('dismisses a suggestion, audited, and refuses it twice', async () => {
    const a = await apply(jobA, { Email: 'twins@example.com', MobileNumber: '5120000041' });
    const b = await apply(jobB, { Email: 'twins@example.com', MobileNumber: '5120000042' });
    const dismissed = await decide('not-duplicate', b, a);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((dismissed.json() as ConsoleApplicant).possibleDuplicates).toEqual([]);
    expect((await page(a)).possibleDuplicates).toEqual([]);
    expect((await page(a)).alsoApplied).toEqual([]);
    const [row] = await audit('applicant-duplicate-dismiss');
    expect(row).toMatchObject({ target: `applicant ${b}`, detail: `with applicant ${a}` });
    const twice = await decide('not-duplicate', a, b);
    expect(twice.statusCode).toBe(409);
    expect(problem(twice)).toMatch(/already marked as not the same person/);
    // Changing one's mind: a dismissed pair may still be merged.
    expect((await decide('merge', a, b)).statusCode).toBe(200);
  });

  it('refuses a decision about an application that is not there (erased)', async () => {
    const a = await apply(jobA, { Email: 'gone.soon@example.com', MobileNumber: '5120000051' });
    const res = await decide('merge', a, 99_999_999);
    expect(res.statusCode).toBe(409);
    expect(problem(res)).toMatch(/There is no application 99999999: it may have been erased/);
    expect((await decide('merge', 99_999_998, a)).statusCode).toBe(404);
    const bad = await call(recruiter, 'POST', `/recruiters/applicants/${a}/merge`, {
      otherId: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('rolls a decision back when its audit row cannot be written', async () => {
    const a = await apply(jobA, { Email: 'rollback@example.com', MobileNumber: '5120000061' });
    const b = await apply(jobB, { Email: 'rollback@example.com', MobileNumber: '5120000062' });
    await withAuditLogAway(t.db.handle.db, async () => {
      expect((await decide('merge', a, b)).statusCode).toBe(500);
    });
    expect(Object.keys(await suggested(a))).toEqual([String(b)]);
  });

  it('erases only the erased application of a merged pair, and its keys with it', async () => {
    const a = await apply(jobA, { Email: 'keep.me@example.com', MobileNumber: '5120000071' });
    const b = await apply(jobB, { Email: 'erase.me@example.com', MobileNumber: '5120000071' });
    expect((await decide('merge', a, b)).statusCode).toBe(200);
    const erased = await call(admin, 'POST', '/recruiters/erasures', {
      email: 'erase.me@example.com',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await page(a)).alsoApplied).toEqual([]);
    expect((await page(a)).possibleDuplicates).toEqual([]);
    const left = await t.db.handle.db
      .selectFrom('applicants')
      .select('id')
      .where((eb) => eb.or([eb('emailKey', '=', 'erase.me@example.com'), eb('id', '=', b)]))
      .execute();
    expect(left).toEqual([]);
    expect(
      await t.db.handle.db
        .selectFrom('duplicateDecisions')
        .select('id')
        .where((eb) => eb.or([eb('applicantId', '=', b), eb('otherId', '=', b)]))
        .execute(),
    ).toEqual([]);
    const gone = await decide('merge/undo', a, b);
    expect(gone.statusCode).toBe(409);
  });

  it('gives the keys to applicants stored before them (the migration)', async () => {
    const a = await stored('(512) 555-0199', '  Old.Row@Example.COM ');
    await t.db.handle.db
      .updateTable('applicants')
      .set({ emailKey: null, phoneE164: null })
      .where('id', '=', a)
      .execute();
    await backfillDuplicateKeys(t.db.handle.db as unknown as Kysely<unknown>);
    const row = await t.db.handle.db
      .selectFrom('applicants')
      .select(['emailKey', 'phoneE164'])
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ emailKey: 'old.row@example.com', phoneE164: '+15125550199' });
  });
});
