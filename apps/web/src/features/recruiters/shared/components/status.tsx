import type { UseQueryResult } from '@tanstack/react-query';
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
  what,
}: {
  query: Pick<UseQueryResult<unknown>, 'status' | 'error' | 'isFetching' | 'refetch'>;
  what: string;
}) {
  if (query.status === 'pending' || (query.status === 'error' && query.isFetching))
    return <Loading what={what} />;
  if (query.status === 'error')
    return <ErrorNote message={failureText(query.error)} onRetry={() => void query.refetch()} />;
  return null;
}
