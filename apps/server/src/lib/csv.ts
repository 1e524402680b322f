/**
 * Marks a spreadsheet may pass over before it reads a formula: white space (any Unicode space),
 * format characters (zero-width space and joiners, the byte-order mark, LRM/RLM and the other
 * bidirectional marks, the soft hyphen) and control characters.
 */
const INVISIBLE_LEAD = /^[\s\p{Zs}\p{Cf}\p{Cc}]+/u;

/** Signs that start a formula, once NFKC has folded full-width, small and raised forms. */
const FORMULA_SIGN = /^[=+\-@]/;

/** Minus and dash look-alikes NFKC leaves as they are (U+2212 minus, dashes, heavy signs). */
const SIGN_LOOK_ALIKE = /^[\u02d7\u2010-\u2015\u2212\u2795\u2796\u2e3a\u2e3b\ufe58]/u;

/**
 * Whether a spreadsheet could read `text` as a formula: it starts with a tab or carriage
 * return, or its first visible character is = + - @ or one of their look-alikes (＝ ＋ － ＠,
 * ﹦ ﹢ ﹣ ﹫, ⁼ ⁺, −), whatever invisible marks come before it.
 */
export function startsLikeFormula(text: string): boolean {
  if (/^[\t\r]/.test(text)) return true;
  const first = Array.from(text.replace(INVISIBLE_LEAD, ''))[0];
  if (first === undefined) return false;
  return FORMULA_SIGN.test(first.normalize('NFKC')) || SIGN_LOOK_ALIKE.test(first);
}

/**
 * RFC 4180 CSV that is safe to open in a spreadsheet: a cell that starts like a formula
 * (startsLikeFormula) is prefixed with an apostrophe so it stays text.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && startsLikeFormula(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record of the CSV, with its line end (CRLF, as RFC 4180 has it). */
export function csvLine(cells: readonly unknown[]): string {
  return cells.map((c) => csvCell(c as string | number | null | undefined)).join(',') + '\r\n';
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return csvLine(header) + rows.map(csvLine).join('');
}
