import type { ChartSeries } from './report-chart';

/** The reports' numbers as the tables show them: whole, and to one decimal. */
export const number = new Intl.NumberFormat('en-US');
export const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A chart of one count per row. */
export const ONE: readonly ChartSeries[] = [{ label: 'Count', tone: 'accent' }];
