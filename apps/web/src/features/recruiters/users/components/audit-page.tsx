import { auditActionSchema, consolePagePaths, type AuditQuery } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '@lumenfield/page-kit';
import { auditQuery } from '../api';
import { EmailText } from '../../common/components/email-text';
import { ListTable } from '../../common/components/list-table';
import { PageHeading } from '../../common/components/page-heading';
import { PagedResults } from '../../common/components/paged-results';
import { Pending } from '../../common/components/status';
import { When } from '../../common/components/when';
import { FilterForm } from '../../common/components/filter-form';
import { withQuery } from '../../common/lib/with-query';
import {
  AUDIT_ACTION_WORDS,
  auditDetailWords,
  auditTargetHref,
  auditTargetWords,
} from '../audit-words';
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

/**
 * What a row names, as a link to it while it still exists (the server says which do); an
 * erased applicant stays plain text, an id and nothing more.
 */
function AuditTarget({ target, linked }: { target: string; linked: boolean }) {
  const href = linked ? auditTargetHref(target) : undefined;
  const words = auditTargetWords(target);
  return href ? <Link to={href}>{words}</Link> : <>{words}</>;
}

/** Admins: who did what and when, newest first, filtered and paged. */
export default function AuditPage() {
  const params = useSearchParams();
  const query = auditQueryFromParams(params);
  const log = useQuery(auditQuery(query));
  const filtersOnly: AuditQuery = { ...query, page: undefined };

  return (
    <>
      <PageHeading title="Audit log" />
      <FilterForm
        label="Audit log"
        search
        path={consolePagePaths.audit}
        queryKey={JSON.stringify(query)}
        fromQuery={() => ({
          action: query.action ?? '',
          actor: query.actor ?? '',
          from: query.from ?? '',
          to: query.to ?? '',
        })}
        toQuery={(fields) => ({ ...fields, actor: fields.actor.trim() })}
        // A date is typed a part at a time: it applies once the typing pauses, as words do.
        typed={['actor', 'from', 'to']}
      >
        {(field) => (
          <>
            <div className="rc-field">
              <label htmlFor="audit-action">Action</label>
              <select id="audit-action" {...field('action')}>
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
              <input id="audit-actor" type="search" {...field('actor')} />
            </div>
            <div className="rc-field">
              <label htmlFor="audit-from">From</label>
              <input id="audit-from" type="date" {...field('from')} />
            </div>
            <div className="rc-field">
              <label htmlFor="audit-to">To</label>
              <input id="audit-to" type="date" {...field('to')} />
            </div>
          </>
        )}
      </FilterForm>
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
                    {entry.target ? (
                      <AuditTarget target={entry.target} linked={entry.linked} />
                    ) : (
                      <NoValue />
                    )}
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
