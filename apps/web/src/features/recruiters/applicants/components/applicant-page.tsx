import { useRef, useState, type FormEvent } from 'react';
import {
  counted,
  consoleStageChoices,
  consolePagePaths,
  stageMoveRefusal,
  type ApplicantStage,
  type ConsoleApplicant,
  type ErasureResult,
  type StageMove,
} from '@lumenfield/contract';
import { Modal } from '@/components/modal';
import { ApiError } from '@/lib/api-client';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { applicantsApi } from '../api';
import { ApplicantAnswers } from './applicant-answers';
import { Duplicates } from './applicant-duplicates';
import { MessagePanel, RejectDialog } from '../../messages/components/applicant-messages';
import { Timeline } from '../../messages/components/timeline';
import { applicantsOfOpening } from '../../shared/routes';
import { listQuery } from '../applicant-sort';
import { queryFromParams } from './applicants-page';
import { useSession } from '../../shared/session';
import { ErrorNote, Pending } from '../../shared/components/status';
import { PageHeading } from '../../shared/components/page-heading';
import { StageBadge } from '../../shared/components/badges';
import { When } from '../../shared/components/when';
import { withQuery } from '../../shared/lib/with-query';
import { useResource } from '@/lib/use-resource';
import { ListWalk } from './list-walk';
import { Resume } from './resume-panel';
import { Sent } from './applicant-facts';
import './applicant-page.css';

function StagePanel({
  applicant,
  onChanged,
  onRejected,
}: {
  applicant: ConsoleApplicant;
  onChanged: (move: StageMove) => void;
  onRejected: () => void;
}) {
  const [stage, setStage] = useState<ApplicantStage>(applicant.stage);
  // Rejecting asks for a reason (and offers a mail): its own dialog, not a plain move.
  const [rejecting, setRejecting] = useState(false);
  // The stage model (packages/contract/src/pipeline.ts) says which moves there are; the others
  // are offered disabled, with the reason beside them.
  const choices = consoleStageChoices(applicant.stage);
  const refusals = new Map(
    choices.map((to) => [to, stageMoveRefusal(applicant.stage, to)] as const),
  );
  const reasons = [
    ...new Set(choices.filter((to) => to !== applicant.stage).map((to) => refusals.get(to))),
  ].filter((reason) => reason !== undefined);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Not `disabled` while saving: a disabled button drops the keyboard user's focus.
  const busy = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const refusal = refusals.get(stage);
    if (refusal) {
      setDone(refusal);
      return;
    }
    if (stage === 'Rejected') {
      setRejecting(true);
      return;
    }
    busy.current = true;
    setError(null);
    setDone(null);
    applicantsApi.setStage(applicant.applicantId, stage).then(
      (move) => {
        busy.current = false;
        setDone(`Stage changed to ${move.stage}.`);
        onChanged(move);
      },
      (failure: unknown) => {
        busy.current = false;
        setError(failure instanceof ApiError ? failure.message : 'The stage was not changed.');
      },
    );
  };
  return (
    <section className="rc-card" aria-labelledby="stage-heading">
      <h2 id="stage-heading">Stage</h2>
      {error ? <ErrorNote message={error} /> : null}
      <form onSubmit={submit}>
        <fieldset
          className="rc-stages"
          aria-describedby={reasons.length > 0 ? 'stage-reasons' : undefined}
        >
          <legend>
            Current stage: <StageBadge stage={applicant.stage} />
            {applicant.rejectionReason ? (
              <span className="rc-sub">Reason: {applicant.rejectionReason}</span>
            ) : null}
          </legend>
          {choices.map((value) => (
            <label key={value} className="rc-stage-option">
              <input
                type="radio"
                name="stage"
                value={value}
                checked={stage === value}
                // The current stage stays a choice: the group keeps a place for the keyboard.
                disabled={value !== applicant.stage && refusals.get(value) !== undefined}
                onChange={() => setStage(value)}
              />
              {value}
            </label>
          ))}
        </fieldset>
        {reasons.length > 0 ? (
          <p id="stage-reasons" className="rc-muted">
            {reasons.join(' ')}
          </p>
        ) : null}
        <div className="rc-form__actions">
          <button type="submit" className="button button--primary">
            Change stage
          </button>
          {refusals.get('Rejected') === undefined ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setRejecting(true)}
            >
              Reject…
            </button>
          ) : null}
        </div>
        <p className="rc-muted" role="status">
          {done}
        </p>
      </form>
      {rejecting ? (
        <RejectDialog
          applicant={applicant}
          onClose={() => setRejecting(false)}
          onRejected={() => {
            setRejecting(false);
            setStage('Rejected');
            setDone('Rejected.');
            onRejected();
          }}
        />
      ) : null}
      <h3>History</h3>
      <ol className="rc-history">
        {applicant.stageHistory.map((change, index) => (
          <li key={`${change.changedOn}-${index}`}>
            <StageBadge stage={change.stage} /> by <strong>{change.changedBy}</strong>,{' '}
            <When iso={change.changedOn} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function NotesPanel({ applicant, onAdded }: { applicant: ConsoleApplicant; onAdded: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    if (text.trim() === '') {
      setError('Write the note first.');
      return;
    }
    busy.current = true;
    setError(null);
    applicantsApi.addNote(applicant.applicantId, text).then(
      () => {
        busy.current = false;
        setText('');
        onAdded();
      },
      (failure: unknown) => {
        busy.current = false;
        setError(failure instanceof ApiError ? failure.message : 'The note was not added.');
      },
    );
  };
  return (
    <section className="rc-card" aria-labelledby="notes-heading">
      <h2 id="notes-heading">Notes</h2>
      {applicant.notes.length === 0 ? <p className="rc-muted">No notes yet.</p> : null}
      <ul className="rc-notes">
        {applicant.notes.map((note) => (
          <li key={note.noteId}>
            <p className="rc-notes__meta">
              <strong>{note.author}</strong>, <When iso={note.createdOn} />
            </p>
            <p className="rc-notes__text">{note.text}</p>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate>
        <div className="rc-field">
          <label htmlFor="note-text">Note</label>
          <textarea
            id="note-text"
            rows={3}
            maxLength={10_000}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'note-error' : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {error ? (
            <p id="note-error" className="rc-field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary">
          Add note
        </button>
      </form>
    </section>
  );
}

function Erase({ applicant }: { applicant: ConsoleApplicant }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<ErasureResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const erase = () => {
    setBusy(true);
    setError(null);
    applicantsApi.erase(applicant.email).then(
      (counts) => {
        setBusy(false);
        setResult(counts);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(failure instanceof ApiError ? failure.message : 'Nothing was erased.');
      },
    );
  };
  return (
    <section className="rc-card rc-danger-zone" aria-labelledby="erase-heading">
      <h2 id="erase-heading">Erase at the person&rsquo;s request</h2>
      <p>Removes every application, resume and mail of this e-mail address, for good.</p>
      <button type="button" className="button rc-button--danger" onClick={() => setOpen(true)}>
        Erase this person&rsquo;s data
      </button>
      <Modal
        open={open}
        // Once erased, the person's page has nothing left to show: closing the dialog (Esc, ×)
        // leaves it for the applicants list, as the dialog's own link does.
        onClose={() =>
          result ? navigate(consolePagePaths.applicants, { replace: true }) : setOpen(false)
        }
        title="Erase this person's data?"
        role="alertdialog"
      >
        {result ? (
          <div role="status">
            <p>
              Erased {counted(result.applicants, ['application', 'applications'])},{' '}
              {counted(result.resumes, ['resume', 'resumes'])} and{' '}
              {counted(result.mails, ['mail', 'mails'])}.
            </p>
            <Link className="button button--primary" to={consolePagePaths.applicants}>
              Back to applicants
            </Link>
          </div>
        ) : (
          <>
            <p>
              Everything about {applicant.email} goes: applications, resumes and mails. This cannot
              be undone.
            </p>
            {error ? <ErrorNote message={error} /> : null}
            <div className="rc-form__actions">
              <button
                type="button"
                className="button rc-button--danger"
                disabled={busy}
                onClick={erase}
              >
                Erase for good
              </button>
              <button
                type="button"
                className="button button--secondary"
                data-autofocus
                onClick={() => setOpen(false)}
              >
                Keep
              </button>
            </div>
          </>
        )}
      </Modal>
    </section>
  );
}

/** One applicant: what they sent, the timeline, the resume, the stage, messages and notes. */
export default function ApplicantPage({ applicantId }: { applicantId: number }) {
  const { user } = useSession();
  const query = queryFromParams(useSearchParams());
  const fromList = Object.keys(query).length > 0;
  const [applicant, reload] = useResource(
    `applicant-${applicantId}`,
    (signal) => applicantsApi.applicant(applicantId, signal),
    { keepWhileReloading: true },
  );
  // A stage change answers the stage and its history: they replace the loaded page's, until the
  // page is loaded again.
  const [moved, setMoved] = useState<{ on: ConsoleApplicant; move: StageMove }>();
  // A duplicate's decision answers the whole page: it stands until the page is loaded again.
  const [decided, setDecided] = useState<{ on: ConsoleApplicant; page: ConsoleApplicant }>();
  const fetched = applicant.status === 'ready' ? applicant.data : undefined;
  const loaded = fetched && decided?.on === fetched ? decided.page : fetched;
  const data = loaded && moved?.on === loaded ? { ...loaded, ...moved.move } : loaded;
  return (
    <>
      <PageHeading title={data ? `${data.firstName} ${data.lastName}` : 'Applicant'} />
      {data ? (
        <div className="rc-applicant__nav">
          <p className="rc-crumbs">
            {fromList ? (
              <Link to={withQuery(consolePagePaths.applicants, listQuery(query))}>
                ← Back to the list
              </Link>
            ) : (
              <Link to={applicantsOfOpening(data.jobId)}>
                ← Applicants for {data.jobCode} · {data.jobTitle}
              </Link>
            )}
          </p>
          <ListWalk applicantId={applicantId} query={query} />
        </div>
      ) : null}
      <Pending resource={applicant} what="the applicant" onRetry={reload} />
      {data ? (
        <div className="rc-applicant">
          <div className="rc-applicant__main">
            <Sent applicant={data} />
            <Duplicates
              applicant={data}
              onChanged={(page) => fetched && setDecided({ on: fetched, page })}
            />
            <ApplicantAnswers answers={data.answers} doesNotMeet={data.doesNotMeet} />
            <Timeline applicant={data} />
            <Resume applicant={data} />
          </div>
          <div className="rc-applicant__side">
            <StagePanel
              applicant={data}
              onChanged={(move) => loaded && setMoved({ on: loaded, move })}
              onRejected={reload}
            />
            <MessagePanel applicant={data} onSent={reload} />
            <NotesPanel applicant={data} onAdded={reload} />
            {user.role === 'admin' ? <Erase applicant={data} /> : null}
          </div>
        </div>
      ) : null}
    </>
  );
}
