import type { Resource } from '@/lib/use-resource';

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

/** What a resource shows until it is ready: the loading line, or the error with a retry. */
export function Pending({
  resource,
  what,
  onRetry,
}: {
  resource: Resource<unknown>;
  what: string;
  onRetry: () => void;
}) {
  if (resource.status === 'loading') return <Loading what={what} />;
  if (resource.status === 'error')
    return <ErrorNote message={resource.error.message} onRetry={onRetry} />;
  return null;
}
