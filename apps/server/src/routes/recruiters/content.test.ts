import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails } from '@lumenfield/contract';
import {
  homeContent,
  offices,
  solutions,
  type ContentEntryDetail,
  type ContentEntrySummary,
  type HomeContent,
} from '@lumenfield/site-content';
import { consoleRequest, createUser, openSession } from '../../test/console';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

/** The seed as the database gives it back: its data, not its frozen arrays. */
const asStored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The console's content API (docs/content.md): an admin edits the home page's claims in a
 * draft visitors never see, a draft its family's schema refuses is answered field by field,
 * and a draft is compared with what is live.
 */
describe(`the site's words in the console (${engine})`, () => {
  let t: TestApp;
  let clock = Date.parse('2026-05-04T09:00:00Z');
  let admin: string;
  let recruiter: string;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date(clock) });
    admin = await openSession(t, await createUser(t, 'content.admin@example.com', 'admin'));
    recruiter = await openSession(t, await createUser(t, 'content.recruiter@example.com'));
    editor = await openSession(
      t,
      await createUser(t, 'content.editor@example.com', 'editor', 'Eda Editor'),
    );
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, session = admin) =>
    consoleRequest(t, session, method, `/api/recruiters/content${url}`, body);
  const home = async () => (await call('GET', '/home')).json() as ContentEntryDetail;

  it('lists every page and block, stored from the seed; only the roles that edit reach it', async () => {
    const list = await call('GET', '');
    expect(list.statusCode, list.body).toBe(200);
    const entries = (list.json() as { entries: ContentEntrySummary[] }).entries;
    expect(entries.find((entry) => entry.id === 'home')).toMatchObject({
      kind: 'page',
      family: 'home',
      version: 1,
      draft: null,
    });
    expect(entries.find((entry) => entry.id === 'solutions')).toMatchObject({
      kind: 'block',
      family: 'solutions',
    });
    expect((await call('GET', '/solutions')).json()).toMatchObject({
      published: asStored(solutions),
    });

    expect((await call('GET', '', undefined, recruiter)).statusCode).toBe(403);
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/api/recruiters/content',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await call('GET', '/nowhere')).statusCode).toBe(400);
  });

  it('refuses a draft its schema refuses, naming each field, and keeps nothing of it', async () => {
    const broken = {
      ...homeContent,
      hero: {
        ...homeContent.hero,
        tellMe: { ...homeContent.hero.tellMe, options: homeContent.hero.tellMe.options.slice(1) },
        primaryAction: { label: 'Talk to us', to: 'noSuchPage' },
      },
      impact: { ...homeContent.impact, title: '' },
    };
    const refused = await call('PUT', '/home/draft', { content: broken });
    expect(refused.statusCode).toBe(400);
    const fields = (refused.json() as ProblemDetails).errors?.map((error) => error.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'content.hero.tellMe.options',
        'content.hero.primaryAction.to',
        'content.impact.title',
      ]),
    );
    expect((await home()).draft).toBeNull();
  });

  it("takes an office's new phone number, and refuses one that cannot be dialled", async () => {
    const [head, ...rest] = offices;
    const withPhone = (number: string) => [
      { ...head, phones: [{ label: 'Main', number }, ...head.phones.slice(1)] },
      ...rest,
    ];
    const refused = await call('PUT', '/offices/draft', { content: withPhone('555 010 2999') });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ProblemDetails).errors?.map((error) => error.field)).toEqual([
      'content.0.phones.0.number',
    ]);
    const saved = await call('PUT', '/offices/draft', { content: withPhone('+1 555 010 2999') });
    expect(saved.statusCode, saved.body).toBe(200);
    const entry = saved.json() as ContentEntryDetail;
    expect(entry).toMatchObject({ kind: 'block', family: 'offices', version: 1 });
    expect(entry.published).toEqual(asStored(offices));
    expect(entry.draftContent).toEqual(asStored(withPhone('+1 555 010 2999')));
  });

  it('saves a draft visitors do not see, in place, and shows what it changes', async () => {
    const claims = homeContent.impact.claims.map((claim, index) =>
      index === 0 ? { ...claim, figure: '25+' } : claim,
    );
    const edited: HomeContent = { ...homeContent, impact: { ...homeContent.impact, claims } };
    const saved = await call('PUT', '/home/draft', { content: edited });
    expect(saved.statusCode, saved.body).toBe(200);
    let entry = await home();
    expect(entry.version).toBe(1);
    expect(entry.published).toEqual(asStored(homeContent));
    expect(entry.draftContent).toEqual(asStored(edited));
    expect(entry.draft).toMatchObject({ createdBy: 'Ada Admin', publishAt: null });
    const draftId = entry.draft!.revisionId;

    // Saved again a minute later: the same draft, changed in place.
    clock += 60_000;
    const again = { ...edited, closing: { ...edited.closing, title: 'Talk to an engineer' } };
    expect((await call('PUT', '/home/draft', { content: again })).statusCode).toBe(200);
    entry = await home();
    expect(entry.draft?.revisionId).toBe(draftId);
    expect(entry.draft?.updatedAt).toBe(new Date(clock).toISOString());
    expect(entry.published).toEqual(asStored(homeContent));

    // The history holds what was published: the seed, by no one.
    const { revisions } = (await call('GET', '/home/revisions')).json() as {
      revisions: { revisionId: number; publishedBy: string | null }[];
    };
    expect(revisions).toHaveLength(1);
    expect(revisions[0]!.publishedBy).toBeNull();
    const live = revisions[0]!.revisionId;

    const diff = await call('GET', `/home/diff?left=${live}&right=${draftId}`);
    expect(diff.json()).toEqual({
      changes: [
        {
          path: ['impact', 'claims', 0, 'figure'],
          before: homeContent.impact.claims[0]!.figure,
          after: '25+',
        },
        {
          path: ['closing', 'title'],
          before: homeContent.closing.title,
          after: 'Talk to an engineer',
        },
      ],
    });
    // Another page's revision is not this page's.
    const { revisions: about } = (await call('GET', '/about/revisions')).json() as {
      revisions: { revisionId: number }[];
    };
    expect(
      (await call('GET', `/home/diff?left=${live}&right=${about[0]!.revisionId}`)).statusCode,
    ).toBe(404);
  });

  it("lets an editor save the about page's draft in their name, and nothing of hiring", async () => {
    const about = (await call('GET', '/about', undefined, editor)).json() as ContentEntryDetail;
    const content = about.published as { meta: { description: string } };
    const edited = { ...content, meta: { description: 'Who we are, in one line.' } };
    const saved = await call('PUT', '/about/draft', { content: edited }, editor);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as ContentEntryDetail).draft).toMatchObject({ createdBy: 'Eda Editor' });
    const list = (await call('GET', '', undefined, editor)).json() as {
      entries: ContentEntrySummary[];
    };
    expect(list.entries.find((entry) => entry.id === 'about')?.draft?.createdBy).toBe('Eda Editor');
    for (const url of ['/api/recruiters/jobs', '/api/recruiters/applicants']) {
      expect((await consoleRequest(t, editor, 'GET', url)).statusCode, url).toBe(403);
    }
  });
});
