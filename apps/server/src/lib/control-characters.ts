/**
 * Control characters (Unicode Cc: C0, DEL, C1) have no place in names, e-mails or job fields,
 * and PostgreSQL refuses NUL in text outright. These keep them out of the database.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_BREAKS_AND_TABS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function hasControlCharacters(text: string): boolean {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text);
}

/** The text without control characters; `multiline` keeps tabs and line breaks (HTML bodies). */
export function stripControlCharacters(text: string, multiline = false): string {
  return text.replace(multiline ? CONTROL_BUT_LINE_BREAKS_AND_TABS : CONTROL, '');
}
