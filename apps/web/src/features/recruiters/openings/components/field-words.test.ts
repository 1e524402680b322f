import { describe, expect, it } from 'vitest';
import { openingInputSchema } from '@lumenfield/contract';
import { auditDetailWords } from '../../users/audit-words';
import { payErrors } from '../opening-form';
import { fieldSentence } from '../../common/components/fields';

describe("the console's words for errors and the audit log", () => {
  it('says a field error as a sentence that names the field by its label', () => {
    expect(fieldSentence('Title', 'is required')).toBe('Title is required.');
    expect(fieldSentence('Lowest pay', 'must not be more than the highest pay')).toBe(
      'Lowest pay must not be more than the highest pay.',
    );
    // A message that is a sentence already is kept.
    expect(fieldSentence('Lowest pay', 'A pay range is required in Colorado.')).toBe(
      'A pay range is required in Colorado.',
    );
    expect(fieldSentence('Email', '')).toBe('Email is not valid.');
  });

  it("never shows zod's own words: every rule reads as the rest of a sentence", () => {
    const parsed = openingInputSchema.safeParse({ code: 7, title: '', payMin: 'x' });
    expect(parsed.success).toBe(false);
    for (const issue of parsed.error?.issues ?? []) expect(issue.message).toMatch(/^[a-z]/);
  });

  it('names a pay figure that is not a number', () => {
    expect(payErrors({ payMin: '150,000', payMax: '$140k' })).toEqual([
      { field: 'payMin', message: 'must be a number, like 150000' },
      { field: 'payMax', message: 'must be a number, like 150000' },
    ]);
    expect(payErrors({ payMin: '150000', payMax: '' })).toEqual([]);
  });

  it("says an audit row's detail in readable words", () => {
    expect(auditDetailWords('New -> Interview')).toBe('New → Interview');
    expect(auditDetailWords('role admin')).toBe('Role: Admin');
    expect(auditDetailWords('changed payMin, title')).toBe('Changed lowest pay, title');
    expect(auditDetailWords('role recruiter -> admin, password reset')).toBe(
      'Role Recruiter → Admin, password reset',
    );
  });
});
