import { useQuery } from '@tanstack/react-query';
import { consolePagePaths } from '@lumenfield/contract';
import { NavLink, useLocation } from '@lumenfield/page-kit';
import { useEffect } from 'react';
import { unreadQuery } from '../api';
import './notifications.css';

/**
 * The header's way to your notifications, with the unread count: asked every minute and on
 * every page opened (no socket). Its name says the count ("Notifications, 3 unread").
 */
export function NotificationsBadge() {
  const query = useQuery(unreadQuery);
  const { pathname } = useLocation();
  const { refetch } = query;
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  const unread = query.data ?? 0;
  return (
    <NavLink
      to={consolePagePaths.notifications}
      className="rc-bell"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications, none unread'}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unread > 0 ? (
        <span className="rc-bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
