import type { ReactNode } from 'react';
import { counted } from '@lumenfield/contract';
import { Link } from '@lumenfield/page-kit';

/** One page of a filtered list as the server answers it. */
export interface ListPage<T> {
  items: T[];
  total: number;
  /** true: the server counted no further than `total`; more match. */
  totalAtLeast?: boolean;
  page: number;
  pageSize: number;
}

/** Where a pager's link starts its page: after the last row shown, or before the first. */
export type PageFrom = { after: number } | { before: number };

/**
 * A filtered, paged list: how many match ("1 entry", "12 entries", "More than 10000 entries"),
 * the items (or what says none match) and the pager.
 */
export function PagedResults<T>({
  page,
  noun,
  none,
  label,
  hrefFor,
  anchorOf,
  children,
}: {
  page: ListPage<T>;
  /** The singular and the plural. */
  noun: [string, string];
  none: string;
  label: string;
  /** The link to a page; with `anchorOf`, also the row it starts from. */
  hrefFor: (page: number, from?: PageFrom) => string;
  /**
   * An item's id, for a list the server reads from a row on: the pager's links then name the
   * row their page starts from, so page 500 costs what page 2 does.
   */
  anchorOf?: (item: T) => number;
  children: (items: T[]) => ReactNode;
}) {
  const first = page.items[0];
  const last = page.items.at(-1);
  return (
    <>
      <p className="rc-count" role="status">
        {page.totalAtLeast ? `More than ${counted(page.total, noun)}` : counted(page.total, noun)}
      </p>
      {page.items.length > 0 ? children(page.items) : <p>{none}</p>}
      <Pager
        label={label}
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        more={page.totalAtLeast === true && page.items.length === page.pageSize}
        previousHref={hrefFor(
          page.page - 1,
          anchorOf && first !== undefined ? { before: anchorOf(first) } : undefined,
        )}
        nextHref={hrefFor(
          page.page + 1,
          anchorOf && last !== undefined ? { after: anchorOf(last) } : undefined,
        )}
      />
    </>
  );
}

/** Previous / next links over a paged list; the page (and where it starts) lives in the URL. */
export function Pager({
  page,
  pageSize,
  total,
  more = false,
  previousHref,
  nextHref,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Pages beyond those `total` fills (the count stopped there). */
  more?: boolean;
  previousHref: string;
  nextHref: string;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1 && !more) return null;
  return (
    <nav className="rc-pager" aria-label={`${label} pages`}>
      {page > 1 ? <Link to={previousHref}>Previous page</Link> : <span />}
      <span>{more || page > pages ? `Page ${page}` : `Page ${page} of ${pages}`}</span>
      {page < pages || more ? <Link to={nextHref}>Next page</Link> : <span />}
    </nav>
  );
}
