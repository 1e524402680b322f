import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  counted,
  pluralOf,
  consoleStageChoices,
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
import { RejectDialog } from '../../messages/components/reject-dialog';
import { applicantInList } from '../../applicants/applicant-sort';
import { applicantsOfOpening, openingPath } from '../../shared/routes';
import { ErrorNote, Pending } from '../../shared/components/status';
import { PageHeading } from '../../shared/components/page-heading';
import { When } from '../../shared/components/when';
import './board.css';

const nameOf = (row: ConsoleApplicantRow) => `${row.firstName} ${row.lastName}`;
const APPLICANTS = ['applicant', 'applicants'] as const;

/** The column's order: newest application first, as the server pages it. */
function insertNewestFirst(items: ConsoleApplicantRow[], row: ConsoleApplicantRow) {
  const later = (item: ConsoleApplicantRow) =>
    item.appliedOn > row.appliedOn ||
    (item.appliedOn === row.appliedOn && item.applicantId > row.applicantId);
  const at = items.findIndex((item) => !later(item));
  return at === -1 ? [...items, row] : [...items.slice(0, at), row, ...items.slice(at)];
}

/**
 * A card's "Move to…": every stage but its own, the ones the stage model refuses marked so
 * (choosing one says why). The keyboard's whole path: Tab to it, Enter, arrows, Enter; Esc
 * closes the list.
 */
function MoveMenu({
  row,
  onMove,
}: {
  row: ConsoleApplicantRow;
  onMove: (to: ApplicantStage) => void;
}) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = `move-${row.applicantId}`;
  const choices = consoleStageChoices(row.stage).filter((to) => to !== row.stage);
  useEffect(() => {
    if (open) list.current?.querySelector('button')?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const keys = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (step !== undefined) {
      event.preventDefault();
      buttons[(at + step + buttons.length) % buttons.length]?.focus();
    }
  };
  return (
    <div className="rc-move">
      <button
        ref={toggle}
        type="button"
        className="rc-move__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        Move <span className="visually-hidden">{nameOf(row)} </span>to…
      </button>
      {open ? (
        <ul ref={list} id={listId} className="rc-move__list" onKeyDown={keys}>
          {choices.map((to) => {
            const refused = stageMoveRefusal(row.stage, to) !== undefined;
            return (
              <li key={to}>
                <button
                  type="button"
                  aria-disabled={refused || undefined}
                  className={refused ? 'is-refused' : undefined}
                  onClick={() => {
                    // Focus goes back to "Move to…" (and follows the card if it moves).
                    close();
                    onMove(to);
                  }}
                >
                  {to}
                  {refused ? <span className="rc-move__why"> · not allowed</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function Card({
  row,
  jobId,
  note,
  dragged,
  onMove,
  onDrag,
}: {
  row: ConsoleApplicantRow;
  jobId: number;
  note: string | undefined;
  dragged: boolean;
  onMove: (to: ApplicantStage) => void;
  onDrag: (row: ConsoleApplicantRow | null) => void;
}) {
  const noteId = `card-note-${row.applicantId}`;
  const start = (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.setData('text/plain', String(row.applicantId));
    event.dataTransfer.effectAllowed = 'move';
    onDrag(row);
  };
  return (
    <li
      id={`card-${row.applicantId}`}
      className={`rc-board__card${dragged ? ' is-dragged' : ''}`}
      draggable
      onDragStart={start}
      onDragEnd={() => onDrag(null)}
      data-applicant-id={row.applicantId}
      aria-describedby={note ? noteId : undefined}
    >
      {/* Opened from the board, the applicant's page walks this column (next, previous). */}
      <Link
        className="rc-board__name"
        to={applicantInList(row.applicantId, { jobId: String(jobId), stage: row.stage })}
        draggable={false}
      >
        {nameOf(row)}
      </Link>
      <span className="rc-sub">
        Applied <When iso={row.appliedOn} withTime={false} />
      </span>
      {row.doesNotMeet.length > 0 ? (
        <span className="rc-flag rc-board__flag" title={row.doesNotMeet.join('; ')}>
          Does not meet: {row.doesNotMeet.join(', ')}
        </span>
      ) : null}
      {row.possibleDuplicate ? (
        <span className="rc-flag rc-flag--duplicate rc-board__flag">Possible duplicate</span>
      ) : null}
      {note ? (
        <p id={noteId} className="rc-board__note">
          {note}
        </p>
      ) : null}
      <MoveMenu row={row} onMove={onMove} />
    </li>
  );
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
