import type { ReactNode } from 'react';
import { counted } from '@lumenfield/contract';
import { Link } from '@lumenfield/page-kit';

/** One page of a filtered list as the server answers it. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A filtered, paged list: how many match ("1 entry", "12 entries"), the items (or what says
 * none match) and the pager.
 */
export function PagedResults<T>({
  page,
  noun,
  none,
  label,
  hrefFor,
  children,
}: {
  page: ListPage<T>;
  /** The singular and the plural. */
  noun: [string, string];
  none: string;
  label: string;
  hrefFor: (page: number) => string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <>
      <p className="rc-count" role="status">
        {counted(page.total, noun)}
      </p>
      {page.items.length > 0 ? children(page.items) : <p>{none}</p>}
      <Pager
        label={label}
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        hrefFor={hrefFor}
      />
    </>
  );
}

/** Previous / next links over a paged list; the page number lives in the URL. */
export function Pager({
  page,
  pageSize,
  total,
  hrefFor,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="rc-pager" aria-label={`${label} pages`}>
      {page > 1 ? <Link to={hrefFor(page - 1)}>Previous page</Link> : <span />}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={hrefFor(page + 1)}>Next page</Link> : <span />}
    </nav>
  );
}
