import { z } from 'zod';

// Every schema module takes `z` from here, so this runs before any schema is built. In
// browsers our CSP forbids eval: zod's `new Function` probe would be reported as a CSP
// violation, so schemas there are built jitless. Node keeps the faster compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

// Field errors are shown to recruiters beside their field, as a sentence that starts with the
// field's label ("Title is required."; the console's FieldFrame makes it): so every rule reads
// as the rest of such a sentence, in plain words, never zod's own ("Invalid input: expected
// number, received string"). A schema's own message still wins.
const KINDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  date: 'a date',
};
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return 'is required';
        return `must be ${KINDS[issue.expected] ?? 'of another kind'}`;
      case 'invalid_value':
        return 'is not one of the choices';
      case 'invalid_format':
        if (issue.format === 'email') return 'must be an e-mail address';
        if (issue.format === 'url') return 'must be a web address';
        if (issue.format === 'date' || issue.format === 'datetime') return 'must be a date';
        return 'is not in the form it takes';
      case 'too_small':
        if (issue.origin === 'string')
          return Number(issue.minimum) <= 1
            ? 'is required'
            : `must be at least ${String(issue.minimum)} characters`;
        if (issue.origin === 'array')
          return Number(issue.minimum) <= 1
            ? 'needs at least one'
            : `needs at least ${String(issue.minimum)}`;
        return `must be at least ${String(issue.minimum)}`;
      case 'too_big':
        if (issue.origin === 'string') return `must be at most ${String(issue.maximum)} characters`;
        if (issue.origin === 'array') return `may have at most ${String(issue.maximum)}`;
        return `must be at most ${String(issue.maximum)}`;
      case 'not_multiple_of':
        return Number(issue.divisor) === 1
          ? 'must be a whole number'
          : `must be a multiple of ${String(issue.divisor)}`;
      case 'unrecognized_keys':
        return `has a part that is not known (${issue.keys.join(', ')})`;
      default:
        return 'is not valid';
    }
  },
});

export { z };
