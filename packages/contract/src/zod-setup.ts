import { z } from 'zod';

// Every schema module takes `z` from here, so this runs before any schema is built. In
// browsers our CSP forbids eval: zod's `new Function` probe would be reported as a CSP
// violation, so schemas there are built jitless. Node keeps the faster compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

// Field errors are shown to recruiters beside their field ("Job title: is required"), so the
// length rules read as sentences; a schema's own message still wins.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
    if (issue.origin !== 'string') return undefined;
    if (issue.code === 'too_small') {
      return Number(issue.minimum) <= 1
        ? 'is required'
        : `must be at least ${String(issue.minimum)} characters`;
    }
    if (issue.code === 'too_big') return `must be at most ${String(issue.maximum)} characters`;
    return undefined;
  },
});

export { z };
