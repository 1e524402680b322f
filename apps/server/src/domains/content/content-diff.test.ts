import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDiff, type ContentPath } from './content-diff';

/** The value at `path` in a parsed JSON document, or `missing` when the path leads nowhere. */
const missing = Symbol('missing');
function at(document: unknown, path: ContentPath): unknown {
  let value = document;
  for (const key of path) {
    // An index names an array's item, a key an object's member: {"0": 1} is not [1].
    const kind = typeof key === 'number' ? Array.isArray(value) : !Array.isArray(value);
    if (typeof value !== 'object' || value === null || !kind || !Object.hasOwn(value, key))
      return missing;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

const hasNoLeaf = (document: unknown, path: ContentPath) => {
  const value = at(document, path);
  return (
    value === missing ||
    (typeof value === 'object' && value !== null && Object.keys(value).length > 0)
  );
};

// Content is read back from JSON text: -0 and undefined never reach the diff.
const jsonDocument = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);

describe('contentDiff', () => {
  it('lists nothing for equal documents', () => {
    const page = { hero: { title: 'Hi', points: ['a', { b: 1 }] }, empty: {}, none: null };
    expect(contentDiff(page, structuredClone(page))).toEqual([]);
  });

  it('lists a changed string inside an array item by its full path', () => {
    const before = { sections: [{ title: 'One' }, { title: 'Two', body: 'x' }] };
    const after = { sections: [{ title: 'One' }, { title: 'Deux', body: 'x' }] };
    expect(contentDiff(before, after)).toEqual([
      { path: ['sections', 1, 'title'], before: 'Two', after: 'Deux' },
    ]);
  });

  it('lists an added item and a removed field leaf by leaf', () => {
    const before = { cards: [{ title: 'A' }], footer: { note: 'old', year: 2025 } };
    const after = {
      cards: [{ title: 'A' }, { title: 'B', tags: ['new'] }],
      footer: { year: 2025 },
    };
    expect(contentDiff(before, after)).toEqual([
      { path: ['cards', 1, 'title'], after: 'B' },
      { path: ['cards', 1, 'tags', 0], after: 'new' },
      { path: ['footer', 'note'], before: 'old' },
    ]);
  });

  it('lists a shortened array as its last items removed', () => {
    expect(contentDiff({ list: [1, 2, 3] }, { list: [1] })).toEqual([
      { path: ['list', 1], before: 2 },
      { path: ['list', 2], before: 3 },
    ]);
  });

  it('keeps empty objects and arrays as leaves, and a change of kind as one change', () => {
    expect(contentDiff({ a: 1 }, { a: 1, b: {}, c: [] })).toEqual([
      { path: ['b'], after: {} },
      { path: ['c'], after: [] },
    ]);
    expect(contentDiff({ a: {} }, { a: [] })).toEqual([{ path: ['a'], before: {}, after: [] }]);
    expect(contentDiff({ a: null }, { a: false })).toEqual([
      { path: ['a'], before: null, after: false },
    ]);
  });

  it('lists an object become a string as its leaves removed and the string added', () => {
    expect(contentDiff({ a: { x: 1, y: [2] } }, { a: 'flat' })).toEqual([
      { path: ['a', 'x'], before: 1 },
      { path: ['a', 'y', 0], before: 2 },
      { path: ['a'], after: 'flat' },
    ]);
  });

  it('takes keys named as members of every object for content', () => {
    expect(contentDiff({ toString: 'a' }, {})).toEqual([{ path: ['toString'], before: 'a' }]);
    expect(contentDiff({}, { constructor: 'b' })).toEqual([{ path: ['constructor'], after: 'b' }]);
  });

  it('compares whole documents that are not objects', () => {
    expect(contentDiff('one', 'two')).toEqual([{ path: [], before: 'one', after: 'two' }]);
    expect(contentDiff(['a'], ['a', 'b'])).toEqual([{ path: [1], after: 'b' }]);
    expect(contentDiff(['a'], { 0: 'a' })).toEqual([
      { path: [0], before: 'a' },
      { path: ['0'], after: 'a' },
    ]);
  });

  it('tells each change by paths that lead to its values, and nothing for equal ones', () => {
    fc.assert(
      fc.property(jsonDocument, jsonDocument, (before, after) => {
        const changes = contentDiff(before, after);
        expect(changes.length === 0).toBe(isDeepStrictEqual(before, after));
        for (const change of changes) {
          // A side a change leaves out had no leaf there: nothing, or a subtree of another kind.
          const side = (document: unknown, has: boolean, value: unknown) =>
            has
              ? expect(at(document, change.path)).toEqual(value)
              : expect(hasNoLeaf(document, change.path)).toBe(true);
          side(before, 'before' in change, change.before);
          side(after, 'after' in change, change.after);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
