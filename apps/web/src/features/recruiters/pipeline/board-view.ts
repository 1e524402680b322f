import type { ApplicantStage, Board, BoardColumn, ConsoleApplicantRow } from '@lumenfield/contract';

/**
 * The board as the page shows it: the server's columns, changed in place by each move and each
 * "Show more", and per column the last card the server sent. "Show more" asks for the cards
 * after that one, so a card moved out meanwhile makes none skipped (cards moved in are kept
 * once by their id).
 */
export interface BoardView extends Board {
  lastSent: Partial<Record<ApplicantStage, number>>;
}

export function viewOf(board: Board): BoardView {
  const lastSent: BoardView['lastSent'] = {};
  for (const column of board.columns) {
    const last = column.items.at(-1)?.applicantId;
    if (last !== undefined) lastSent[column.stage] = last;
  }
  return { ...board, lastSent };
}

/** The column's order: newest application first, as the server pages it. */
function insertNewestFirst(items: ConsoleApplicantRow[], row: ConsoleApplicantRow) {
  const later = (item: ConsoleApplicantRow) =>
    item.appliedOn > row.appliedOn ||
    (item.appliedOn === row.appliedOn && item.applicantId > row.applicantId);
  const at = items.findIndex((item) => !later(item));
  return at === -1 ? [...items, row] : [...items.slice(0, at), row, ...items.slice(at)];
}

/** The card leaves its column (`row.stage`) for `to`'s; both counts change. */
export function placed(view: BoardView, row: ConsoleApplicantRow, to: ApplicantStage): BoardView {
  const moved = { ...row, stage: to };
  return {
    ...view,
    columns: view.columns.map((column) => {
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
  };
}

/** A column's next cards added after the ones shown, each card once. */
export function withMore(view: BoardView, next: BoardColumn): BoardView {
  const last = next.items.at(-1)?.applicantId;
  return {
    ...view,
    lastSent: last === undefined ? view.lastSent : { ...view.lastSent, [next.stage]: last },
    columns: view.columns.map((shown) => {
      if (shown.stage !== next.stage) return shown;
      const known = new Set(shown.items.map((item) => item.applicantId));
      const added = next.items.filter((item) => !known.has(item.applicantId));
      return { ...shown, count: next.count, page: next.page, items: [...shown.items, ...added] };
    }),
  };
}
