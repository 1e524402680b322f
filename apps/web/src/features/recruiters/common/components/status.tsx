import type { ReactNode } from 'react';
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

/** The live line that tells what a form just did ("Saved.", "Sent."); empty until it has. */
export function DoneNote({ children }: { children: ReactNode }) {
  return (
    <p className="rc-muted" role="status">
      {children}
    </p>
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

/** What a change on a screen came to: none yet, done, or failed. */
export type Notice = { kind: 'ok' | 'error'; text: string } | null;

/** A notice: read out politely when the change is done, an alert when it failed. */
export function NoticeNote({ notice }: { notice: Notice }) {
  return (
    <>
      <div aria-live="polite">
        {notice?.kind === 'ok' ? <p className="rc-alert rc-alert--ok">{notice.text}</p> : null}
      </div>
      {notice?.kind === 'error' ? <ErrorNote message={notice.text} /> : null}
    </>
  );
}
