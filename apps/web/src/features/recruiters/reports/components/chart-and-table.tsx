import type { ComponentProps, ReactNode } from 'react';
import { BarChart } from './report-chart';
import { ListTable, type Column } from '../../common/components/list-table';

/**
 * A report's figures twice: a chart for the eye (when it has one), then the same figures as a
 * table for everyone, in a region the narrowest screen may scroll sideways (focusable, so a
 * keyboard scrolls it too).
 */
export function ChartAndTable({
  chart,
  caption,
  region = `${caption}, the table`,
  columns,
  children,
}: {
  chart?: ComponentProps<typeof BarChart>;
  caption: string;
  /** The scrolling region's name, when the caption does not make a short one. */
  region?: string;
  columns: Column[];
  /** The table's rows. */
  children: ReactNode;
}) {
  return (
    <>
      {chart ? <BarChart {...chart} /> : null}
      <div className="rc-report__scroll" role="region" aria-label={region} tabIndex={0}>
        <ListTable caption={caption} className="rc-report__table" columns={columns}>
          {children}
        </ListTable>
      </div>
    </>
  );
}

/** An opening's row of a report: its figures, in the columns' order after the opening's. */
export interface OpeningRow {
  jobId: number;
  jobTitle: string;
  jobCode: string;
}

/**
 * "By opening": a report's figures per opening, each row headed by the opening's title and
 * code; nothing when the report names no opening.
 */
export function ByOpening<Row extends OpeningRow>({
  caption,
  columns,
  rows,
  cells,
}: {
  caption: string;
  /** The figures' headings, after "Opening". */
  columns: string[];
  rows: readonly Row[];
  cells: (row: Row) => ReactNode[];
}) {
  if (rows.length === 0) return null;
  return (
    <>
      <h3>By opening</h3>
      <ChartAndTable
        caption={caption}
        columns={['Opening', ...columns.map((label) => ({ label, numeric: true as const }))]}
      >
        {rows.map((row) => (
          <tr key={row.jobId}>
            <th scope="row">
              {row.jobTitle} <span className="rc-sub">{row.jobCode}</span>
            </th>
            {cells(row).map((cell, i) => (
              <td key={i} className="rc-num">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </ChartAndTable>
    </>
  );
}
