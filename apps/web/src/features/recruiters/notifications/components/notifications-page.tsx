import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@lumenfield/page-kit';
import type { ConsoleNotification, NotificationKind } from '@lumenfield/contract';
import { notificationsQuery, useMarkRead } from '../api';
import { applicantPath } from '../../common/routes';
import { PageHeading } from '../../common/components/page-heading';
import { Pending } from '../../common/components/status';
import { When } from '../../common/components/when';
import './notifications.css';

const KIND_LABELS: Record<NotificationKind, string> = {
  mention: 'Mention',
  reply: 'Reply',
  'feedback-due': 'Feedback due',
  'bulk-result': 'Bulk result',
  'new-application': 'New application',
};

function Entry({
  item,
  onOpen,
}: {
  item: ConsoleNotification;
  onOpen: (item: ConsoleNotification) => void;
}) {
  const unread = item.readOn === null;
  return (
    <li className={`rc-notification${unread ? ' rc-notification--unread' : ''}`}>
      <span className="rc-notification__kind">
        {KIND_LABELS[item.kind]}
        {unread ? <span className="visually-hidden">, unread</span> : null}
      </span>
      {item.applicantId === null ? (
        <span className="rc-notification__detail">{item.detail}</span>
      ) : (
        <Link
          className="rc-notification__detail"
          to={applicantPath(item.applicantId)}
          onClick={() => onOpen(item)}
        >
          {item.detail}
        </Link>
      )}
      <span className="rc-notification__when">
        <When iso={item.createdOn} />
      </span>
    </li>
  );
}

/**
 * Your notifications, newest first: mentions in notes, candidates' replies, feedback due,
 * your bulk actions' results, new applications (daily notices). Opening one marks it read. One
 * about an applicant you no longer reach is not shown (the server leaves it out).
 */
export default function NotificationsPage() {
  const query = useInfiniteQuery(notificationsQuery);
  const markRead = useMarkRead();
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const unread = pages[0]?.unread ?? 0;
  const open = (item: ConsoleNotification) => {
    if (item.readOn === null) markRead.mutate([item.notificationId]);
  };
  return (
    <>
      <PageHeading
        title="Notifications"
        actions={
          unread > 0 ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              Mark all read
            </button>
          ) : null
        }
      />
      <p className="rc-muted">
        {unread === 0 ? 'Nothing unread.' : `${unread} unread.`} Mentions and replies are also
        mailed to you, at most once every 15 minutes, unless you read them here first.
      </p>
      <Pending query={query} what="your notifications" />
      {query.data && items.length === 0 ? <p className="rc-muted">No notifications yet.</p> : null}
      {items.length > 0 ? (
        <ul className="rc-notifications" aria-label="Your notifications">
          {items.map((item) => (
            <Entry key={item.notificationId} item={item} onOpen={open} />
          ))}
        </ul>
      ) : null}
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Show older
        </button>
      ) : null}
    </>
  );
}
