/**
 * Control characters (Unicode Cc: C0, DEL, C1) have no place in names, e-mails or job fields,
 * and PostgreSQL refuses NUL in text outright. These keep them out of the database.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_BREAKS_AND_TABS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * What XML 1.0 forbids in text: C0 controls but tab and line breaks, the non-characters U+FFFE
 * and U+FFFF, and a surrogate that is not half of a pair. The feed, the sitemap and JSON-LD
 * are made only of text without them; this is the one statement of that rule.
 */
const NOT_XML_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function hasControlCharacters(text: string): boolean {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text);
}

/**
 * The text without control characters, nor anything else XML forbids (stored text reaches the
 * feed and the sitemap); `multiline` keeps tabs and line breaks (HTML bodies).
 */
export function stripControlCharacters(text: string, multiline = false): string {
  return xmlSafeText(text.replace(multiline ? CONTROL_BUT_LINE_BREAKS_AND_TABS : CONTROL, ''));
}

/** The text without the characters XML 1.0 forbids (tabs and line breaks stay). */
export function xmlSafeText(text: string): string {
  return text.replace(NOT_XML_TEXT, '');
}

/** `value` with every string in it made XML-safe: JSON-LD built from stored text. */
export function xmlSafeStrings<T>(value: T): T {
  if (typeof value === 'string') return xmlSafeText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => xmlSafeStrings(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, xmlSafeStrings(item as unknown)]),
    ) as T;
  }
  return value;
}
