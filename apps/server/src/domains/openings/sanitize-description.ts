import {
  DESCRIPTION_ATTRIBUTES,
  DESCRIPTION_LINK_ATTRIBUTES,
  DESCRIPTION_TAG_ALIASES,
  DESCRIPTION_TAGS,
  isDescriptionLink,
  type DescriptionTag,
} from '@lumenfield/contract';
import {
  defaultTreeAdapter as tree,
  html,
  parseFragment,
  serialize,
  type DefaultTreeAdapterTypes,
} from 'parse5';

type Node = DefaultTreeAdapterTypes.ChildNode;
type Parent = DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * docs/security.md: a job description is sanitised on write (and again on read) with the one
 * allow-list of @lumenfield/contract. The input is parsed as a browser parses it (parse5, the
 * HTML standard's algorithm), filtered into a tree a browser would build again from its own
 * serialisation, and serialised: the output is balanced, and sanitising it again changes
 * nothing. The page renders the stored HTML as is, so this is the only gate against script.
 */

/** Dropped with everything inside: script and style bodies, raw text, SVG and MathML. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'textarea',
  'title',
  'select',
  'option',
  'object',
  'embed',
  'head',
]);

const ALLOWED = new Set<string>(DESCRIPTION_TAGS);
/** Elements that hold phrasing only: what they may contain is text, links, emphasis, breaks. */
const PHRASING_HOLDERS = new Set(['p', 'h2', 'h3', 'h4']);
const INLINE = new Set(['a', 'strong', 'em', 'u']);
const LIST_TYPES = new Set(['1', 'a', 'A', 'i', 'I']);

/**
 * Where a node is being placed: `flow` (the top, a list item, a quote: blocks and text),
 * `phrasing` (a paragraph, heading or inline element: text, links, emphasis, breaks only) or
 * `list` (ul and ol: list items only).
 */
interface Place {
  kind: 'flow' | 'phrasing' | 'list';
  /** Inline tags open around this place: an `a` never goes inside an `a`, nor `em` in `em`. */
  inline: ReadonlySet<string>;
}

function element(tag: DescriptionTag, attrs: Record<string, string> = {}): Element {
  return tree.createElement(
    tag,
    html.NS.HTML,
    Object.entries(attrs).map(([name, value]) => ({ name, value })),
  );
}

function attribute(node: Element, name: string): string | undefined {
  return node.attrs.find((attr) => attr.name === name)?.value;
}

/** The attributes a kept element carries: only the allow-list's, with values checked. */
function keptAttributes(tag: DescriptionTag, node: Element): Record<string, string> | undefined {
  if (tag === 'a') {
    const href = attribute(node, 'href');
    // A link without a safe href is no link: its text stays, not an inert <a> that looks live.
    if (href === undefined || !isDescriptionLink(href)) return undefined;
    return { href, ...DESCRIPTION_LINK_ATTRIBUTES };
  }
  const attrs: Record<string, string> = {};
  const allowed = DESCRIPTION_ATTRIBUTES[tag] ?? [];
  if (tag === 'ol') {
    const start = attribute(node, 'start');
    const type = attribute(node, 'type');
    if (allowed.includes('start') && start !== undefined && /^\d{1,6}$/.test(start)) {
      attrs.start = String(Number(start));
    }
    if (allowed.includes('type') && type !== undefined && LIST_TYPES.has(type)) attrs.type = type;
  }
  return attrs;
}

/** Copies the allowed part of `nodes` into `out`, as `place` may hold it. */
function copy(nodes: readonly Node[], out: Parent, place: Place): void {
  // In a list, whatever is not a list item goes into one (the run of them shares it).
  let looseItem: Element | undefined;
  const target = (node: Node): Parent | undefined => {
    if (place.kind !== 'list') return out;
    if (tree.isElementNode(node) && node.tagName === 'li') {
      looseItem = undefined;
      return out;
    }
    if (!looseItem) {
      if (tree.isTextNode(node) && node.value.trim() === '') return undefined;
      looseItem = element('li');
      tree.appendChild(out, looseItem);
    }
    return looseItem;
  };
  const inItem: Place = { kind: 'flow', inline: place.inline };

  for (const node of nodes) {
    if (tree.isTextNode(node)) {
      const parent = target(node);
      if (parent) tree.insertText(parent, node.value);
      continue;
    }
    if (!tree.isElementNode(node)) continue; // comments
    if (node.namespaceURI !== html.NS.HTML || DROPPED.has(node.tagName)) continue;
    const children = node.childNodes;
    const parent = target(node);
    if (!parent) continue;
    const into = parent === out ? place : inItem;
    const tag = (DESCRIPTION_TAG_ALIASES[node.tagName] ?? node.tagName) as DescriptionTag;

    if (!ALLOWED.has(tag)) {
      copy(children, parent, into);
      continue;
    }
    if (tag === 'br') {
      tree.appendChild(parent, element('br'));
      continue;
    }
    const attrs = keptAttributes(tag, node);
    const misplaced =
      // A block inside a paragraph, heading or inline element would close it when parsed.
      (into.kind === 'phrasing' && !INLINE.has(tag)) ||
      // A list item belongs in a list; nested identical inline elements, links in links.
      (tag === 'li' && into.kind !== 'list') ||
      into.inline.has(tag) ||
      attrs === undefined;
    if (misplaced) {
      copy(children, parent, into);
      continue;
    }
    const kept = element(tag, attrs);
    tree.appendChild(parent, kept);
    const inline = INLINE.has(tag) ? new Set([...into.inline, tag]) : into.inline;
    const kind =
      tag === 'ul' || tag === 'ol'
        ? 'list'
        : INLINE.has(tag) || PHRASING_HOLDERS.has(tag)
          ? 'phrasing'
          : 'flow';
    copy(children, kept, { kind, inline });
  }
}

/** The description as it goes into a page's <div>: parsed as a browser would parse it there. */
export function sanitizeDescription(input: string): string {
  const context = tree.createElement('div', html.NS.HTML, []);
  const parsed = parseFragment(context, input, {});
  const out = tree.createDocumentFragment();
  copy(parsed.childNodes, out, { kind: 'flow', inline: new Set() });
  return serialize(out).trim();
}
