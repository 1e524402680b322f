import { describe, expect, it } from 'vitest';
import { errorTarget, resumeKind, typedValue } from './application-form';

describe('resumeKind (the page judges by name, and by MIME type when the browser knows it)', () => {
  it.each([
    ['cv.pdf', 'application/pdf', 'pdf'],
    ['cv.doc', 'application/msword', 'doc'],
    ['cv.DOCX', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['cv.doc', '', 'doc'],
    ['cv.docx', 'application/octet-stream', 'docx'],
    ['cv.pdf', 'image/png', null],
    ['cv.docx', 'application/pdf', null],
    ['photo.png', 'image/png', null],
    ['cv', 'application/pdf', null],
  ])('%s (%s) -> %s', (name, type, kind) => {
    expect(resumeKind({ name, type })).toBe(kind);
  });
});

describe('errorTarget (where a server field error is shown)', () => {
  it.each([
    ['email', 'email'],
    ['mobileNumber', 'mobileNumber'],
    ['countryId', 'countryId'],
    ['stateId', 'stateId'],
    ['resume', 'resume'],
    ['answers.years', 'answers.years'],
    ['locationIndex', 'form'],
    ['referredBy', 'referredBy'],
    // The old wire's names are not the site's: atop the form, never beside a field by guess.
    ['CountyID', 'form'],
    ['Email', 'form'],
    ['toString', 'form'],
  ])('%s -> %s', (field, target) => {
    expect(errorTarget(field)).toBe(target);
  });
});

describe('typedValue', () => {
  it('drops leading spaces of the first name only', () => {
    expect(typedValue('firstName', '  Ana ')).toBe('Ana ');
    expect(typedValue('lastName', '  Okafor')).toBe('  Okafor');
  });
});
