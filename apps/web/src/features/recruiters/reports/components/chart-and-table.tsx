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
