import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  counted,
  pluralOf,
  consoleStageChoices,
  stageMoveRefusal,
  type ApplicantStage,
  type ConsoleApplicantRow,
} from '@lumenfield/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@lumenfield/page-kit';
import { boardQuery, placeOnBoard, useMoveCard, useMovingCards, useShowMore } from '../api';
import type { BoardView } from '../board-view';
import { jobQuery } from '../../openings/api';
import { failureText } from '../../common/api/query-client';
import { RejectDialog } from '../../messages/components/reject-dialog';
import { applicantInList } from '../../applicants/applicant-sort';
import { addCandidatePath, applicantsOfOpening, isStaff, openingPath } from '../../common/routes';
import { useSession } from '../../common/session';
import { ErrorNote, Pending } from '../../common/components/status';
import { PageHeading } from '../../common/components/page-heading';
import { When } from '../../common/components/when';
import './board.css';

const nameOf = (row: ConsoleApplicantRow) => `${row.firstName} ${row.lastName}`;
const APPLICANTS = ['applicant', 'applicants'] as const;

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

/** The columns as cached (pipeline/board-view.ts), changed in place by each move and "Show more". */
function BoardColumns({ jobId, view }: { jobId: number; view: BoardView }) {
  const { columns } = view;
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<ConsoleApplicantRow | null>(null);
  const [over, setOver] = useState<ApplicantStage | null>(null);
  const [rejecting, setRejecting] = useState<ConsoleApplicantRow | null>(null);
  // A card moved by keyboard lands in another column: focus follows it to its "Move to…".
  const [focusCard, setFocusCard] = useState<{ id: number; stage: ApplicantStage } | null>(null);

  const setNote = (id: number, note: string | undefined) =>
    setNotes(({ [id]: _old, ...rest }) => (note === undefined ? rest : { ...rest, [id]: note }));

  const refused = (row: ConsoleApplicantRow, why: string) => {
    setNote(row.applicantId, why);
    setAnnouncement(`${nameOf(row)} was not moved: ${why}`);
  };
  const moving = useMoveCard(jobId, ({ row }, failure) => {
    refused(row, failureText(failure, 'The stage was not changed.'));
    // Back in its column: the focus goes with it, as it went with the move.
    const focused = document.getElementById(`card-${row.applicantId}`);
    const hadFocus = focused?.contains(document.activeElement) ?? false;
    setFocusCard((shown) =>
      hadFocus || shown?.id === row.applicantId ? { id: row.applicantId, stage: row.stage } : shown,
    );
  });
  const movingCards = useMovingCards(jobId);
  const showMore = useShowMore(jobId);

  // The card is found in its new column once the cache has it there.
  useEffect(() => {
    if (focusCard === null) return;
    const toggle = document.querySelector<HTMLElement>(
      `[data-stage="${focusCard.stage}"] #card-${focusCard.id} .rc-move__toggle`,
    );
    if (!toggle) return;
    toggle.focus();
    setFocusCard(null);
  }, [focusCard, view]);

  /** The move is said aloud, and the focus follows a card moved by keyboard. */
  const said = (row: ConsoleApplicantRow, to: ApplicantStage, byKeyboard: boolean) => {
    const target = columns.find((column) => column.stage === to);
    setNote(row.applicantId, undefined);
    setAnnouncement(
      `${nameOf(row)} moved to ${to}. ${to} now has ${counted((target?.count ?? 0) + 1, APPLICANTS)}.`,
    );
    if (byKeyboard) setFocusCard({ id: row.applicantId, stage: to });
  };

  const move = (row: ConsoleApplicantRow, to: ApplicantStage, byKeyboard: boolean) => {
    // The stage model's sentence, before asking the server (which says the same on a 409).
    const refusal = stageMoveRefusal(row.stage, to);
    if (refusal) {
      refused(row, refusal);
      return;
    }
    // A rejection takes a reason (and offers a mail): the same dialog as the applicant's page,
    // for a hiring manager as for the staff.
    if (to === 'Rejected') {
      setRejecting(row);
      return;
    }
    if (movingCards.includes(row.applicantId)) return;
    said(row, to, byKeyboard);
    moving.mutate({ row, to });
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
      {showMore.isError ? (
        <ErrorNote message={failureText(showMore.error, 'No more cards were loaded.')} />
      ) : null}
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
                  onClick={() =>
                    showMore.mutate({ stage: column.stage, after: view.lastSent[column.stage] })
                  }
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
            placeOnBoard(queryClient, jobId, rejecting, 'Rejected');
            said(rejecting, 'Rejected', true);
          }}
        />
      ) : null}
    </>
  );
}

/** An opening's pipeline at a glance (docs/recruiters.md, "The board"). */
export default function BoardPage({ jobId }: { jobId: number }) {
  const staff = isStaff(useSession().user.role);
  const job = useQuery(jobQuery(jobId));
  const board = useQuery(boardQuery(jobId));
  const opening = job.data;
  const total = board.isSuccess ? board.data.columns.reduce((sum, c) => sum + c.count, 0) : 0;
  return (
    <>
      <PageHeading
        title={opening ? `Board · ${opening.code}` : 'Board'}
        actions={
          <>
            {staff ? (
              <Link className="button button--secondary" to={addCandidatePath(jobId)}>
                Add candidate
              </Link>
            ) : null}
            <Link className="button button--secondary" to={applicantsOfOpening(jobId)}>
              Applicants list
            </Link>
            <Link className="button button--secondary" to={openingPath(jobId)}>
              {staff ? 'Edit opening' : 'Opening'}
            </Link>
          </>
        }
      >
        {opening ? `Board · ${opening.code} · ${opening.title}` : 'Board'}
      </PageHeading>
      <Pending query={board} what="the board" />
      {board.isSuccess ? (
        <>
          <p className="rc-count">{counted(total, APPLICANTS)} in all</p>
          <BoardColumns key={jobId} jobId={jobId} view={board.data} />
        </>
      ) : null}
    </>
  );
}
