/**
 * RFC 4180 CSV that is safe to open in a spreadsheet: a cell that starts like a formula
 * (= + - @, tab or carriage return) is prefixed with an apostrophe so it stays text.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (cells: readonly unknown[]) =>
    cells.map((c) => csvCell(c as string | number | null | undefined)).join(',');
  return [line(header), ...rows.map(line)].join('\r\n') + '\r\n';
}
