import {
  consolePagePaths,
  DEFAULT_OPENING_SORT,
  openingSortSchema,
  openingStateSchema,
  type OpeningSortParam,
  type OpeningsQuery,
} from '@lumenfield/contract';
import { withQuery } from '../common/lib/with-query';
import { sortColumn, type Column } from '../common/components/list-table';

/**
 * The openings list's query as the URL carries it (?q=…&state=…&sort=…&page=…): the server
 * filters, sorts and pages it; anything malformed is left out.
 */
export function openingsQueryFromParams(params: URLSearchParams): OpeningsQuery {
  const q = (params.get('q') ?? '').trim();
  const state = openingStateSchema.safeParse(params.get('state'));
  const sort = openingSortSchema.safeParse(params.get('sort'));
  const page = params.get('page') ?? '';
  return {
    ...(q ? { q: q.slice(0, 200) } : {}),
    ...(state.success ? { state: state.data } : {}),
    ...(sort.success && sort.data !== DEFAULT_OPENING_SORT ? { sort: sort.data } : {}),
    ...(/^\d{1,6}$/.test(page) && page !== '1' ? { page } : {}),
  };
}

/** The list's filters and sort without its page (a new sort or filter starts at page 1). */
export function openingsFilters(query: OpeningsQuery): Record<string, string | undefined> {
  const { q, state, sort } = query;
  return { q, state, sort };
}

/** The URL of the openings list for `query`. */
export const openingsHref = (query: OpeningsQuery) =>
  withQuery(consolePagePaths.openings, {
    ...openingsFilters(query),
    page: query.page === undefined ? undefined : String(query.page),
  });

/** What a sortable column sorts by: the sort's name without its direction. */
export type OpeningSortKey = 'code' | 'title' | 'state' | 'effective';

/** A column's first click: dates newest first, words A to Z, open first. */
const FIRST: Record<OpeningSortKey, OpeningSortParam> = {
  code: 'code',
  title: 'title',
  state: 'state',
  effective: '-effective',
};

const WORDS: Record<OpeningSortParam, string> = {
  '-effective': 'newest first',
  effective: 'oldest first',
  code: 'by code, A to Z',
  '-code': 'by code, Z to A',
  title: 'by title, A to Z',
  '-title': 'by title, Z to A',
  state: 'by state, open first',
  '-state': 'by state, closed first',
};

/** The sort the URL names, or the list's default (newest first). */
export const openingSortOf = (query: OpeningsQuery): OpeningSortParam =>
  openingSortSchema.catch(DEFAULT_OPENING_SORT).parse(query.sort);

/** "by title, A to Z": the list's order in its caption. */
export const openingSortWords = (sort: OpeningSortParam) => WORDS[sort];

/**
 * A sortable heading of the openings list: a link to the same list (its filters kept, back to
 * its first page) sorted by `key`, the other way round when it is sorted by it already.
 */
export function openingSortColumn(
  label: string,
  key: OpeningSortKey,
  query: OpeningsQuery,
): Column {
  return sortColumn({
    label,
    key,
    current: openingSortOf(query),
    first: FIRST[key],
    byDefault: DEFAULT_OPENING_SORT,
    parse: (value) => openingSortSchema.parse(value),
    hrefOf: (sort) => openingsHref({ ...query, page: undefined, sort }),
  });
}

/** The Sort field's choices (on a phone the table's headings are hidden); '' is newest first. */
export const OPENING_SORT_CHOICES: readonly (readonly ['' | OpeningSortParam, string])[] = [
  ['', 'Newest first'],
  ['effective', 'Oldest first'],
  ['title', 'Title, A to Z'],
  ['-title', 'Title, Z to A'],
  ['code', 'Code, A to Z'],
  ['state', 'State, open first'],
];

/** The State field's choices; '' is every state. */
export const OPENING_STATE_CHOICES: readonly (readonly [string, string])[] = [
  ['', 'Any state'],
  ['open', 'Open'],
  ['scheduled', 'Scheduled'],
  ['closed', 'Closed'],
];
