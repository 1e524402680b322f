import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db';
import { migrateToLatest } from '../../db/migrate';
import { HttpProblem } from '../../lib/http-problem';
import { createTestDb, engine, type TestDb } from '../../test/test-app';
import { usersRepository } from '../accounts/users-repository';
import { contentRepository, type ContentRepository } from './content-repository';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/** A page's first content, as the site's code would seed it. */
const homeContent = (title: string) => ({
  hero: { title, lead: 'We keep systems running.' },
  sections: [
    { heading: 'Consulting', items: ['Audits', 'Roadmaps'] },
    { heading: 'Operations', items: ['Monitoring'] },
  ],
  footer: { note: 'Since 2009', year: 2026 },
});

describe(`the content store (${engine})`, () => {
  let t: TestDb;
  let content: ContentRepository;
  let editor: number;
  let publisher: number;
  let pages = 0;
  /** A page of its own for each test, seeded with `homeContent`. */
  const newPage = async (title = 'Welcome') => {
    const pageId = `page${++pages}`;
    await content.seed([{ pageId, content: homeContent(title) }], at('2026-01-01T00:00:00Z'));
    return pageId;
  };

  beforeAll(async () => {
    t = await createTestDb();
    await migrateToLatest(t.handle.db);
    content = contentRepository(t.handle.db);
    const users = usersRepository(t.handle.db);
    const person = (email: string) =>
      users.create({ email, name: email, role: 'admin', passwordHash: 'unused' }, new Date());
    editor = (await person('editor@example.com')).id;
    publisher = (await person('publisher@example.com')).id;
  });
  afterAll(() => t.destroy());

  it('seeds each page once, published by no one, and renews only a page still on its seed', async () => {
    const first = [
      { pageId: 'home', content: homeContent('Welcome') },
      { pageId: 'contact', content: { address: 'Main Street 1' } },
    ];
    expect(await content.seed(first, at('2026-01-01T00:00:00Z'))).toEqual(['home', 'contact']);
    const seeded = await content.published('home');
    expect(seeded).toMatchObject({ pageId: 'home', version: 1, content: homeContent('Welcome') });
    expect(await content.revisions('home')).toEqual([
      expect.objectContaining({ createdBy: null, publishedBy: null }),
    ]);

    // Every start seeds again. A page an editor published keeps the editor's words; a page
    // still live on its seed takes a changed seed as a new revision; a new page is added.
    await content.saveDraft('contact', { address: 'Editor Street 9' }, editor, new Date());
    await content.publish('contact', editor, new Date());
    const again = [
      { pageId: 'home', content: homeContent('Another start') },
      { pageId: 'contact', content: { address: 'Elsewhere' } },
      { pageId: 'servicesCcm', content: { intro: 'CCM' } },
    ];
    expect(await content.seed(again)).toEqual(['home', 'servicesCcm']);
    expect(await content.seed(again)).toEqual([]);
    expect(await content.published('home')).toMatchObject({
      version: 2,
      content: homeContent('Another start'),
    });
    expect(await content.published('contact')).toMatchObject({
      version: 2,
      content: { address: 'Editor Street 9' },
    });
    expect((await content.publishedAll()).map((page) => [page.pageId, page.version])).toEqual(
      expect.arrayContaining([
        ['contact', 2],
        ['home', 2],
        ['servicesCcm', 1],
      ]),
    );
    expect(await content.revisions('home')).toEqual([
      expect.objectContaining({ createdBy: null, publishedBy: null }),
      expect.objectContaining({ createdBy: null, publishedBy: null }),
    ]);
    expect(seeded?.version).toBe(1);
  });

  it('keeps a draft out of what visitors see, and edits it in place', async () => {
    const pageId = await newPage();
    const live = await content.published(pageId);
    const draft = await content.saveDraft(pageId, homeContent('Draft 1'), editor, new Date());
    const edited = await content.saveDraft(pageId, homeContent('Draft 2'), editor, new Date());
    expect(edited.id).toBe(draft.id);
    expect(await content.draft(pageId)).toMatchObject({
      id: draft.id,
      content: homeContent('Draft 2'),
      publishedAt: null,
    });
    expect(await content.published(pageId)).toEqual(live);
    expect(await content.revisions(pageId)).toHaveLength(1);
  });

  it('publishes the draft: a new version, and a revision kept with who and when', async () => {
    const pageId = await newPage();
    await content.saveDraft(pageId, homeContent('Live now'), editor, at('2026-02-01T09:00:00Z'));
    const outcome = await content.publish(pageId, publisher, at('2026-02-01T10:00:00Z'));
    expect(outcome).toMatchObject({ state: 'published', version: 2 });
    expect(await content.draft(pageId)).toBeUndefined();
    expect(await content.published(pageId)).toMatchObject({
      version: 2,
      content: homeContent('Live now'),
      publishedAt: '2026-02-01T10:00:00.000Z',
    });
    const history = await content.revisions(pageId);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      createdBy: editor,
      publishedBy: publisher,
      publishedAt: '2026-02-01T10:00:00.000Z',
    });
    expect(history[0]).not.toHaveProperty('content');
    expect((await content.revision(history[1]!.id))?.content).toEqual(homeContent('Welcome'));
  });

  it('refuses to publish without a draft, and writes for a page never seeded', async () => {
    const pageId = await newPage();
    await expect(content.publish(pageId, publisher, new Date())).rejects.toMatchObject({
      status: 409,
    });
    await expect(content.saveDraft('nowhere', {}, editor, new Date())).rejects.toBeInstanceOf(
      HttpProblem,
    );
    await expect(content.saveDraft(pageId, { n: 1n }, editor, new Date())).rejects.toMatchObject({
      status: 400,
    });
    expect((await content.published(pageId))?.version).toBe(1);
  });

  it('holds a scheduled draft until it is due, then publishes it once', async () => {
    const pageId = await newPage();
    const now = at('2026-03-01T08:00:00Z');
    const when = new Date(now.getTime() + HOUR);
    await content.saveDraft(pageId, homeContent('At nine'), editor, now);
    const outcome = await content.publish(pageId, publisher, now, { at: when });
    expect(outcome).toMatchObject({
      state: 'scheduled',
      revision: { publishAt: when.toISOString() },
    });

    expect(await content.publishDue(new Date(when.getTime() - 1))).toEqual([]);
    expect((await content.published(pageId))?.version).toBe(1);
    expect((await content.draft(pageId))?.publishAt).toBe(when.toISOString());

    const fired = await content.publishDue(when);
    expect(fired).toMatchObject([{ pageId, revisionId: outcome.revision.id, version: 2 }]);
    expect(await content.publishDue(new Date(when.getTime() + HOUR))).toEqual([]);
    expect(await content.published(pageId)).toMatchObject({
      version: 2,
      content: homeContent('At nine'),
    });
    // Whoever scheduled it published it.
    expect((await content.revisions(pageId))[0]).toMatchObject({
      publishedBy: publisher,
      publishAt: null,
      publishedAt: when.toISOString(),
    });
  });

  it('unschedules a draft saved again, so only what was scheduled goes live', async () => {
    const pageId = await newPage();
    const now = at('2026-03-02T08:00:00Z');
    await content.saveDraft(pageId, homeContent('Reviewed'), editor, now);
    await content.publish(pageId, publisher, now, { at: new Date(now.getTime() + HOUR) });
    await content.saveDraft(pageId, homeContent('Changed after'), editor, now);
    expect((await content.draft(pageId))?.publishAt).toBeNull();
    expect(await content.publishDue(new Date(now.getTime() + 2 * HOUR))).toEqual([]);
  });

  it('restores an old revision as a new draft, replacing the draft being edited', async () => {
    const pageId = await newPage('First words');
    const [seeded] = await content.revisions(pageId);
    await content.saveDraft(pageId, homeContent('Second words'), editor, new Date());
    await content.publish(pageId, publisher, new Date());
    const abandoned = await content.saveDraft(pageId, homeContent('Half done'), editor, new Date());

    const restored = await content.restore(pageId, seeded!.id, editor, new Date());
    expect(restored).toMatchObject({
      restoredFromId: seeded!.id,
      createdBy: editor,
      publishedAt: null,
      content: homeContent('First words'),
    });
    expect((await content.draft(pageId))?.id).toBe(restored.id);
    expect(await content.revision(abandoned.id)).toBeUndefined();
    expect((await content.published(pageId))?.content).toEqual(homeContent('Second words'));

    await content.publish(pageId, publisher, new Date());
    expect(await content.published(pageId)).toMatchObject({
      version: 3,
      content: homeContent('First words'),
    });
  });

  it("refuses to restore another page's revision", async () => {
    const pageId = await newPage();
    const otherId = await newPage();
    const [other] = await content.revisions(otherId);
    await expect(content.restore(pageId, other!.id, editor, new Date())).rejects.toMatchObject({
      status: 404,
    });
    expect(await content.draft(pageId)).toBeUndefined();
  });

  it('diffs two revisions leaf by leaf', async () => {
    const pageId = await newPage();
    const next = homeContent('Welcome');
    next.sections[1]!.heading = 'Run';
    next.sections.push({ heading: 'Cloud', items: [] });
    const { note: _note, ...footer } = next.footer;
    await content.saveDraft(pageId, { ...next, footer }, editor, new Date());
    await content.publish(pageId, publisher, new Date());
    const [right, left] = await content.revisions(pageId);
    expect(await content.diff(left!.id, right!.id)).toEqual([
      { path: ['sections', 1, 'heading'], before: 'Operations', after: 'Run' },
      { path: ['sections', 2, 'heading'], after: 'Cloud' },
      { path: ['sections', 2, 'items'], after: [] },
      { path: ['footer', 'note'], before: 'Since 2009' },
    ]);
    expect(await content.diff(right!.id, right!.id)).toEqual([]);
    await expect(content.diff(left!.id, 999_999)).rejects.toMatchObject({ status: 404 });
  });

  it('shows the draft to the latest preview token only, until the draft is published', async () => {
    const pageId = await newPage();
    await content.saveDraft(pageId, homeContent('Preview me'), editor, new Date());
    const first = await content.createPreviewToken(pageId);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await content.draftForPreview(pageId, first))?.content).toEqual(
      homeContent('Preview me'),
    );
    expect(await content.draftForPreview(pageId, 'x'.repeat(43))).toBeUndefined();
    expect(await content.draftForPreview(await newPage(), first)).toBeUndefined();

    const second = await content.createPreviewToken(pageId);
    expect(await content.draftForPreview(pageId, first)).toBeUndefined();
    expect(await content.draftForPreview(pageId, second)).toBeDefined();

    await content.publish(pageId, publisher, new Date());
    await content.saveDraft(pageId, homeContent('Next draft'), editor, new Date());
    expect(await content.draftForPreview(pageId, second)).toBeUndefined();
  });

  describe('two nodes publishing what is due at the same moment', () => {
    let second: DbHandle;
    beforeAll(() => {
      // SQLite's driver is synchronous: a second connection in this process waiting for the
      // write lock would block the event loop that must commit the first. One handle there.
      second = engine === 'postgres' ? t.reopen() : t.handle;
    });
    afterAll(async () => {
      if (second !== t.handle) await second.close();
    });

    it('seeds each page once when both start together', async () => {
      const other = contentRepository(second.db);
      const pageIds = ['raceA', 'raceB', 'raceC'];
      const pagesToSeed = pageIds.map((pageId) => ({ pageId, content: homeContent(pageId) }));
      const [mine, theirs] = await Promise.all([
        content.seed(pagesToSeed),
        other.seed(pagesToSeed),
      ]);
      expect([...mine, ...theirs].sort()).toEqual(pageIds);
      for (const pageId of pageIds) expect(await content.revisions(pageId)).toHaveLength(1);
    });

    it("keeps one draft when two editors start a page's draft at once", async () => {
      const other = contentRepository(second.db);
      const pageId = await newPage();
      const [mine, theirs] = await Promise.all([
        content.saveDraft(pageId, homeContent('Mine'), editor, new Date()),
        other.saveDraft(pageId, homeContent('Theirs'), publisher, new Date()),
      ]);
      // The second writer found the first's draft and saved over it, as one editor would.
      expect(mine.id).toBe(theirs.id);
      const drafts = await t.handle.db
        .selectFrom('contentRevisions')
        .select('id')
        .where('pageId', '=', pageId)
        .where('publishedAt', 'is', null)
        .execute();
      expect(drafts).toEqual([{ id: mine.id }]);
    });

    it('publishes each scheduled draft once, its version up by one', async () => {
      const other = contentRepository(second.db);
      for (let round = 0; round < 10; round++) {
        const now = new Date();
        const pageIds = await Promise.all([newPage(), newPage(), newPage()]);
        for (const pageId of pageIds) {
          await content.saveDraft(pageId, homeContent(`Round ${round}`), editor, now);
          await content.publish(pageId, publisher, now, { at: new Date(now.getTime() + HOUR) });
        }
        const due = new Date(now.getTime() + HOUR);
        const [mine, theirs] = await Promise.all([content.publishDue(due), other.publishDue(due)]);
        const ours = new Set(pageIds);
        const fired = [...mine, ...theirs].filter((done) => ours.has(done.pageId));
        expect(fired.map((done) => done.pageId).sort()).toEqual([...pageIds].sort());
        for (const pageId of pageIds) {
          expect(await content.published(pageId)).toMatchObject({
            version: 2,
            content: homeContent(`Round ${round}`),
          });
          expect(await content.revisions(pageId)).toHaveLength(2);
          expect(await content.draft(pageId)).toBeUndefined();
        }
      }
    });
  });
});
