import { describe, expect, it } from 'vitest';
import { fillPlaceholders, placeholderProblem, usesStatusLink } from './messages';

describe('message placeholders', () => {
  it('knows its own placeholders, with or without spaces inside', () => {
    expect(placeholderProblem('Dear {{firstName}} {{ lastName }}, {{companyName}}')).toBe(
      undefined,
    );
    expect(placeholderProblem('No placeholder at all.')).toBe(undefined);
  });

  it('names the first unknown placeholder and lists the known ones', () => {
    expect(placeholderProblem('Hi {{fistName}} and {{other}}')).toBe(
      '{{fistName}} is not a placeholder we know: use one of {{firstName}}, {{lastName}}, {{jobTitle}}, {{jobCode}}, {{statusLink}}, {{companyName}}.',
    );
    expect(placeholderProblem('{{}}')).toMatch(/^\{\{\}\} is not a placeholder we know/);
  });

  it('refuses a placeholder that is opened and not closed, or closed and not opened', () => {
    expect(placeholderProblem('About {{jobTitle and more')).toMatch(
      /^“\{\{jobTitle” starts a placeholder that is not closed/,
    );
    expect(placeholderProblem('About jobTitle}} here')).toMatch(/^“\}\}” closes a placeholder/);
  });

  it('fills every placeholder and says when a status link is asked for', () => {
    const facts = {
      firstName: 'Noor',
      lastName: 'Haddad',
      jobTitle: 'Data Engineer',
      jobCode: 'DE-1',
      statusLink: 'https://example.com/applications/x',
      companyName: 'Lumenfield',
    };
    expect(
      fillPlaceholders('{{firstName}} {{ lastName }}: {{jobTitle}} ({{jobCode}})', facts),
    ).toBe('Noor Haddad: Data Engineer (DE-1)');
    expect(usesStatusLink('Hello', 'See {{ statusLink }}')).toBe(true);
    expect(usesStatusLink('Hello', 'No link')).toBe(false);
  });
});
