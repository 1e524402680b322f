import { useEffect, useRef, useState } from 'react';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { ApplicantStage } from '@lumenfield/contract';

/** A bar's colour, as its class (reports.css). */
type ChartTone = 'accent' | 'navy' | 'sand' | 'teal' | 'muted';

/** One series of bars: its name in the legend and its colour. */
export interface ChartSeries {
  label: string;
  tone: ChartTone;
}

/** Every stage's colour where a chart draws stages as series: a new stage must be given one. */
const STAGE_TONES = {
  New: 'muted',
  Screening: 'teal',
  Interview: 'accent',
  Offer: 'navy',
  Hired: 'sand',
  Rejected: 'muted',
  Withdrawn: 'muted',
} satisfies Record<ApplicantStage, ChartTone>;

/** A series per stage, in the order given, named by the stage. */
export const stageSeries = (stages: readonly ApplicantStage[]): readonly ChartSeries[] =>
  stages.map((stage) => ({ label: stage, tone: STAGE_TONES[stage] }));

/** One row of the chart: its label, a value per series (null: no figure) and their texts. */
export interface ChartRow {
  label: string;
  values: readonly (number | null)[];
  texts: readonly string[];
}

const LABEL_LINE = 20;
const BAR = 16;
const BAR_GAP = 4;
const ROW_GAP = 14;
const VALUE_ROOM = 96;

/** The width of `ref`'s element, followed as it changes (0 until measured). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Horizontal bars, a group per row with its label above it, drawn as SVG with visx (no style
 * attribute: colours come from classes, so the console's CSP holds). The chart is a picture for
 * the eye; the table beside it carries the same figures for everyone (docs/recruiters.md).
 */
export function BarChart({
  title,
  rows,
  series,
  max,
}: {
  /** What the chart shows, for its accessible name. */
  title: string;
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  /** The value a full-width bar stands for (by default the largest value). */
  max?: number;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const largest = Math.max(0, ...rows.flatMap((row) => row.values.map((v) => v ?? 0)));
  const domainMax = max ?? (largest > 0 ? largest : 1);
  const barsWidth = Math.max(40, width - VALUE_ROOM);
  const x = scaleLinear<number>({ domain: [0, domainMax], range: [0, barsWidth] });
  const groupHeight = LABEL_LINE + series.length * (BAR + BAR_GAP) + ROW_GAP;
  const height = rows.length * groupHeight;
  return (
    <div className="rc-chart" ref={ref}>
      {series.length > 1 ? (
        <ul className="cluster rc-chart__legend" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label}>
              <span className={`rc-chart__swatch rc-chart--${s.tone}`} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      {width > 0 ? (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={`${title}: a chart; the table below has the same figures.`}
        >
          {rows.map((row, index) => (
            <Group key={row.label} top={index * groupHeight}>
              <text className="rc-chart__label" x={0} y={14}>
                {row.label}
              </text>
              {series.map((s, k) => {
                const value = row.values[k] ?? null;
                const barWidth = value === null ? 0 : Math.max(value > 0 ? 2 : 0, x(value));
                const top = LABEL_LINE + k * (BAR + BAR_GAP);
                return (
                  <Group key={s.label} top={top}>
                    <rect className="rc-chart__track" x={0} y={0} width={barsWidth} height={BAR} />
                    <Bar
                      className={`rc-chart__bar rc-chart--${s.tone}`}
                      x={0}
                      y={0}
                      width={barWidth}
                      height={BAR}
                    />
                    <text className="rc-chart__value" x={barsWidth + 8} y={BAR - 3}>
                      {row.texts[k]}
                    </text>
                  </Group>
                );
              })}
            </Group>
          ))}
        </svg>
      ) : null}
    </div>
  );
}
