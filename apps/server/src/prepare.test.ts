import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { placeholderProblem, postedAgeText } from '@lumenfield/contract';
import { createRepositories } from './domains';
import { createTestDb, engine, type TestDb } from './test/test-app';
import { demoOpenings } from './domains/openings/demo-openings';
import { prepareDatabase } from './prepare';
import { startingReasons, startingTemplates } from './domains/messages/starting-content';
import { stateValue } from './db/reference-data';
import { contentBlocks, contentPages, homeContent } from '@lumenfield/site-content';

describe(`database preparation (${engine})`, () => {
  let testDb: TestDb;
  beforeEach(async () => {
    testDb = await createTestDb();
  });
  afterEach(() => testDb.destroy());

  it('migrates an empty database and seeds reference data, idempotently', async () => {
    await prepareDatabase(testDb.handle, { seedDemoData: false });
    const repos = createRepositories(testDb.handle.db);
    const countries = await repos.reference.countries();
    const usStates = await repos.reference.statesOf(840);

    await prepareDatabase(testDb.handle, { seedDemoData: false });
    expect(await repos.reference.countries()).toEqual(countries);
    expect(await repos.reference.statesOf(840)).toEqual(usStates);

    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual({ value: 840, label: 'United States of America' });
    expect(countries).toContainEqual({ value: 356, label: 'India' });
    expect(countries).toContainEqual({ value: 608, label: 'Philippines' });
    expect(usStates).toContainEqual({ value: stateValue('US', 'CA'), label: 'California' });
    expect(await repos.reference.statesOf(356)).toContainEqual({
      value: stateValue('IN', 'KA'),
      label: 'Karnataka',
    });
    expect(await repos.jobs.count()).toBe(0);
  });

  it('starts a new installation with rejection reasons and templates, once', async () => {
    await prepareDatabase(testDb.handle, { seedDemoData: false });
    const repos = createRepositories(testDb.handle.db);
    const reasons = await repos.messages.reasons();
    const templates = await repos.messages.templates();
    expect(reasons.map((r) => r.label).sort()).toEqual([...startingReasons].sort());
    expect(reasons.every((r) => !r.retired && r.uses === 0)).toBe(true);
    expect(templates.map((t) => t.name).sort()).toEqual(
      startingTemplates.map((t) => t.name).sort(),
    );
    // Their placeholders are ones a message may use.
    for (const template of startingTemplates) {
      expect(placeholderProblem(template.subject)).toBeUndefined();
      expect(placeholderProblem(template.body)).toBeUndefined();
    }

    // Started again (every start prepares): nothing is added twice, and what an admin removed
    // stays removed.
    const admin = await repos.users.create(
      { email: 'ada@example.com', name: 'Ada Admin', role: 'admin', passwordHash: 'not used' },
      new Date(),
    );
    await repos.messages.removeReason(reasons[0]!.reasonId, admin.id, new Date());
    await prepareDatabase(testDb.handle, { seedDemoData: false });
    expect(await repos.messages.reasons()).toHaveLength(startingReasons.length - 1);
    expect(await repos.messages.templates()).toHaveLength(startingTemplates.length);
  });

  it('gives states fixed values that do not depend on the run or the engine', () => {
    // Literal values: a change here would orphan every stored application's StateID.
    expect(stateValue('US', 'CA')).toBe(stateValue('us', 'ca'));
    expect(stateValue('US', 'AK')).toBe(2016748996);
    expect(stateValue('US', 'AL')).toBe(1999971377);
  });

  it('seeds demo openings into an empty database only, with every age text', async () => {
    const now = new Date('2026-03-10T12:00:00Z');
    await prepareDatabase(testDb.handle, { seedDemoData: true, now });
    await prepareDatabase(testDb.handle, { seedDemoData: true, now });
    const repos = createRepositories(testDb.handle.db);
    const jobs = await repos.jobs.listVisible(now);
    expect(jobs).toHaveLength(demoOpenings.length);
    expect(jobs.length).toBeGreaterThanOrEqual(6);
    expect(jobs.length).toBeLessThanOrEqual(8);

    const texts = jobs.map((job) => {
      const minutes = Math.floor((now.getTime() - Date.parse(job.effectiveFrom)) / 60_000);
      return postedAgeText({
        days: Math.floor(minutes / 1440),
        hours: Math.floor(minutes / 60),
        minutes,
      });
    });
    expect(texts).toContain('12 Minute ago');
    expect(texts).toContain('1 Hour ago');
    expect(texts.some((t) => /^\d+ Hours ago$/.test(t))).toBe(true);
    expect(texts).toContain('1 day ago');
    expect(texts.some((t) => /^\d+ days ago$/.test(t))).toBe(true);

    const locations = jobs.map((j) => j.location).join(' | ');
    expect(locations).toMatch(/USA/);
    expect(locations).toMatch(/India/);
    expect(locations).toMatch(/Philippines/);
    for (const job of await repos.jobs.listAll()) {
      expect(job.descriptionHtml).toMatch(/<h2>/);
      expect(job.descriptionHtml).not.toMatch(/<script|on\w+=/i);
      expect(job.contactPersons.split(',').length).toBe(job.contactEmails.split(',').length);
    }
  });
  it("stores the site's words as each page's first revision, and leaves an edit alone", async () => {
    await prepareDatabase(testDb.handle, { seedDemoData: false });
    const repos = createRepositories(testDb.handle.db);
    const stored = await repos.content.publishedAll();
    const registered = [...contentPages, ...contentBlocks];
    expect(stored.map((page) => page.pageId).sort()).toEqual(
      registered.map((entry) => entry.id).sort(),
    );
    for (const entry of registered) {
      const page = stored.find((each) => each.pageId === entry.id)!;
      // As JSON: what the database gives back is the seed's data, not its frozen arrays.
      expect(page.content).toEqual(JSON.parse(JSON.stringify(entry.seed)));
      expect(page.version).toBe(1);
    }

    // An editor's published change survives the next start, which seeds nothing.
    const editor = await repos.users.create(
      { email: 'eve@example.com', name: 'Eve Editor', role: 'admin', passwordHash: 'not used' },
      new Date(),
    );
    const edited = { ...homeContent, meta: { description: 'Our words, changed in the console.' } };
    await repos.content.saveDraft('home', edited, editor.id, new Date());
    await repos.content.publish('home', editor.id, new Date());
    await prepareDatabase(testDb.handle, { seedDemoData: false });
    const home = await repos.content.published('home');
    expect(home?.content).toEqual(JSON.parse(JSON.stringify(edited)));
    expect(home?.version).toBe(2);
    expect(await repos.content.revisions('home')).toHaveLength(2);
  });
});
