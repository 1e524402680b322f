import type { ReactNode } from 'react';
import { Link } from '@lumenfield/page-kit';

/**
 * A column of a ListTable: its heading, and whether it holds numbers (right-aligned), sorts
 * the list (its heading a link to the list sorted by it; `sorted` says how it is sorted now), or
 * has a heading that is a control (a "select all" checkbox), keyed by its label.
 */
export type Column =
  | string
  | { label: string; numeric: true }
  | {
      label: string;
      sortHref: string;
      sorted: 'ascending' | 'descending' | undefined;
      numeric?: boolean;
    }
  | { label: string; header: ReactNode; className?: string };

/**
 * A sortable heading of a list whose sorts are a key with a direction (`name`, `-name`): a link
 * (`hrefOf`: the same list, its filters kept, at its first page) to the list sorted by `key`, the
 * other way round when it is sorted by it already; otherwise as `first` (the key's first click).
 * `hrefOf` gets undefined for the list's default sort, which its URL leaves out.
 */
export function sortColumn<S extends string>({
  label,
  key,
  current,
  first,
  byDefault,
  parse,
  hrefOf,
}: {
  label: string;
  key: string;
  current: S;
  first: S;
  byDefault: S;
  /** The sort a text names (the list's schema). */
  parse: (value: string) => S;
  hrefOf: (sort: S | undefined) => string;
}): Column {
  const by = current.replace(/^-/, '');
  const descending = current.startsWith('-');
  const next = by === key ? parse(descending ? key : `-${key}`) : first;
  return {
    label,
    sorted: by === key ? (descending ? 'descending' : 'ascending') : undefined,
    sortHref: hrefOf(next === byDefault ? undefined : next),
  };
}

function Heading({ column }: { column: Exclude<Column, string> }) {
  if ('header' in column) {
    return (
      <th scope="col" className={column.className}>
        {column.header}
      </th>
    );
  }
  if (!('sortHref' in column)) {
    return (
      <th scope="col" className="rc-num">
        {column.label}
      </th>
    );
  }
  const arrow = { ascending: '▲', descending: '▼' };
  return (
    <th
      scope="col"
      aria-sort={column.sorted ?? 'none'}
      className={column.numeric ? 'rc-num' : undefined}
    >
      <Link className="rc-sort" to={column.sortHref}>
        {column.label}
        <span aria-hidden="true" className="rc-sort__arrow">
          {column.sorted ? arrow[column.sorted] : '↕'}
        </span>
      </Link>
    </th>
  );
}

/** The console's tables: a caption for screen readers, a heading row, then the rows given. */
export function ListTable({
  caption,
  columns,
  className = 'rc-table',
  children,
}: {
  caption: string;
  columns: Column[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={className}>
      <caption className="visually-hidden">{caption}</caption>
      <thead className="rc-table-head">
        <tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col">
                {column}
              </th>
            ) : (
              <Heading key={column.label} column={column} />
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
