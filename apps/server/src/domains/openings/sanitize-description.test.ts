import fc from 'fast-check';
import { defaultTreeAdapter, html, parseFragment, serialize } from 'parse5';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_ATTRIBUTES, DESCRIPTION_TAGS, isDescriptionLink } from '@lumenfield/contract';
import {
  UNBALANCED_LINK_DESCRIPTION,
  UNBALANCED_LINK_SANITISED,
  UNBALANCED_LINK_STORED_BEFORE,
} from '../../test/attack-strings';
import { sanitizeDescription } from './sanitize-description';

/** The HTML a browser builds from `text` inside a <div> (the page's), serialised again. */
function reparsed(text: string): string {
  const context = defaultTreeAdapter.createElement('div', html.NS.HTML, []);
  return serialize(parseFragment(context, text, {}));
}

/** Every element of `text` as a browser parses it: tag and attributes. */
function elements(text: string): { tag: string; attrs: Record<string, string> }[] {
  const found: { tag: string; attrs: Record<string, string> }[] = [];
  const walk = (nodes: readonly unknown[]) => {
    for (const node of nodes as Parameters<typeof defaultTreeAdapter.isElementNode>[0][]) {
      if (!defaultTreeAdapter.isElementNode(node)) continue;
      found.push({
        tag: node.tagName,
        attrs: Object.fromEntries(node.attrs.map((a) => [a.name, a.value])),
      });
      walk(node.childNodes);
    }
  };
  const context = defaultTreeAdapter.createElement('div', html.NS.HTML, []);
  walk(parseFragment(context, text, {}).childNodes);
  return found;
}

describe('sanitizeDescription', () => {
  it('an unsafe link before a live one: the live one closed where it was closed, once', () => {
    const once = sanitizeDescription(UNBALANCED_LINK_DESCRIPTION);
    expect(once).toBe(UNBALANCED_LINK_SANITISED);
    expect(sanitizeDescription(once)).toBe(once);
    // What the old sanitiser stored for it, read again, is repaired to the same.
    expect(sanitizeDescription(UNBALANCED_LINK_STORED_BEFORE)).toBe(once);
  });

  it.each([
    // A block in a paragraph, a paragraph in a link, a link in a link, a list item astray.
    ['<p>a<ul><li>b</li></ul>c</p>', '<p>a</p><ul><li>b</li></ul>c<p></p>'],
    [
      '<a href="https://a.example">x<a href="https://b.example">y</a></a>',
      '<a href="https://a.example" rel="noopener noreferrer nofollow" target="_blank">x</a>' +
        '<a href="https://b.example" rel="noopener noreferrer nofollow" target="_blank">y</a>',
    ],
    ['<strong><p>one</p><p>two</p></strong>', '<strong>onetwo</strong>'],
    ['<li>astray</li><ul>loose<li>item</li></ul>', 'astray<ul><li>loose</li><li>item</li></ul>'],
    ['<p>a<table><tr><td><p>b</p></td></tr></table>c</p>', '<p>a</p><p>b</p>c<p></p>'],
    [
      '<em><i>twice</i></em><b>bold</b><h1>Top</h1><h6>Low</h6>',
      '<em>twice</em><strong>bold</strong><h2>Top</h2><h4>Low</h4>',
    ],
    [
      '<ol start="3" type="a" onclick="x()"><li>c</li></ol>',
      '<ol start="3" type="a"><li>c</li></ol>',
    ],
    ['<ol start="-1" type="disc"><li>c</li></ol>', '<ol><li>c</li></ol>'],
    ['<p>ok</p><svg onload=alert(1)><script>x()</script></svg>', '<p>ok</p>'],
    ['<p title="t" class="c" style="x">a&amp;b &lt;i&gt;</p>', '<p>a&amp;b &lt;i&gt;</p>'],
    ['<a href="/careers">relative</a> <a href="#top">here</a>', 'relative here'],
  ])('%s -> %s', (input, output) => {
    expect(sanitizeDescription(input)).toBe(output);
    expect(sanitizeDescription(output)).toBe(output);
  });

  // Pieces of HTML that meet the parser's corner cases: allowed and dropped tags, aliases,
  // stray and missing end tags, tables, raw text, foreign content, links of every kind.
  const tag = fc.constantFrom(
    ...DESCRIPTION_TAGS,
    'h1',
    'h5',
    'b',
    'i',
    'span',
    'div',
    'table',
    'tr',
    'td',
    'pre',
    'code',
    'hr',
    'img',
    'form',
    'button',
    'select',
    'option',
    'script',
    'style',
    'textarea',
    'title',
    'noscript',
    'template',
    'iframe',
    'svg',
    'math',
    'foreignObject',
    'dd',
    'nobr',
    'font',
  );
  const href = fc.constantFrom(
    'https://ok.example/a',
    'http://ok.example',
    'mailto:a@example.com',
    'tel:+15550100',
    '//x',
    '/relative',
    '#frag',
    'javascript:alert(1)',
    ' java\tscript:alert(1)',
    'data:text/html,x',
    'https://q.example/?a=1&b="2"',
  );
  const attribute = fc.oneof(
    href.map((h) => ` href="${h.replaceAll('"', '&quot;')}"`),
    fc.constantFrom(' onclick="x()"', ' start="2"', ' type="i"', ' style="x"', ' rel="x"', ''),
  );
  const text = fc.oneof(
    fc.constantFrom('a', ' ', '\n', '&amp;', '&nbsp;', '<', '>', '&', '"', "'", 'x y', '\u0000'),
    fc.string({ maxLength: 4 }),
  );
  const piece = fc.oneof(
    text,
    fc.tuple(tag, attribute).map(([t, a]) => `<${t}${a}>`),
    tag.map((t) => `</${t}>`),
    fc.constantFrom('<!-- c -->', '<br/>', '<p/>', '<a', '</', '<![CDATA[x]]>'),
  );
  const fragment = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));

  it('is a fixed point: sanitising its output again changes nothing', () => {
    fc.assert(
      fc.property(fragment, (input) => {
        const once = sanitizeDescription(input);
        expect(sanitizeDescription(once)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('is balanced: a browser parses its output into the very tree it wrote', () => {
    fc.assert(
      fc.property(fragment, (input) => {
        const once = sanitizeDescription(input);
        expect(reparsed(once)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps only the allow-list: its tags, their attributes, links with safe schemes', () => {
    fc.assert(
      fc.property(fragment, (input) => {
        for (const { tag: name, attrs } of elements(sanitizeDescription(input))) {
          expect(DESCRIPTION_TAGS).toContain(name);
          const allowed = (DESCRIPTION_ATTRIBUTES as Record<string, readonly string[]>)[name];
          for (const attr of Object.keys(attrs)) expect(allowed ?? []).toContain(attr);
          if (name === 'a') expect(isDescriptionLink(attrs.href ?? '')).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
