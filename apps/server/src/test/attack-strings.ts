/** Hostile inputs every query parameter and file name must shrug off. */
export const sqlInjectionStrings = [
  "0' OR '1'='1",
  '1; DROP TABLE jobs; --',
  "1' UNION SELECT content FROM attachments --",
  '1 OR 1=1',
] as const;

export const pathTraversalStrings = [
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd',
] as const;

export const hostileStrings = [...sqlInjectionStrings, ...pathTraversalStrings] as const;

/** A description whose second link a sanitiser once left open, so it covered the page. */
export const UNBALANCED_LINK_DESCRIPTION =
  '<p>Intro <a href="//x">a</a> <a href="https://evil.example/phish">Apply now</a></p><p>rest</p>';

/** What the sanitiser before parse5 stored for it: an <a> whose href it dropped. */
export const UNBALANCED_LINK_STORED_BEFORE =
  '<p>Intro <a rel="noopener noreferrer nofollow" target="_blank">a</a> ' +
  '<a href="https://evil.example/phish" rel="noopener noreferrer nofollow" target="_blank">' +
  'Apply now</a></p><p>rest</p>';

/** Both, once sanitised: the second link closed where it was closed, the first one text. */
export const UNBALANCED_LINK_SANITISED =
  '<p>Intro a <a href="https://evil.example/phish" rel="noopener noreferrer nofollow" ' +
  'target="_blank">Apply now</a></p><p>rest</p>';
