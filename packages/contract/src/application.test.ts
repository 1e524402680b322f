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
import { isMobileNumber } from './phone';
import { adminApplicantSchema, applicationPayloadSchema } from './legacy/application';

const goodFields: ApplicantFields = {
  firstName: 'Ana María',
  lastName: 'Okafor',
  city: 'Quezon City',
  email: 'ana@example.com',
  mobileNumber: '5550101234',
  countryId: 608,
  stateId: 12,
};
const goodResume: ResumeFacts = { chosen: true, kind: 'pdf', size: 2048, hasContent: true };
const first = (fields: Partial<ApplicantFields>, resume: Partial<ResumeFacts> = {}) =>
  validateApplication({ ...goodFields, ...fields }, { ...goodResume, ...resume }, isMobileNumber)[0]
    ?.message;

describe('validateApplication', () => {
  it('accepts a complete application', () => {
    expect(validateApplication(goodFields, goodResume, isMobileNumber)).toEqual([]);
  });

  it.each([
    ['no resume', {}, { chosen: false, kind: null, size: 0, hasContent: false }, m.resumeMissing],
    ['wrong type', {}, { kind: null }, m.resumeType],
    ['too large', {}, { size: MAX_RESUME_BYTES + 1 }, m.resumeSize],
    ['first name digits', { firstName: 'Ann3' }, {}, m.firstName],
    ['first name empty', { firstName: '' }, {}, m.firstName],
    ['last name symbols', { lastName: 'O$' }, {}, m.lastName],
    ['last name underscore', { lastName: 'Cruz_' }, {}, m.lastName],
    ['first name punctuation only', { firstName: "-'." }, {}, m.firstName],
    ['city digits', { city: '90210' }, {}, m.city],
    ['email', { email: 'ana@' }, {}, m.email],
    ['mobile five digits', { mobileNumber: '55501' }, {}, m.mobile],
    ['mobile letters', { mobileNumber: '555010123x' }, {}, m.mobile],
    ['country', { countryId: 0 }, {}, m.country],
    ['state', { stateId: null }, {}, m.state],
    ['empty file', {}, { hasContent: false }, m.attachment],
  ] as const)('%s -> its message', (_, fields, resume, message) => {
    expect(first(fields, resume)).toBe(message);
  });

  it('lists every failure in spec order', () => {
    const errors = validateApplication(
      { ...goodFields, firstName: '1', email: 'x', countryId: null, stateId: null },
      { chosen: true, kind: 'docx', size: MAX_RESUME_BYTES + 1, hasContent: true },
      isMobileNumber,
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
      first({ firstName: '李 小龍', lastName: 'عمر', city: 'Zürich' }, { size: MAX_RESUME_BYTES }),
    ).toBe(undefined);
  });

  it.each([
    ['Anne-Marie', "O'Brien", 'St. Louis'],
    ['Jean-Luc', 'O’Neill', 'Saint-Étienne'],
    ['Thị Ánh', 'Nguyễn-Đặng', 'Hà Nội'],
    ['देवी', 'प्रसाद-शर्मा', 'पुणे'],
    ['Анна-Мария', 'Д’Арк', 'Санкт-Петербург'],
  ])('accepts %s %s of %s: hyphens, apostrophes and periods', (firstName, lastName, city) => {
    expect(first({ firstName, lastName, city })).toBe(undefined);
  });

  it('trims text fields before the rules run', () => {
    const fields = normaliseApplicant({
      ...goodFields,
      firstName: '  Ana ',
      mobileNumber: ' 5550101234 ',
    });
    expect(fields.firstName).toBe('Ana');
    expect(validateApplication(fields, goodResume, isMobileNumber)).toEqual([]);
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

describe('the wire names of an application (legacy/application.ts)', () => {
  it('are the field names capitalised, but for the old client’s own spellings', () => {
    expect(Object.keys(applicationPayloadSchema.shape)).toEqual([
      'FirstName',
      'LastName',
      'MobileNumber',
      'City',
      'Email',
      'Experience',
      'CountyID',
      'StateID',
      'ReferredBy',
      'Answers',
      'LocationIndex',
      'RemoteCountry',
      'AttachmentHeader',
    ]);
    expect(Object.keys(adminApplicantSchema.shape)).toEqual([
      'ApplicantID',
      'FirstName',
      'LastName',
      'Email',
      'MobileNumber',
      'City',
      'CountyID',
      'StateID',
      'Experience',
      'ReferredBy',
      'AppliedOn',
      'AttachmentGuid',
      'AttachmentName',
      'AttachmentSize',
      'AttachmentSha256',
      // The answers, each with its question as asked (docs/recruiters.md "Questions").
      'Answers',
      // The same person's other applications, by id (docs/recruiters.md "Duplicates").
      'PossibleDuplicates',
      'SamePerson',
    ]);
  });
});
