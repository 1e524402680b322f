import { consolePagePaths, type RecruiterOpening } from '@lumenfield/contract';
import { withQuery } from '../common/lib/with-query';
import { type Column } from '../common/components/list-table';

/**
 * The openings list's sorts (?sort=…, "-" for the other way round). The list is every opening
 * in one answer, so it sorts in the browser; without a sort it stays as the server answers it,
 * newest first.
 */
export type OpeningSortKey = 'code' | 'title' | 'state' | 'effective' | 'applicants' | 'new';
const KEYS: readonly OpeningSortKey[] = [
  'code',
  'title',
  'state',
  'effective',
  'applicants',
  'new',
];
export interface OpeningSort {
  key: OpeningSortKey;
  descending: boolean;
}

/** The sort the URL names, or none (newest first). */
export function openingSortOf(value: string | null): OpeningSort | undefined {
  const key = (value ?? '').replace(/^-/, '');
  return (KEYS as readonly string[]).includes(key)
    ? { key: key as OpeningSortKey, descending: (value ?? '').startsWith('-') }
    : undefined;
}

/** A column's first click: dates and counts largest first, words A to Z. */
const FIRST_DESCENDING: ReadonlySet<OpeningSortKey> = new Set(['effective', 'applicants', 'new']);

const STATE_ORDER = { open: 0, scheduled: 1, closed: 2 } as const;
const text = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compare(a: RecruiterOpening, b: RecruiterOpening, key: OpeningSortKey): number {
  switch (key) {
    case 'code':
      return text.compare(a.code, b.code);
    case 'title':
      return text.compare(a.title, b.title);
    case 'state':
      return STATE_ORDER[a.state] - STATE_ORDER[b.state];
    case 'effective':
      return Date.parse(a.effectiveFrom) - Date.parse(b.effectiveFrom);
    case 'applicants':
      return a.applicants - b.applicants;
    case 'new':
      return a.newApplicants - b.newApplicants;
  }
}

/** The openings in the sort's order; ties keep the server's order (newest first). */
export function sortOpenings(
  openings: readonly RecruiterOpening[],
  sort: OpeningSort | undefined,
): RecruiterOpening[] {
  if (!sort) return [...openings];
  const sign = sort.descending ? -1 : 1;
  return openings
    .map((opening, index) => ({ opening, index }))
    .sort((x, y) => sign * compare(x.opening, y.opening, sort.key) || x.index - y.index)
    .map(({ opening }) => opening);
}

const WORDS: Record<OpeningSortKey, [string, string]> = {
  code: ['by code, A to Z', 'by code, Z to A'],
  title: ['by title, A to Z', 'by title, Z to A'],
  state: ['by state, open first', 'by state, closed first'],
  effective: ['by effective date, oldest first', 'by effective date, newest first'],
  applicants: ['by applicants, fewest first', 'by applicants, most first'],
  new: ['by new applicants, fewest first', 'by new applicants, most first'],
};

/** "by title, A to Z": the list's order in its caption. */
export const openingSortWords = (sort: OpeningSort | undefined) =>
  sort ? WORDS[sort.key][sort.descending ? 1 : 0] : 'newest first';

/**
 * A sortable heading of the openings list: a link to the list sorted by `key`, the other way
 * round when it is sorted by it already.
 */
export function openingSortColumn(
  label: string,
  key: OpeningSortKey,
  current: OpeningSort | undefined,
  numeric = false,
): Column {
  const active = current?.key === key;
  const descending = active ? !current.descending : FIRST_DESCENDING.has(key);
  return {
    label,
    numeric,
    sorted: active ? (current.descending ? 'descending' : 'ascending') : undefined,
    sortHref: withQuery(consolePagePaths.openings, { sort: descending ? `-${key}` : key }),
  };
}

/** The Sort field's choices (on a phone the table's headings are hidden); '' is newest first. */
export const OPENING_SORT_CHOICES: readonly (readonly [string, string])[] = [
  ['', 'Newest first'],
  ['title', 'Title, A to Z'],
  ['-title', 'Title, Z to A'],
  ['code', 'Code, A to Z'],
  ['state', 'State, open first'],
  ['-effective', 'Effective, newest first'],
  ['effective', 'Effective, oldest first'],
  ['-applicants', 'Most applicants first'],
  ['-new', 'Most new applicants first'],
];

/** The URL of the openings list sorted by a Sort field's value. */
export const openingsSortedBy = (value: string) =>
  withQuery(consolePagePaths.openings, { sort: value || undefined });
