import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import {
  consoleStageChoices,
  consolePagePaths,
  stageMoveRefusal,
  type ApplicantStage,
  type ApplicantsQuery,
  type ConsoleApplicant,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '@lumenfield/page-kit';
import { applicantQuery, neighboursQuery, resumeHref, useAddNote, useSetStage } from '../api';
import { failureText } from '../../common/api/query-client';
import { ApplicantAnswers } from './applicant-answers';
import { Duplicates } from './applicant-duplicates';
import { Erase } from './applicant-erase';
import { Sent } from './applicant-sent';
import { MessagePanel } from '../../messages/components/applicant-messages';
import { RejectDialog } from '../../messages/components/reject-dialog';
import { Timeline } from '../../messages/components/timeline';
import { ApplicantScorecardsPanel } from '../../scorecards/components/applicant-scorecards';
import { applicantInList, listQuery } from '../applicant-sort';
import { ShortcutsHelp, useShortcuts, type Around } from './applicant-keys';
import { queryFromParams } from './applicants-page';
import { useSession } from '../../common/session';
import { isStaff } from '../../common/routes';
import { FormActions } from '../../common/components/fields';
import { DoneNote, ErrorNote, Loading, Pending } from '../../common/components/status';
import { PageHeading } from '../../common/components/page-heading';
import { StageBadge } from '../../common/components/badges';
import { When } from '../../common/components/when';
import { withQuery } from '../../common/lib/with-query';
import { ApplicantInterviews } from '../../interviews/components/applicant-interviews';
import { MentionBox } from '../../notifications/components/mention-box';
import { NoteText } from '../../notifications/components/note-text';
import { RadioChoices } from '../../common/components/radio-choices';
import './applicant-page.css';

// pdf.js is large: it loads only when a PDF is shown.
const PdfViewer = lazy(() => import('./pdf-viewer').then((m) => ({ default: m.PdfViewer })));

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function StagePanel({ applicant }: { applicant: ConsoleApplicant }) {
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
  const setting = useSetStage(applicant.applicantId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (setting.isPending) return;
    const refusal = refusals.get(stage);
    if (refusal) {
      setDone(refusal);
      return;
    }
    // A hiring manager rejects as the staff do: with a reason, and a mail if chosen.
    if (stage === 'Rejected') {
      setRejecting(true);
      return;
    }
    setError(null);
    setDone(null);
    // The answer's stage and history go into the cached page (applicants/api.ts).
    setting.mutate(stage, {
      onSuccess: (move) => setDone(`Stage changed to ${move.stage}.`),
      onError: (failure) => setError(failureText(failure, 'The stage was not changed.')),
    });
  };
  return (
    <section className="rc-card" aria-labelledby="stage-heading">
      <h2 id="stage-heading">Stage</h2>
      {error ? <ErrorNote message={error} /> : null}
      <form onSubmit={submit}>
        <fieldset
          id="stage-choices"
          className="rc-stages"
          aria-describedby={reasons.length > 0 ? 'stage-reasons' : undefined}
        >
          <legend>
            Current stage: <StageBadge stage={applicant.stage} />
            {applicant.rejectionReason ? (
              <span className="rc-sub">Reason: {applicant.rejectionReason}</span>
            ) : null}
          </legend>
          <RadioChoices
            className="rc-stage-option"
            name="stage"
            choices={choices}
            value={stage}
            onChange={setStage}
            // The current stage stays a choice: the group keeps a place for the keyboard.
            disabled={(value) => value !== applicant.stage && refusals.get(value) !== undefined}
          />
        </fieldset>
        {reasons.length > 0 ? (
          <p id="stage-reasons" className="rc-muted">
            {reasons.join(' ')}
          </p>
        ) : null}
        <FormActions submit="Change stage">
          {refusals.get('Rejected') === undefined ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setRejecting(true)}
            >
              Reject…
            </button>
          ) : null}
        </FormActions>
        <DoneNote>{done}</DoneNote>
      </form>
      {rejecting ? (
        <RejectDialog
          applicant={applicant}
          onClose={() => setRejecting(false)}
          onRejected={() => {
            setRejecting(false);
            setStage('Rejected');
            setDone('Rejected.');
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

function NotesPanel({ applicant }: { applicant: ConsoleApplicant }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const adding = useAddNote(applicant.applicantId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (adding.isPending) return;
    if (text.trim() === '') {
      setError('Write the note first.');
      return;
    }
    setError(null);
    // The page is loaded again to show it (applicants/api.ts).
    adding.mutate(text, {
      onSuccess: () => setText(''),
      onError: (failure) => setError(failureText(failure, 'The note was not added.')),
    });
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
            <NoteText className="rc-notes__text" text={note.text} />
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate>
        <div className="rc-field">
          <label htmlFor="note-text">Note</label>
          <MentionBox
            applicantId={applicant.applicantId}
            id="note-text"
            value={text}
            invalid={error !== null}
            describedBy={error ? 'note-error' : undefined}
            onChange={setText}
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

function Resume({ applicant }: { applicant: ConsoleApplicant }) {
  const name = `${applicant.firstName} ${applicant.lastName}'s resume`;
  return (
    <section className="rc-card rc-resume" aria-labelledby="resume-heading">
      <div className="rc-resume__head">
        <h2 id="resume-heading">Resume</h2>
        <a className="button button--secondary" href={resumeHref(applicant.resumeUrl)} download>
          Download {applicant.attachmentKind.toUpperCase()} ({formatSize(applicant.attachmentSize)})
        </a>
      </div>
      {applicant.attachmentKind === 'pdf' ? (
        <Suspense fallback={<Loading what="the viewer" />}>
          <PdfViewer url={resumeHref(applicant.resumeUrl, true)} title={name} />
        </Suspense>
      ) : (
        <p className="rc-muted">
          A {applicant.attachmentKind.toUpperCase()} file is not shown in the page: download it to
          read it.
        </p>
      )}
    </section>
  );
}

/**
 * The list an applicant's page walks: the one the recruiter came from, as its URL's query names
 * it (filters, opening and sort); without one, every applicant newest first. The back link,
 * Previous and Next and the j and k keys all read it from here, so they cannot disagree.
 */
function backWords(query: ApplicantsQuery, applicant: ConsoleApplicant): string {
  const { jobId, sort: _sort, page: _page, ...filters } = query;
  const filtered = Object.keys(filters).length > 0 ? ' (filtered)' : '';
  if (jobId === undefined) return `← All applicants${filtered}`;
  if (jobId !== String(applicant.jobId)) return '← Back to the list';
  return `← Applicants for ${applicant.jobCode} · ${applicant.jobTitle}${filtered}`;
}

/** Previous and next applicant in that list, and where this one stands in it. */
function ListWalk({ around, query }: { around: Around; query: ApplicantsQuery }) {
  const { previous, next, position, total } = around;
  return (
    <nav className="rc-walk" aria-label="Applicants in this list">
      {previous === null ? (
        <span className="rc-walk__end">First in the list</span>
      ) : (
        <Link rel="prev" to={applicantInList(previous, query)} aria-keyshortcuts="k">
          ← Previous<span className="rc-walk__word"> applicant</span>
        </Link>
      )}
      <span className="rc-walk__place">
        {position} of {total}
      </span>
      {next === null ? (
        <span className="rc-walk__end">Last in the list</span>
      ) : (
        <Link rel="next" to={applicantInList(next, query)} aria-keyshortcuts="j">
          Next<span className="rc-walk__word"> applicant</span> →
        </Link>
      )}
    </nav>
  );
}

/** One applicant: what they sent, the timeline, the resume, the stage, messages and notes. */
export default function ApplicantPage({ applicantId }: { applicantId: number }) {
  const { user } = useSession();
  const staff = isStaff(user.role);
  const reader = user.role === 'interviewer';
  const params = useSearchParams();
  const search = params.toString();
  // One notion of the list, from the URL; a new object only when the URL changes.
  const [query, setQuery] = useState(() => queryFromParams(params));
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setQuery(queryFromParams(params));
  }
  const applicant = useQuery(applicantQuery(applicantId));
  const walk = useQuery(neighboursQuery(applicantId, query));
  const around = walk.isSuccess && walk.data.position > 0 ? walk.data : undefined;
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  useShortcuts(around, query, openHelp);
  // Each change goes into the cached page (applicants/api.ts). Once loaded, the page stays
  // while it loads again, so nothing typed in its panels is lost if that fails.
  const data = applicant.data;
  return (
    <>
      <PageHeading title={data ? `${data.firstName} ${data.lastName}` : 'Applicant'} />
      {data ? (
        <div className="rc-applicant__nav">
          <p className="rc-crumbs">
            <Link to={withQuery(consolePagePaths.applicants, listQuery(query))}>
              {backWords(query, data)}
            </Link>
          </p>
          {around ? <ListWalk around={around} query={query} /> : null}
          <button
            type="button"
            className="rc-link-button rc-applicant__keys"
            aria-keyshortcuts="Shift+?"
            onClick={() => setHelpOpen(true)}
          >
            Keyboard shortcuts <kbd aria-hidden="true">?</kbd>
          </button>
        </div>
      ) : null}
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      <Pending query={applicant} what="the applicant" />
      {data ? (
        <div className="rc-columns rc-applicant">
          <div className="rc-columns__main rc-applicant__details">
            <Sent applicant={data} />
            {staff ? <Duplicates applicant={data} /> : null}
            <ApplicantAnswers answers={data.answers} doesNotMeet={data.doesNotMeet} />
            <ApplicantScorecardsPanel applicantId={data.applicantId} />
            <Timeline applicant={data} />
          </div>
          <div className="rc-columns__side rc-applicant__actions">
            {/* An interviewer reads; a hiring manager moves and notes; the staff write to them. */}
            {reader ? null : <StagePanel applicant={data} />}
            {/* The staff schedule; a hiring manager reads them all, an interviewer their own. */}
            <ApplicantInterviews
              applicantId={data.applicantId}
              jobId={data.jobId}
              viewerId={user.userId}
              schedules={staff}
              ownOnly={reader}
            />
            {staff ? <MessagePanel applicant={data} /> : null}
            {reader ? null : <NotesPanel applicant={data} />}
            {user.role === 'admin' ? <Erase applicant={data} /> : null}
          </div>
          <div className="rc-applicant__resume">
            <Resume applicant={data} />
          </div>
        </div>
      ) : null}
    </>
  );
}
