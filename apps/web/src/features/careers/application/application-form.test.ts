import { describe, expect, it } from 'vitest';
import { resumeKind, typedValue } from './application-form';
import { errorTarget } from '../legacy/application-payload';

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
    ['Email', 'email'],
    ['mobilenumber', 'mobileNumber'],
    ['CountyID', 'countryId'],
    ['AttachmentHeader.AttachmentDetails.0.FileContent', 'resume'],
    ['CountryID', 'countryId'],
    ['State', 'stateId'],
    ['jobID', 'form'],
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
