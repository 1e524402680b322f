import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  consoleStageChoices,
  stageMoveRefusal,
  type ApplicantStage,
  type ConsoleApplicantRow,
} from '@lumenfield/contract';
import { Link } from '@/lib/router';
import { applicantInList } from '../../applicants/applicant-sort';
import { When } from '../../shared/components/when';

export const nameOf = (row: ConsoleApplicantRow) => `${row.firstName} ${row.lastName}`;

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

export function Card({
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
