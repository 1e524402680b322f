import type { UseQueryResult } from '@tanstack/react-query';
import type { Resource } from '@/lib/use-resource';
import { failureText } from '../api/query-client';

export function ErrorNote({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="rc-alert rc-alert--error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="rc-muted" role="status">
      Loading {what}…
    </p>
  );
}

/**
 * What a query shows until it has data: the loading line (again while "Try again" asks), or
 * the error with a retry.
 */
export function Pending({
  query,
  resource,
  what,
  onRetry,
}: {
  query?: Pick<UseQueryResult<unknown>, 'status' | 'error' | 'isFetching' | 'refetch'>;
  resource?: Resource<unknown>;
  what: string;
  onRetry?: () => void;
}) {
  if (query) {
    if (query.status === 'pending' || (query.status === 'error' && query.isFetching))
      return <Loading what={what} />;
    if (query.status === 'error')
      return <ErrorNote message={failureText(query.error)} onRetry={() => void query.refetch()} />;
    return null;
  }
  if (!resource || resource.status === 'loading') return <Loading what={what} />;
  if (resource.status === 'error')
    return <ErrorNote message={resource.error.message} onRetry={onRetry} />;
  return null;
}
