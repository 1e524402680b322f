import {
  applicantSortSchema,
  consolePagePaths,
  DEFAULT_APPLICANT_SORT,
  type ApplicantSort,
  type ApplicantsQuery,
} from '@lumenfield/contract';
import { applicantPath } from '../common/routes';
import { withQuery } from '../common/lib/with-query';
import { sortColumn as sortedBy, type Column } from '../common/components/list-table';

/** What a sortable column sorts by: the sort's name without its direction. */
export type SortKey = 'applied' | 'name' | 'stage' | 'opening';

/** A column's first click: dates newest first, the rest A to Z (New first for stages). */
const FIRST: Record<SortKey, ApplicantSort> = {
  applied: '-applied',
  name: 'name',
  stage: 'stage',
  opening: 'opening',
};

const WORDS: Record<ApplicantSort, string> = {
  '-applied': 'newest first',
  applied: 'oldest first',
  name: 'by name, A to Z',
  '-name': 'by name, Z to A',
  stage: 'by stage, New first',
  '-stage': 'by stage, Withdrawn first',
  opening: 'by opening, A to Z',
  '-opening': 'by opening, Z to A',
};

/** The sort field's choices (on a phone the table's headings are hidden), default first. */
export const SORT_CHOICES: readonly (readonly [ApplicantSort, string])[] = [
  ['-applied', 'Newest first'],
  ['applied', 'Oldest first'],
  ['name', 'Name, A to Z'],
  ['-name', 'Name, Z to A'],
  ['stage', 'Stage, New first'],
  ['opening', 'Opening, A to Z'],
];

/** The sort the URL names, or the list's default. */
export function sortOf(query: ApplicantsQuery): ApplicantSort {
  return applicantSortSchema.catch(DEFAULT_APPLICANT_SORT).parse(query.sort);
}

/** "newest first", "by name, A to Z": the list's order in a caption. */
export const sortWords = (sort: ApplicantSort) => WORDS[sort];

/**
 * A sortable heading of the applicants list: a link to the same list (its filters kept, back
 * to its first page) sorted by `key`, the other way round when it is sorted by it already.
 */
export function sortColumn(label: string, key: SortKey, query: ApplicantsQuery): Column {
  return sortedBy({
    label,
    key,
    current: sortOf(query),
    first: FIRST[key],
    byDefault: DEFAULT_APPLICANT_SORT,
    parse: (value) => applicantSortSchema.parse(value),
    hrefOf: (sort) => withQuery(consolePagePaths.applicants, { ...listQuery(query), sort }),
  });
}

/** A list's filters and sort without its page: what next and previous walk through. */
export function listQuery(query: ApplicantsQuery): Record<string, string | undefined> {
  const { page: _page, ...rest } = query;
  return Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [
      key,
      value === undefined ? undefined : String(value),
    ]),
  );
}

/** An applicant's page, remembering the list it was opened from (for next and previous). */
export const applicantInList = (id: number, query: ApplicantsQuery) =>
  withQuery(applicantPath(id), listQuery(query));
