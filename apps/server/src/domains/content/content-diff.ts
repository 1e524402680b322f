/** A path into a JSON document: object keys and array indexes, from the top. */
export type ContentPath = (string | number)[];

/**
 * One leaf that differs between two documents: `before` alone was removed, `after` alone was
 * added, both were changed. A leaf is a string, number, boolean, null, or an empty object or
 * array (which has no leaves of its own, so would otherwise vanish from the list).
 */
export interface ContentChange {
  path: ContentPath;
  before?: unknown;
  after?: unknown;
}

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container =>
  typeof value === 'object' && value !== null;
const isLeaf = (value: unknown) => !isContainer(value) || Object.keys(value).length === 0;

/** A container's members in document order, keyed as a path names them. */
const members = (value: Container): [string | number, unknown][] =>
  Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);

/** Every leaf of `value` under `path`, in document order. */
function leaves(value: unknown, path: ContentPath): [ContentPath, unknown][] {
  if (isLeaf(value) || !isContainer(value)) return [[path, value]];
  return members(value).flatMap(([key, item]) => leaves(item, [...path, key]));
}

const removed = (value: unknown, path: ContentPath, out: ContentChange[]) => {
  for (const [at, leaf] of leaves(value, path)) out.push({ path: at, before: leaf });
};
const added = (value: unknown, path: ContentPath, out: ContentChange[]) => {
  for (const [at, leaf] of leaves(value, path)) out.push({ path: at, after: leaf });
};

function walk(before: unknown, after: unknown, path: ContentPath, out: ContentChange[]): void {
  if (isLeaf(before) && isLeaf(after)) {
    // Scalars by value; two empty containers are equal when of one kind ({} is not []).
    const same = isContainer(before)
      ? isContainer(after) && Array.isArray(before) === Array.isArray(after)
      : before === after;
    if (!same) out.push({ path, before, after });
    return;
  }
  if (
    !isContainer(before) ||
    !isContainer(after) ||
    Array.isArray(before) !== Array.isArray(after)
  ) {
    // A value of another kind: what was under it went, what is under it came.
    removed(before, path, out);
    added(after, path, out);
    return;
  }
  const next = new Map(members(after));
  // Own members only: a key named `toString` or `constructor` is content like any other.
  for (const [key, value] of members(before)) {
    if (next.has(key)) walk(value, next.get(key), [...path, key], out);
    else removed(value, [...path, key], out);
  }
  const previous = new Set(members(before).map(([key]) => key));
  for (const [key, value] of next) {
    if (!previous.has(key)) added(value, [...path, key], out);
  }
}

/**
 * The leaves added, removed or changed from `before` to `after`, two parsed JSON documents;
 * array items are compared by index (an item inserted at the top reads as every item after it
 * changed, and the last one added: the editor's lists are short). A subtree added or removed,
 * or a value that changed kind (an object become a string), is listed leaf by leaf, so every
 * change reads as a path and a plain value or two.
 */
export function contentDiff(before: unknown, after: unknown): ContentChange[] {
  const out: ContentChange[] = [];
  walk(before, after, [], out);
  return out;
}
