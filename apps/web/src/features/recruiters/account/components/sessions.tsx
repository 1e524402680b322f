import { useState } from 'react';
import type { ListedSession } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { sessionsQuery, useEndSessions } from '../api';
import { failureText } from '../../common/api/query-client';
import { ErrorNote, Pending } from '../../common/components/status';
import { ListTable } from '../../common/components/list-table';
import { When } from '../../common/components/when';
import { NamedButton } from '../../common/components/named-button';

const deviceOf = (session: ListedSession) =>
  session.device ?? 'A device (signed in before this list)';

/**
 * A person's sessions still running: the device, where it signed in from, when it started and
 * was last used, each with End. Yours without `userId` (your own session is marked and ends by
 * signing out); an admin's view of another person's with `userId`, with End all.
 */
export function SessionList({ userId, name }: { userId?: number; name?: string }) {
  const sessions = useQuery(sessionsQuery(userId));
  const ending = useEndSessions(userId);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const shown = sessions.isSuccess ? sessions.data.sessions : [];
  const whose = userId === undefined ? 'Your' : `${name ?? 'This person'}’s`;

  const end = (session: ListedSession | undefined) => {
    setFailure(null);
    ending.mutate(session?.handle, {
      onSuccess: () =>
        setStatus(session ? `The session on ${deviceOf(session)} ended.` : 'Every session ended.'),
      onError: (error) => setFailure(failureText(error, 'The session was not ended.')),
    });
  };

  return (
    <>
      <p role="status" className="rc-muted">
        {status}
      </p>
      {failure ? <ErrorNote message={failure} /> : null}
      <Pending query={sessions} what="sessions" />
      {sessions.isSuccess && shown.length === 0 ? <p>No sessions are running.</p> : null}
      {shown.length > 0 ? (
        <ListTable
          caption={`${whose} sessions`}
          columns={['Device', 'Place', 'Started', 'Last used', 'Actions']}
        >
          {shown.map((session) => (
            <tr key={session.handle}>
              <td data-label="Device">
                {deviceOf(session)}
                {session.current ? <span className="rc-sub">This browser</span> : null}
              </td>
              <td data-label="Place">
                {session.place ?? 'Unknown place'}
                {session.address ? <span className="rc-sub">{session.address}</span> : null}
              </td>
              <td data-label="Started">
                <When iso={session.createdAt} />
              </td>
              <td data-label="Last used">
                <When iso={session.lastSeenAt} />
              </td>
              <td data-label="Actions" className="rc-actions">
                {session.current ? (
                  <span className="rc-muted">Sign out to end it</span>
                ) : (
                  <NamedButton
                    label="End"
                    name={`session on ${deviceOf(session)}`}
                    onClick={() => end(session)}
                  />
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {userId !== undefined && shown.length > 0 ? (
        <div className="rc-form__actions">
          <button
            type="button"
            className="button rc-button--danger"
            disabled={ending.isPending}
            onClick={() => end(undefined)}
          >
            End every session<span className="visually-hidden"> of {name}</span>
          </button>
        </div>
      ) : null}
    </>
  );
}

/** "Your sessions" in Your account. */
export function YourSessions() {
  return (
    <section className="rc-card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Your sessions</h2>
      <p>
        Every browser signed in as you. If you do not recognise one, or lost the device, end it here
        and change your password.
      </p>
      <SessionList />
    </section>
  );
}
