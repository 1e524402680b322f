import { useRef, useState } from 'react';
import type { CalendarFeedCreated } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { calendarFeedQuery, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api';
import { failureText } from '../../common/api/query-client';
import { ConfirmDialog } from '../../common/components/confirm-dialog';
import { ErrorNote, Pending } from '../../common/components/status';
import { When } from '../../common/components/when';
import { CopyField } from './copy-field';
import './calendar-feed.css';

/**
 * "Calendar feed" in Your account: a private link to subscribe to your interviews from a
 * calendar program (shown once), a new link in its place, or none after a yes/no.
 */
export function CalendarFeed() {
  const feed = useQuery(calendarFeedQuery);
  const creating = useCreateCalendarFeed();
  const revoking = useRevokeCalendarFeed();
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const busy = creating.isPending || revoking.isPending;
  const exists = feed.isSuccess && feed.data.exists;

  const create = () => {
    setFailure(null);
    setStatus('');
    setCreated(null);
    creating.mutate(undefined, {
      onSuccess: (answer) => {
        setCreated(answer);
        setStatus(exists ? 'New link made; the old one no longer works.' : 'Link made.');
      },
      onError: (error) => setFailure(failureText(error, 'The link was not made.')),
    });
  };

  const revoke = () => {
    setFailure(null);
    revoking.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        setCreated(null);
        setStatus('Calendar feed revoked: the link no longer works.');
        // Its Revoke button is gone: focus goes to the section's heading.
        requestAnimationFrame(() => headingRef.current?.focus());
      },
      onError: (error) => {
        setAsking(false);
        setFailure(failureText(error, 'The link was not revoked.'));
      },
    });
  };

  return (
    <section className="rc-card rc-calendar-feed" aria-labelledby="calendar-feed-heading">
      <h2 id="calendar-feed-heading" ref={headingRef} tabIndex={-1}>
        Calendar feed
      </h2>
      <p>
        Your interviews, in your own calendar: subscribe to a private link from Google Calendar
        (&ldquo;From URL&rdquo;), Outlook (&ldquo;Subscribe from web&rdquo;) or Apple Calendar. It
        lists the interviews you run or scheduled, from 30 days ago on, and follows every change.
        Anyone who has the link sees them, so keep it like a password.
      </p>
      <p role="status" className="rc-muted">
        {status}
      </p>
      {failure ? <ErrorNote message={failure} /> : null}
      <Pending query={feed} what="your calendar feed" />
      {feed.isSuccess ? (
        <p>
          {feed.data.exists && feed.data.createdAt ? (
            <>
              You have a link, made <When iso={feed.data.createdAt} />.
            </>
          ) : (
            'You have no calendar feed.'
          )}
        </p>
      ) : null}
      {created ? (
        <div className="rc-alert rc-alert--ok">
          <CopyField
            id="calendar-feed-webcal"
            label="Subscription link"
            value={created.webcalUrl}
            hint="Copy it now: it will not be shown again. Making a new link stops this one."
            focus
            onCopied={() => setStatus('Subscription link copied.')}
          />
          <CopyField
            id="calendar-feed-url"
            label="Web address (for programs that ask for one)"
            value={created.url}
            onCopied={() => setStatus('Web address copied.')}
          />
        </div>
      ) : null}
      {feed.isSuccess ? (
        <div className="rc-form__actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={create}>
            {exists ? 'Make a new link' : 'Make a link'}
          </button>
          {exists ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setAsking(true)}
            >
              Revoke link
            </button>
          ) : null}
        </div>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title="Revoke your calendar feed?"
          confirmLabel="Revoke link"
          danger
          busy={busy}
          onConfirm={revoke}
          onCancel={() => setAsking(false)}
        >
          <p>Calendars subscribed to it stop showing your interviews at their next refresh.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
