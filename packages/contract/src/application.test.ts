import { describe, expect, it } from 'vitest';
import {
  applicationMessages as m,
  normaliseApplicant,
  resumeKindFromName,
  validateApplication,
  type ApplicantFields,
  type ResumeFacts,
} from './application';
import { MAX_RESUME_BYTES } from './constants';

const goodFields: ApplicantFields = {
  FirstName: 'Ana María',
  LastName: 'Okafor',
  City: 'Quezon City',
  Email: 'ana@example.com',
  MobileNumber: '5550101234',
  CountyID: 608,
  StateID: 12,
};
const goodResume: ResumeFacts = { chosen: true, kind: 'pdf', size: 2048, hasContent: true };
const first = (fields: Partial<ApplicantFields>, resume: Partial<ResumeFacts> = {}) =>
  validateApplication({ ...goodFields, ...fields }, { ...goodResume, ...resume })[0]?.message;

describe('validateApplication', () => {
  it('accepts a complete application', () => {
    expect(validateApplication(goodFields, goodResume)).toEqual([]);
  });

  it.each([
    ['no resume', {}, { chosen: false, kind: null, size: 0, hasContent: false }, m.resumeMissing],
    ['wrong type', {}, { kind: null }, m.resumeType],
    ['too large', {}, { size: MAX_RESUME_BYTES + 1 }, m.resumeSize],
    ['first name digits', { FirstName: 'Ann3' }, {}, m.firstName],
    ['first name empty', { FirstName: '' }, {}, m.firstName],
    ['last name symbols', { LastName: 'O$' }, {}, m.lastName],
    ['city digits', { City: '90210' }, {}, m.city],
    ['email', { Email: 'ana@' }, {}, m.email],
    ['mobile short', { MobileNumber: '555010123' }, {}, m.mobile],
    ['mobile letters', { MobileNumber: '555010123x' }, {}, m.mobile],
    ['country', { CountyID: 0 }, {}, m.country],
    ['state', { StateID: null }, {}, m.state],
    ['empty file', {}, { hasContent: false }, m.attachment],
  ] as const)('%s -> its message', (_, fields, resume, message) => {
    expect(first(fields, resume)).toBe(message);
  });

  it('lists every failure in spec order', () => {
    const errors = validateApplication(
      { ...goodFields, FirstName: '1', Email: 'x', CountyID: null, StateID: null },
      { chosen: true, kind: 'docx', size: MAX_RESUME_BYTES + 1, hasContent: true },
    );
    expect(errors.map((e) => e.message)).toEqual([
      m.resumeSize,
      m.firstName,
      m.email,
      m.country,
      m.state,
    ]);
  });

  it('accepts exactly 5 MB and letters of any script', () => {
    expect(
      first({ FirstName: '李 小龍', LastName: 'عمر', City: 'Zürich' }, { size: MAX_RESUME_BYTES }),
    ).toBe(undefined);
  });

  it('trims text fields before the rules run', () => {
    const fields = normaliseApplicant({
      ...goodFields,
      FirstName: '  Ana ',
      MobileNumber: ' 5550101234 ',
    });
    expect(fields.FirstName).toBe('Ana');
    expect(validateApplication(fields, goodResume)).toEqual([]);
  });
});

describe('resumeKindFromName', () => {
  it.each([
    ['cv.PDF', 'pdf'],
    ['cv.doc', 'doc'],
    ['cv.final.docx', 'docx'],
    ['cv.png', null],
    ['pdf', null],
  ])('%s -> %s', (name, kind) => {
    expect(resumeKindFromName(name)).toBe(kind);
  });
});
