import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@lumenfield/page-kit';
import type { UnmatchedReplyRow } from '@lumenfield/contract';
import { unmatchedQuery, unmatchedReplyQuery, useAssignReply, useDiscardReply } from '../api';
import { failureText } from '../../common/api/query-client';
import { applicantPath } from '../../common/routes';
import { ListTable } from '../../common/components/list-table';
import { PageHeading } from '../../common/components/page-heading';
import { ConfirmDialog } from '../../common/components/confirm-dialog';
import { DoneNote, ErrorNote, Pending } from '../../common/components/status';
import { When } from '../../common/components/when';
import '../../messages/components/messages.css';
import './conversations.css';

const REASONS: Record<string, string> = {
  unknown: 'Address not known',
  expired: 'Address expired',
};
const reasonText = (reason: string) => REASONS[reason] ?? reason;

/**
 * Replies no conversation claimed (docs/recruiters.md, "Conversations"), for admins: the list
 * (who, subject, when, why), one read in full, then put on an applicant's timeline or discarded.
 */
export default function UnmatchedRepliesPage() {
  const query = useQuery(unmatchedQuery);
  const [open, setOpen] = useState<number | undefined>();
  const [done, setDone] = useState<{ text: string; applicantId?: number } | undefined>();
  const items = query.data?.items ?? [];
  const opened = items.find((item) => item.id === open);
  return (
    <>
      <PageHeading title="Unmatched replies" />
      <p className="rc-muted">
        Mails that came back to the conversations&rsquo; address but named no conversation we know
        (or one that had expired). Read one, then put it on the right applicant&rsquo;s timeline or
        discard it.
        {query.data ? ` Each is kept ${query.data.keptDays} days, then deleted.` : null}
      </p>
      {done ? (
        <DoneNote>
          {done.text}
          {done.applicantId !== undefined ? (
            <>
              {' '}
              <Link to={applicantPath(done.applicantId)}>Open the applicant</Link>
            </>
          ) : null}
        </DoneNote>
      ) : null}
      <Pending query={query} what="the unmatched replies" />
      {query.data && items.length === 0 ? (
        <p className="rc-muted">No unmatched replies. Every reply found its conversation.</p>
      ) : null}
      {items.length > 0 ? (
        <ListTable
          caption="Unmatched replies, newest first"
          columns={['From', 'Subject', 'Received', 'Why', '']}
        >
          {items.map((item) => (
            <tr key={item.id} aria-current={item.id === open ? 'true' : undefined}>
              <td data-label="From" className="rc-unmatched__from">
                {item.fromAddress}
              </td>
              <td data-label="Subject">{item.subject || '(no subject)'}</td>
              <td data-label="Received">
                <When iso={item.receivedOn} />
              </td>
              <td data-label="Why">{reasonText(item.reason)}</td>
              <td data-label="">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-expanded={item.id === open}
                  aria-controls="unmatched-reply"
                  onClick={() => {
                    setDone(undefined);
                    setOpen(item.id === open ? undefined : item.id);
                  }}
                >
                  {item.id === open ? 'Close' : 'Read'}
                  <span className="visually-hidden">: {item.subject}</span>
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {opened ? (
        <OpenReply
          key={opened.id}
          row={opened}
          onDone={(text, applicantId) => {
            setOpen(undefined);
            setDone({ text, ...(applicantId !== undefined ? { applicantId } : {}) });
          }}
        />
      ) : null}
    </>
  );
}

function OpenReply({
  row,
  onDone,
}: {
  row: UnmatchedReplyRow;
  onDone: (text: string, applicantId?: number) => void;
}) {
  const reply = useQuery(unmatchedReplyQuery(row.id));
  const assign = useAssignReply();
  const discard = useDiscardReply();
  const [applicant, setApplicant] = useState('');
  const [asking, setAsking] = useState(false);
  const applicantId = /^\d{1,9}$/.test(applicant.trim()) ? Number(applicant.trim()) : undefined;
  const problem = assign.error ?? discard.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (applicantId === undefined) return;
    assign.mutate(
      { id: row.id, applicantId },
      { onSuccess: () => onDone('The reply is on the applicant’s timeline.', applicantId) },
    );
  };

  return (
    <section
      className="rc-card rc-unmatched"
      id="unmatched-reply"
      aria-labelledby="unmatched-heading"
    >
      <h2 id="unmatched-heading">{row.subject || '(no subject)'}</h2>
      <p className="rc-muted">
        From <span className="rc-unmatched__from">{row.fromAddress}</span>,{' '}
        <When iso={row.receivedOn} />. {reasonText(row.reason)}.
      </p>
      <Pending query={reply} what="the reply" />
      {reply.data ? <p className="rc-message-body rc-timeline__reply">{reply.data.body}</p> : null}
      {problem ? <ErrorNote message={failureText(problem)} /> : null}
      <form className="rc-form rc-unmatched__assign" onSubmit={submit} noValidate>
        <p className="rc-field">
          <label htmlFor="unmatched-applicant">Applicant id</label>
          <span className="rc-field__hint" id="unmatched-applicant-hint">
            The number at the end of the applicant&rsquo;s page address in the console.
          </span>
          <input
            id="unmatched-applicant"
            className="form-control"
            inputMode="numeric"
            autoComplete="off"
            value={applicant}
            aria-describedby="unmatched-applicant-hint"
            onChange={(event) => setApplicant(event.target.value)}
          />
        </p>
        <div className="rc-form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={applicantId === undefined || assign.isPending}
          >
            Put on the timeline
          </button>
          <button
            type="button"
            className="button rc-button--danger"
            disabled={discard.isPending}
            onClick={() => setAsking(true)}
          >
            Discard…
          </button>
        </div>
      </form>
      {asking ? (
        <ConfirmDialog
          title="Discard this reply?"
          confirmLabel="Discard the reply"
          cancelLabel="No, keep it"
          danger
          busy={discard.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            discard.mutate(row.id, {
              onSuccess: () => onDone('The reply is discarded.'),
              onSettled: () => setAsking(false),
            })
          }
        >
          <p>It is deleted for good; nobody can read it afterwards.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
