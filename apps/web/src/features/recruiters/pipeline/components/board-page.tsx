import { useEffect, useRef, useState, type DragEvent } from 'react';
import {
  counted,
  pluralOf,
  stageMoveRefusal,
  type ApplicantStage,
  type Board,
  type BoardColumn,
  type ConsoleApplicantRow,
} from '@lumenfield/contract';
import { ApiError } from '@/lib/api-client';
import { Link } from '@/lib/router';
import { useResource } from '@/lib/use-resource';
import { pipelineApi } from '../api';
import { openingsApi } from '../../openings/api';
import { applicantsApi } from '../../applicants/api';
import { RejectDialog } from '../../messages/components/applicant-messages';
import { applicantsOfOpening, openingPath } from '../../shared/routes';
import { ErrorNote, Pending } from '../../shared/components/status';
import { PageHeading } from '../../shared/components/page-heading';
import './board.css';
import { Card, nameOf } from './board-card';

const APPLICANTS = ['applicant', 'applicants'] as const;

/** The column's order: newest application first, as the server pages it. */
function insertNewestFirst(items: ConsoleApplicantRow[], row: ConsoleApplicantRow) {
  const later = (item: ConsoleApplicantRow) =>
    item.appliedOn > row.appliedOn ||
    (item.appliedOn === row.appliedOn && item.applicantId > row.applicantId);
  const at = items.findIndex((item) => !later(item));
  return at === -1 ? [...items, row] : [...items.slice(0, at), row, ...items.slice(at)];
}

/** The columns as loaded, changed in place by each move and each "Show more". */
function BoardColumns({ jobId, board }: { jobId: number; board: Board }) {
  const [columns, setColumns] = useState<BoardColumn[]>(board.columns);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<ConsoleApplicantRow | null>(null);
  const [over, setOver] = useState<ApplicantStage | null>(null);
  const [rejecting, setRejecting] = useState<ConsoleApplicantRow | null>(null);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [focusCard, setFocusCard] = useState<number | null>(null);
  // Per column, the last card the server sent: "Show more" asks for the cards after it, so a
  // card moved out meanwhile makes none skipped (cards moved in are kept once by their id).
  const lastSent = useRef(
    new Map(board.columns.map((column) => [column.stage, column.items.at(-1)?.applicantId])),
  );
  const busy = useRef(new Set<number>());

  // A card moved by keyboard lands in another column: focus follows it to its "Move to…".
  useEffect(() => {
    if (focusCard === null) return;
    document.querySelector<HTMLElement>(`#card-${focusCard} .rc-move__toggle`)?.focus();
    setFocusCard(null);
  }, [focusCard]);

  const setNote = (id: number, note: string | undefined) =>
    setNotes(({ [id]: _old, ...rest }) => (note === undefined ? rest : { ...rest, [id]: note }));

  /** The card leaves its column for `to`'s; both counts change; the move is said aloud. */
  const place = (row: ConsoleApplicantRow, to: ApplicantStage, byKeyboard: boolean) => {
    const target = columns.find((column) => column.stage === to);
    const moved = { ...row, stage: to };
    setColumns((current) =>
      current.map((column) => {
        if (column.stage === row.stage) {
          const items = column.items.filter((item) => item.applicantId !== row.applicantId);
          return { ...column, count: column.count - 1, items };
        }
        if (column.stage === to) {
          return {
            ...column,
            count: column.count + 1,
            items: insertNewestFirst(column.items, moved),
          };
        }
        return column;
      }),
    );
    setNote(row.applicantId, undefined);
    setAnnouncement(
      `${nameOf(row)} moved to ${to}. ${to} now has ${counted((target?.count ?? 0) + 1, APPLICANTS)}.`,
    );
    if (byKeyboard) setFocusCard(row.applicantId);
  };

  const move = (row: ConsoleApplicantRow, to: ApplicantStage, byKeyboard: boolean) => {
    // The stage model's sentence, before asking the server (which says the same on a 409).
    const refusal = stageMoveRefusal(row.stage, to);
    if (refusal) {
      setNote(row.applicantId, refusal);
      setAnnouncement(`${nameOf(row)} was not moved: ${refusal}`);
      return;
    }
    // A rejection takes a reason (and offers a mail): the same dialog as the applicant's page.
    if (to === 'Rejected') {
      setRejecting(row);
      return;
    }
    if (busy.current.has(row.applicantId)) return;
    busy.current.add(row.applicantId);
    applicantsApi.setStage(row.applicantId, to).then(
      (answer) => {
        busy.current.delete(row.applicantId);
        place(row, answer.stage, byKeyboard);
      },
      (failure: unknown) => {
        busy.current.delete(row.applicantId);
        const why = failure instanceof ApiError ? failure.message : 'The stage was not changed.';
        setNote(row.applicantId, why);
        setAnnouncement(`${nameOf(row)} was not moved: ${why}`);
      },
    );
  };

  const showMore = (column: BoardColumn) => {
    setMoreError(null);
    const after = lastSent.current.get(column.stage);
    const query =
      after === undefined ? { stage: column.stage } : { stage: column.stage, after: String(after) };
    pipelineApi.board(jobId, query).then(
      (answer) => {
        const next = answer.columns[0];
        if (!next) return;
        const last = next.items.at(-1)?.applicantId;
        if (last !== undefined) lastSent.current.set(column.stage, last);
        setColumns((current) =>
          current.map((shown) => {
            if (shown.stage !== column.stage) return shown;
            const known = new Set(shown.items.map((item) => item.applicantId));
            const added = next.items.filter((item) => !known.has(item.applicantId));
            return {
              ...shown,
              count: next.count,
              page: next.page,
              items: [...shown.items, ...added],
            };
          }),
        );
      },
      (failure: unknown) =>
        setMoreError(failure instanceof ApiError ? failure.message : 'No more cards were loaded.'),
    );
  };

  const drop = (event: DragEvent<HTMLElement>, to: ApplicantStage) => {
    event.preventDefault();
    setOver(null);
    if (dragged && dragged.stage !== to) move(dragged, to, false);
    setDragged(null);
  };

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {moreError ? <ErrorNote message={moreError} /> : null}
      <p className="rc-muted rc-board__hint">
        Drag a card to another column, or use its “Move to…” button.
      </p>
      <div className="rc-board">
        {columns.map((column) => {
          const refusal =
            dragged && dragged.stage !== column.stage
              ? stageMoveRefusal(dragged.stage, column.stage)
              : undefined;
          const state = !dragged
            ? ''
            : dragged.stage === column.stage
              ? ' is-home'
              : refusal
                ? ' is-refused'
                : ` is-allowed${over === column.stage ? ' is-over' : ''}`;
          const headingId = `column-${column.stage.toLowerCase()}`;
          return (
            <section
              key={column.stage}
              className={`rc-board__column rc-board__column--${column.stage.toLowerCase()}${state}`}
              aria-labelledby={headingId}
              data-stage={column.stage}
              onDragOver={(event) => {
                if (!dragged) return;
                event.preventDefault();
                setOver(column.stage);
              }}
              onDrop={(event) => drop(event, column.stage)}
            >
              <h2 id={headingId} className="rc-board__heading">
                {column.stage}{' '}
                <span className="rc-board__count">
                  {column.count}
                  <span className="visually-hidden"> {pluralOf(column.count, APPLICANTS)}</span>
                </span>
              </h2>
              {dragged && refusal ? (
                <p className="rc-board__refused">Not allowed: {refusal}</p>
              ) : null}
              {column.items.length > 0 ? (
                <ol className="rc-board__cards">
                  {column.items.map((row) => (
                    <Card
                      key={row.applicantId}
                      row={row}
                      jobId={jobId}
                      note={notes[row.applicantId]}
                      dragged={dragged?.applicantId === row.applicantId}
                      onMove={(to) => move(row, to, true)}
                      onDrag={setDragged}
                    />
                  ))}
                </ol>
              ) : (
                <p className="rc-board__empty">No one here.</p>
              )}
              {column.items.length < column.count ? (
                <button
                  type="button"
                  className="button button--secondary rc-board__more"
                  onClick={() => showMore(column)}
                >
                  Show more
                  <span className="visually-hidden"> in {column.stage}</span> (
                  {column.count - column.items.length} not shown)
                </button>
              ) : null}
            </section>
          );
        })}
      </div>
      {rejecting ? (
        <RejectDialog
          applicant={rejecting}
          onClose={() => setRejecting(null)}
          onRejected={() => {
            setRejecting(null);
            place(rejecting, 'Rejected', true);
          }}
        />
      ) : null}
    </>
  );
}

/** An opening's pipeline at a glance (docs/recruiters.md, "The board"). */
export default function BoardPage({ jobId }: { jobId: number }) {
  const [job] = useResource(`job-${jobId}`, (signal) => openingsApi.job(jobId, signal), {
    keepWhileReloading: true,
  });
  const [board, reload] = useResource(`board-${jobId}`, (signal) =>
    pipelineApi.board(jobId, {}, signal),
  );
  const opening = job.status === 'ready' ? job.data : undefined;
  const total =
    board.status === 'ready' ? board.data.columns.reduce((sum, c) => sum + c.count, 0) : 0;
  return (
    <>
      <PageHeading
        title={opening ? `Board · ${opening.code}` : 'Board'}
        actions={
          <>
            <Link className="button button--secondary" to={applicantsOfOpening(jobId)}>
              Applicants list
            </Link>
            <Link className="button button--secondary" to={openingPath(jobId)}>
              Edit opening
            </Link>
          </>
        }
      >
        {opening ? `Board · ${opening.code} · ${opening.title}` : 'Board'}
      </PageHeading>
      <Pending resource={board} what="the board" onRetry={reload} />
      {board.status === 'ready' ? (
        <>
          <p className="rc-count">{counted(total, APPLICANTS)} in all</p>
          <BoardColumns key={jobId} jobId={jobId} board={board.data} />
        </>
      ) : null}
    </>
  );
}
