import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails } from '@lumenfield/contract';
import {
  aboutContent,
  homeContent,
  offices,
  privacyContent,
  publishMessages,
  type AboutContent,
  type PrivacyContent,
  type ContentEntryDetail,
  type HomeContent,
  type Offices,
} from '@lumenfield/site-content';
import { consoleRequest, createUser, openSession } from '../test/console';
import { engine } from '../test/test-app';
import { startTwoNodes, type Node, type TwoNodes } from '../test/two-nodes';

const page = async (node: Node, path: string) => {
  const res = await fetch(`${node.url}${path}`, { headers: { 'accept-encoding': 'br' } });
  return { status: res.status, headers: res.headers, html: await res.text() };
};

/** The seed as the store holds it: plain data. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const withClaim = (claim: string): HomeContent => {
  const home = plain(homeContent) as HomeContent;
  const [first, ...rest] = home.impact.claims;
  return { ...home, impact: { ...home.impact, claims: [{ ...first!, claim }, ...rest] } };
};

/** The offices with the second office's first number changed (the footer shows it). */
const withPhone = (number: string): Offices =>
  (plain(offices) as Offices).map((office, index) =>
    index === 1 ? { ...office, phones: [{ ...office.phones[0]!, number }] } : office,
  ) as Offices;

/**
 * Pages rendered from the content store (docs/content.md): a draft is seen only through its
 * preview link; a publish on one node is on the very next page of both nodes sharing the
 * database, the pages made again at once; a restore and a scheduled publish the same way.
 */
describe(`published content on the pages of two nodes (${engine}, Redis)`, () => {
  let nodes: TwoNodes;
  let a: Node;
  let b: Node;
  let admin: string;
  let editorId: number;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ a, b } = nodes);
    const editor = await createUser(a.t, 'content.editor@example.com', 'admin');
    editorId = editor.id;
    admin = await openSession(a.t, editor);
  });
  afterAll(() => nodes?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    consoleRequest(a.t, admin, method, `/api/recruiters/content${url}`, body);

  it('keeps a draft off the site but in its preview; a publish is on both nodes’ next page', async () => {
    const seedClaim = homeContent.impact.claims[0].claim;
    // Both nodes have made and kept their pages of the seed.
    for (const node of [a, b]) {
      for (const path of ['/', '/contact', '/careers'])
        expect((await page(node, path)).status).toBe(200);
      expect((await page(node, '/')).html).toContain(seedClaim);
    }

    const saved = await call('PUT', '/home/draft', { content: withClaim('98% client retention') });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const node of [a, b]) expect((await page(node, '/')).html).not.toContain('98% client');

    // The preview link shows the draft at the page's own URL, on any node, never stored.
    const preview = await call('POST', '/home/preview');
    expect(preview.statusCode, preview.body).toBe(200);
    const { url } = preview.json() as { url: string };
    expect(url).toMatch(/^\/\?preview=[\w-]{43}$/);
    const previewed = await page(b, url);
    expect(previewed.status).toBe(200);
    expect(previewed.html).toContain('98% client retention');
    expect(previewed.html).toContain('<meta name="robots" content="noindex"/>');
    expect(previewed.headers.get('cache-control')).toBe('no-store');
    // Another token, a token of another page, or a token made before a newer one: the live page.
    for (const other of ['/?preview=not-the-token', `/contact${url.slice(1)}`]) {
      const seen = await page(a, other);
      expect(seen.html).not.toContain('98% client retention');
    }
    const newer = ((await call('POST', '/home/preview')).json() as { url: string }).url;
    expect((await page(a, url)).html).not.toContain('98% client retention');
    expect((await page(a, newer)).html).toContain('98% client retention');

    const published = await call('POST', '/home/publish', {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ version: 2, draft: null });
    for (const node of [a, b]) {
      const home = await page(node, '/');
      expect(home.html, node.url).toContain('98% client retention');
      expect(home.html, node.url).not.toContain(seedClaim);
      // Its section routes show their page's content too.
      expect((await page(node, '/footer')).html, node.url).toContain('98% client retention');
    }
    // The preview link ended with the publish.
    expect((await page(a, newer)).headers.get('cache-control')).toBe('no-cache');
  });

  it('makes every page again for a block every page shows (an office’s phone)', async () => {
    const seedNumber = offices[1]!.phones[0]!.number;
    expect(
      (await call('PUT', '/offices/draft', { content: withPhone('+91 555 010 3999') })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/offices/publish', {})).statusCode).toBe(200);
    for (const node of [a, b]) {
      for (const path of ['/', '/contact', '/careers', '/about', '/no-such-page']) {
        const seen = await page(node, path);
        expect(seen.html, `${node.url}${path}`).toContain('+91 555 010 3999');
        expect(seen.html, `${node.url}${path}`).not.toContain(seedNumber);
      }
    }
  });

  it('restores an earlier revision as the draft, and its publish brings the words back', async () => {
    const revisions = (await call('GET', '/home/revisions')).json() as {
      revisions: { revisionId: number; publishedBy: string | null }[];
    };
    expect(revisions.revisions).toHaveLength(2);
    const seedRevision = revisions.revisions.at(-1)!;
    expect(seedRevision.publishedBy).toBeNull();

    const restored = await call('POST', `/home/revisions/${seedRevision.revisionId}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const entry = restored.json() as ContentEntryDetail;
    expect(entry.draft?.restoredFromId).toBe(seedRevision.revisionId);
    expect(entry.draftContent).toEqual(plain(homeContent));
    // Restoring makes a draft: visitors still see what is live.
    expect((await page(b, '/')).html).toContain('98% client retention');

    expect((await call('POST', '/home/publish', {})).statusCode).toBe(200);
    for (const node of [a, b]) {
      const home = await page(node, '/');
      expect(home.html, node.url).toContain(homeContent.impact.claims[0].claim);
      expect(home.html, node.url).not.toContain('98% client retention');
    }
    const audit = await a.t.app.repos.audit.list({ action: 'content-restore' }, 1, 10);
    expect(audit.items.map((each) => each.target)).toContain('content home');
  });

  it('publishes a scheduled draft once, with both nodes looking at the same time', async () => {
    const at = new Date(Date.now() + 60_000);
    expect(
      (await call('PUT', '/home/draft', { content: withClaim('99% client retention') })).statusCode,
    ).toBe(200);
    const scheduled = await call('POST', '/home/publish', { at: at.toISOString() });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((scheduled.json() as ContentEntryDetail).draft?.publishAt).toBe(at.toISOString());
    for (const node of [a, b]) expect((await page(node, '/')).html).not.toContain('99% client');

    // Two nodes of one SQLite file would block each other's thread: SQLite runs one node
    // (docs/operations.md), so there it is that node's timer and a second run at once.
    const racers = engine === 'postgres' ? [a, b] : [a, a];
    const [one, other] = await Promise.all(
      racers.map((node) => node.t.app.repos.content.publishDue(at)),
    );
    expect([...one!, ...other!].map((each) => each.pageId)).toEqual(['home']);
    for (const node of [a, b]) {
      expect((await page(node, '/')).html, node.url).toContain('99% client retention');
    }
  });

  it('refuses to publish when there is no draft, or a draft its schema refuses', async () => {
    const none = await call('POST', '/awards/publish', {});
    expect(none.statusCode).toBe(409);
    // A draft stored before a rule was made stricter is judged again at publish.
    await a.t.app.repos.content.saveDraft(
      'home',
      { ...withClaim('100% client retention'), impact: { title: '' } },
      editorId,
      new Date(),
    );
    const refused = await call('POST', '/home/publish', {});
    expect(refused.statusCode).toBe(400);
    const fields = (refused.json() as ProblemDetails).errors?.map((each) => each.field);
    expect(fields).toEqual(expect.arrayContaining(['content.impact.title']));
    expect((await page(b, '/')).html).not.toContain('100% client retention');
  });

  it('refuses to publish an image without alt text or a heading that skips a level, saying where', async () => {
    const about = plain(aboutContent) as AboutContent;
    const [founder, ...others] = about.founders.people;
    // A stored image (a save refuses one that is not): its bytes are not read here.
    const bytes = Buffer.from('a photo');
    const { image } = await a.t.app.repos.contentImages.store(
      {
        sha256: 'b'.repeat(64),
        width: 640,
        height: 640,
        mimeType: 'image/jpeg',
        fallback: 'jpg',
        original: bytes,
        uploadedBy: editorId,
        variants: [
          { width: 640, height: 640, format: 'jpg', content: bytes, sha256: 'c'.repeat(64) },
        ],
      },
      new Date(),
    );
    const photo = {
      imageId: image.id,
      alt: ' ',
      width: 640,
      height: 640,
      fallback: 'jpg' as const,
    };
    const withPhoto = {
      ...about,
      founders: { ...about.founders, people: [{ ...founder!, photo }, ...others] },
    };
    expect((await call('PUT', '/about/draft', { content: withPhoto })).statusCode).toBe(200);
    const noAlt = await call('POST', '/about/publish', {});
    expect(noAlt.statusCode, noAlt.body).toBe(400);
    expect((noAlt.json() as ProblemDetails).errors).toEqual([
      {
        field: 'content.founders.people.0.photo.alt',
        message: publishMessages.missingAlt,
      },
    ]);

    const privacy = plain(privacyContent) as PrivacyContent;
    const sections = privacy.sections.map((section, index) =>
      index === 0
        ? {
            ...section,
            blocks: [{ kind: 'subheading' as const, text: 'In short', level: 4 as const }],
          }
        : section,
    );
    expect(
      (await call('PUT', '/privacyPolicy/draft', { content: { ...privacy, sections } })).statusCode,
    ).toBe(200);
    const skipped = await call('POST', '/privacyPolicy/publish', {});
    expect(skipped.statusCode, skipped.body).toBe(400);
    expect((skipped.json() as ProblemDetails).errors).toEqual([
      { field: 'content.sections.0.blocks.0.level', message: publishMessages.skippedHeading },
    ]);
    // Nothing of either reached a visitor.
    expect((await page(b, '/privacy-policy')).html).not.toContain('In short');
  });
});
