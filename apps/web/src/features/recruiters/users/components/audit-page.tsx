import type { FormEvent } from 'react';
import { auditActionSchema, consolePagePaths, type AuditQuery } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '@lumenfield/page-kit';
import { auditQuery } from '../api';
import { EmailText } from '../../common/components/email-text';
import { ListTable } from '../../common/components/list-table';
import { PageHeading } from '../../common/components/page-heading';
import { PagedResults } from '../../common/components/paged-results';
import { Pending } from '../../common/components/status';
import { When } from '../../common/components/when';
import { useFilterFields } from '../../common/components/filter-form';
import { withQuery } from '../../common/lib/with-query';
import { AUDIT_ACTION_WORDS, auditDetailWords, auditTargetWords } from '../audit-words';
import './audit-page.css';

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

/** An empty cell: a dash to the eye, words to a screen reader. */
function NoValue() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">None</span>
    </>
  );
}

/** Admins: who did what and when, newest first, filtered and paged. */
export default function AuditPage() {
  const params = useSearchParams();
  const navigate = useNavigate();
  const query = auditQueryFromParams(params);
  const log = useQuery(auditQuery(query));
  const [filters, setFilters] = useFilterFields(JSON.stringify(query), () => ({
    action: query.action ?? '',
    actor: query.actor ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
  }));
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
                {AUDIT_ACTION_WORDS[action]}
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
      <Pending query={log} what="the audit log" />
      {log.isSuccess ? (
        <PagedResults
          page={log.data}
          noun={['entry', 'entries']}
          none="No entries match."
          label="Audit log"
          hrefFor={(page) => withQuery(consolePagePaths.audit, { ...filtersOnly, page })}
        >
          {(items) => (
            <ListTable
              caption="Audit log, newest first"
              className="rc-table rc-table--audit"
              columns={['When', 'Who', 'Action', 'What', 'Detail']}
            >
              {items.map((entry) => (
                <tr key={entry.auditId}>
                  <td data-label="When">
                    <When iso={entry.at} />
                  </td>
                  <td data-label="Who">
                    {entry.actor === 'cli'
                      ? 'Command line'
                      : entry.actor === 'token'
                        ? 'API token'
                        : entry.actor === 'applicant'
                          ? 'The applicant'
                          : entry.actor}
                    {entry.actorEmail ? (
                      <EmailText className="rc-sub" email={entry.actorEmail} />
                    ) : null}
                  </td>
                  <td data-label="Action">{AUDIT_ACTION_WORDS[entry.action]}</td>
                  <td data-label="What">
                    {entry.target ? auditTargetWords(entry.target) : <NoValue />}
                  </td>
                  <td data-label="Detail">
                    {entry.detail ? auditDetailWords(entry.detail) : <NoValue />}
                  </td>
                </tr>
              ))}
            </ListTable>
          )}
        </PagedResults>
      ) : null}
    </>
  );
}
