import { useState, type FormEvent } from 'react';
import { auditActionSchema, consolePagePaths, type AuditQuery } from '@lumenfield/contract';
import { useNavigate, useSearchParams } from '@/lib/router';
import { consoleApi } from './api';
import { ErrorNote, Loading, PageHeading, Pager, When, withQuery } from './ui';
import { useResource } from '@/lib/use-resource';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The log's filters as the URL carries them; anything malformed is left out. */
export function auditQueryFromParams(params: URLSearchParams): AuditQuery {
  const action = auditActionSchema.safeParse(params.get('action'));
  const actor = (params.get('actor') ?? '').trim();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = params.get('page') ?? '';
  return {
    ...(action.success ? { action: action.data } : {}),
    ...(actor ? { actor: actor.slice(0, 200) } : {}),
    ...(DATE.test(from) ? { from } : {}),
    ...(DATE.test(to) ? { to } : {}),
    ...(/^\d{1,6}$/.test(page) && page !== '1' ? { page } : {}),
  };
}

/** Admins: who did what and when, newest first, filtered and paged. */
export default function AuditPage() {
  const params = useSearchParams();
  const navigate = useNavigate();
  const query = auditQueryFromParams(params);
  const [log, reload] = useResource(
    `audit-${JSON.stringify(query)}`,
    (signal) => consoleApi.audit(query, signal),
    { keepWhileReloading: true },
  );
  const [filters, setFilters] = useState({
    action: query.action ?? '',
    actor: query.actor ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
  });
  // A new URL (the nav, the back button) sets the fields to what it says.
  const key = JSON.stringify(query);
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setFilters({
      action: query.action ?? '',
      actor: query.actor ?? '',
      from: query.from ?? '',
      to: query.to ?? '',
    });
  }
  const set = (name: keyof typeof filters) => (event: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [name]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(withQuery(consolePagePaths.audit, filters));
  };
  const filtersOnly: AuditQuery = { ...query, page: undefined };

  return (
    <>
      <PageHeading title="Audit log" />
      <form className="rc-filters" role="search" aria-label="Audit log" onSubmit={apply}>
        <div className="rc-field">
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" value={filters.action} onChange={set('action')}>
            <option value="">Any action</option>
            {auditActionSchema.options.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <div className="rc-field">
          <label htmlFor="audit-actor">Who</label>
          <input id="audit-actor" type="search" value={filters.actor} onChange={set('actor')} />
        </div>
        <div className="rc-field">
          <label htmlFor="audit-from">From</label>
          <input id="audit-from" type="date" value={filters.from} onChange={set('from')} />
        </div>
        <div className="rc-field">
          <label htmlFor="audit-to">To</label>
          <input id="audit-to" type="date" value={filters.to} onChange={set('to')} />
        </div>
        <button type="submit" className="button button--primary">
          Apply filters
        </button>
      </form>
      {log.status === 'loading' ? <Loading what="the audit log" /> : null}
      {log.status === 'error' ? <ErrorNote message={log.error.message} onRetry={reload} /> : null}
      {log.status === 'ready' ? (
        <>
          <p className="rc-count" role="status">
            {log.data.Total === 1 ? '1 entry' : `${log.data.Total} entries`}
          </p>
          {log.data.Items.length > 0 ? (
            <table className="rc-table rc-table--audit">
              <caption className="visually-hidden">Audit log, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">What</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {log.data.Items.map((entry) => (
                  <tr key={entry.AuditID}>
                    <td data-label="When">
                      <When iso={entry.At} />
                    </td>
                    <td data-label="Who">
                      {entry.Actor}
                      {entry.ActorEmail ? <span className="rc-sub">{entry.ActorEmail}</span> : null}
                    </td>
                    <td data-label="Action">
                      <code className="rc-action">{entry.Action}</code>
                    </td>
                    <td data-label="What">{entry.Target ?? '—'}</td>
                    <td data-label="Detail">{entry.Detail ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>No entries match.</p>
          )}
          <Pager
            label="Audit log"
            page={log.data.Page}
            pageSize={log.data.PageSize}
            total={log.data.Total}
            hrefFor={(page) => withQuery(consolePagePaths.audit, { ...filtersOnly, page })}
          />
        </>
      ) : null}
    </>
  );
}
