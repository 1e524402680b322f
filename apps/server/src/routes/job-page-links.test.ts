import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTreeAdapter as tree, parse, type DefaultTreeAdapterTypes } from 'parse5';
import { adminHeaders, createOpening } from '../test/legacy/application';
import {
  UNBALANCED_LINK_DESCRIPTION,
  UNBALANCED_LINK_SANITISED,
  UNBALANCED_LINK_STORED_BEFORE,
} from '../test/attack-strings';
import { openingBody, openingDetailUrl } from '../test/legacy/openings';
import { createTestApp, engine, type TestApp } from '../test/test-app';

type Node = DefaultTreeAdapterTypes.Node;

const text = (node: Node): string =>
  tree.isTextNode(node)
    ? node.value
    : 'childNodes' in node
      ? node.childNodes.map(text).join('')
      : '';

/** Every link of a page as a browser with scripts off builds it: href and text. */
function linksOf(page: string): { href: string; text: string }[] {
  const links: { href: string; text: string }[] = [];
  const walk = (node: Node) => {
    if (tree.isElementNode(node) && node.tagName === 'a') {
      const href = node.attrs.find((a) => a.name === 'href')?.value ?? '';
      links.push({ href, text: text(node) });
    }
    if ('childNodes' in node) node.childNodes.forEach(walk);
    if ('content' in node) walk(node.content);
  };
  walk(parse(page));
  return links;
}

describe(`a job page holds exactly the links of its description (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://www.example.com' }, { pages: true });
  });
  afterAll(() => t.close());

  const expectOneClosedLink = async (id: number) => {
    const page = await t.app.inject({ method: 'GET', url: `/careers/jobs/${id}` });
    expect(page.statusCode).toBe(200);
    // In the served bytes and in the tree a browser builds from them: one link, its own words.
    expect(page.body.match(/<a\b[^>]*evil\.example/g)).toHaveLength(1);
    const evil = linksOf(page.body).filter((link) => link.href.includes('evil.example'));
    expect(evil).toEqual([{ href: 'https://evil.example/phish', text: 'Apply now' }]);
    expect(page.body).toContain(UNBALANCED_LINK_SANITISED);
    const detail = await t.app.inject({ url: openingDetailUrl(id), headers: t.headers() });
    const served = (detail.json() as { Job_Description: string }[])[0]!.Job_Description;
    expect(served.match(/<a\b/g)).toHaveLength(1);
  };

  it('an unsafe link before a live one, stored now', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs',
      headers: adminHeaders(t),
      payload: openingBody({ JobCode: 'LINKS-1', Job_Description: UNBALANCED_LINK_DESCRIPTION }),
    });
    expect(res.statusCode).toBe(201);
    await expectOneClosedLink((res.json() as { Job_id: number }).Job_id);
  });

  it('a description stored before this sanitiser is read through it', async () => {
    await expectOneClosedLink(
      await createOpening(t, 'LINKS-2', true, UNBALANCED_LINK_STORED_BEFORE),
    );
  });
});
