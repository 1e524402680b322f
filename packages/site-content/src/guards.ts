import { routeForPath } from '@lumenfield/routes';
import type { ContentFamilyId } from './registry';

/** Where in the content (keys and list positions from the top) and what is wrong there. */
export interface PublishProblem {
  path: (string | number)[];
  message: string;
}

type Path = (string | number)[];

/**
 * The level a subheading without one has: sections are h2, so their subheadings are h3, as the
 * privacy policy's seed renders them.
 */
export const DEFAULT_SUBHEADING_LEVEL = 3;

export const publishMessages = {
  skippedHeading:
    'This heading skips a level: add a level-3 heading before it, or make it level 3.',
  missingAlt:
    'Describe the image for people who cannot see it: an image needs its alt text to be published.',
  markup: 'Content cannot hold scripts, styles, frames or event handlers: write the words as text.',
  scriptUrl: 'A javascript: link runs code instead of opening a page: link to a page instead.',
  deadLink: 'No page of the site answers at this path: link to a page that exists.',
} as const;

/** Tags that run code, restyle or embed another page, as the opening of a tag (`<script`, `</style`). */
const ACTIVE_TAG =
  /<\s*\/?\s*(script|style|iframe|frame|frameset|object|embed|applet|link|meta|base|svg|math|template|form)\b/i;
/** An event handler attribute (`onclick=`, `onerror =`), as a tag carries it. */
const EVENT_HANDLER = /(^|[\s"'/<;])on[a-z]{3,}\s*=/i;
/** A URL that runs code; a browser ignores blanks and control characters inside the scheme. */
const SCRIPT_URL = /(java|vb)script:/i;
// eslint-disable-next-line no-control-regex
const IGNORED_IN_SCHEME = /[\s\u0000-\u001f]+/g;
/** A path in the site: one slash, then no blank (`//host` is another site's, not a path here). */
const SITE_PATH = /^\/(?!\/)\S*$/;

/** Whether the subheading's level needs one above it first (a level-3 one for level 4). */
const levelOf = (node: Record<string, unknown>): number =>
  typeof node.level === 'number' ? node.level : DEFAULT_SUBHEADING_LEVEL;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An image field (fields.ts `imageSchema`): its id and its text alternative. */
const isImage = (value: Record<string, unknown>) =>
  typeof value.imageId === 'number' && typeof value.alt === 'string';

function textProblems(text: string, path: Path): PublishProblem[] {
  if (ACTIVE_TAG.test(text) || EVENT_HANDLER.test(text)) {
    return [{ path, message: publishMessages.markup }];
  }
  if (SCRIPT_URL.test(text.replace(IGNORED_IN_SCHEME, ''))) {
    return [{ path, message: publishMessages.scriptUrl }];
  }
  const trimmed = text.trim();
  if (SITE_PATH.test(trimmed)) {
    // A link's query and fragment name no page: the path before them must.
    const pathname = trimmed.replace(/[?#].*$/, '');
    if (!routeForPath(pathname)) return [{ path, message: publishMessages.deadLink }];
  }
  return [];
}

/**
 * A list's subheadings in order: each level below 3 (4, 5…) needs one a level above it earlier
 * in the same list (its section), or the page's outline skips a level.
 */
function headingProblems(items: readonly unknown[], path: Path): PublishProblem[] {
  const problems: PublishProblem[] = [];
  const seen = new Set<number>([DEFAULT_SUBHEADING_LEVEL - 1]);
  items.forEach((item, index) => {
    if (!isRecord(item) || item.kind !== 'subheading') return;
    const level = levelOf(item);
    if (level > DEFAULT_SUBHEADING_LEVEL && !seen.has(level - 1)) {
      problems.push({ path: [...path, index, 'level'], message: publishMessages.skippedHeading });
    }
    seen.add(level);
    // A heading ends the deeper ones before it: an h5 after a new h3 needs an h4 under it first.
    for (const deeper of [...seen]) if (deeper > level) seen.delete(deeper);
  });
  return problems;
}

function walk(value: unknown, path: Path): PublishProblem[] {
  if (typeof value === 'string') return textProblems(value, path);
  if (Array.isArray(value)) {
    return [
      ...headingProblems(value, path),
      ...value.flatMap((item, index) => walk(item, [...path, index])),
    ];
  }
  if (!isRecord(value)) return [];
  const problems: PublishProblem[] = [];
  if (isImage(value) && (value.alt as string).trim() === '') {
    problems.push({ path: [...path, 'alt'], message: publishMessages.missingAlt });
  }
  for (const [key, child] of Object.entries(value)) problems.push(...walk(child, [...path, key]));
  return problems;
}

/**
 * Every image the content places (any `{ imageId, alt }`, as the alt text guard reads them), with
 * where: what a draft's save checks is stored, and what keeps an image from being deleted.
 */
export function placedImages(content: unknown): { path: Path; imageId: number }[] {
  const found: { path: Path; imageId: number }[] = [];
  const visit = (value: unknown, path: Path) => {
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]));
    if (!isRecord(value)) return;
    if (isImage(value)) found.push({ path, imageId: value.imageId as number });
    for (const [key, child] of Object.entries(value)) visit(child, [...path, key]);
  };
  visit(content, []);
  return found;
}

/**
 * What stops a page or block from being published (CONTRACT §21, "Guards at publish"; the
 * rules in docs/content.md), each at its field so the console shows it beside it: headings in
 * order, alt text on every image, no script or style in the words, internal paths that answer.
 * The content has already been parsed by its family's schema (a draft may be saved with what
 * these refuse: an empty alt, say, while the editor writes). The rules are the same for every
 * family; `family` names which one for the caller's log and for rules of one family to come.
 * Empty when it may go live.
 */
export function publishProblems(_family: ContentFamilyId, content: unknown): PublishProblem[] {
  return walk(content, []);
}
