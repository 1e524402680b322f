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
