import { describe, expect, it } from 'vitest';
import { applicationMessages, applicationRules } from './application';
import { APPLIED_SUCCESSFULLY } from './constants';

/**
 * The product spec's messages, copied here letter for letter and nowhere else: every other test
 * asserts through the constants, so only this one catches a typo in a constant.
 */
const SPEC = {
  resumeMissing: 'Please select your Resume.',
  resumeType: 'Please upload a PDF or Word document.',
  resumeSize: 'File size exceeds 5 MB limit.',
  firstName: 'Please enter a valid First Name (only characters)',
  lastName: 'Please enter a valid Last Name (only characters)',
  city: 'Please enter a valid City (only characters)',
  email: 'Please enter a valid email address',
  mobile: 'Mobile number should be 10 digits and contain only numbers.',
  country: 'Please select a country',
  state: 'Please select a state',
  attachment: 'Please select a resume',
  applied: 'Applied Successfully!',
} as const;

describe("the product spec's messages", () => {
  it.each([
    [applicationMessages.resumeMissing, SPEC.resumeMissing],
    [applicationMessages.resumeType, SPEC.resumeType],
    [applicationMessages.resumeSize, SPEC.resumeSize],
    [applicationMessages.firstName, SPEC.firstName],
    [applicationMessages.lastName, SPEC.lastName],
    [applicationMessages.city, SPEC.city],
    [applicationMessages.email, SPEC.email],
    [applicationMessages.mobile, SPEC.mobile],
    [applicationMessages.country, SPEC.country],
    [applicationMessages.state, SPEC.state],
    [applicationMessages.attachment, SPEC.attachment],
    [APPLIED_SUCCESSFULLY, SPEC.applied],
  ])('the code says %j', (ours, spec) => {
    expect(ours).toBe(spec);
  });

  it('checks the application in the spec’s order, one message per rule', () => {
    expect(applicationRules.map((rule) => rule.message)).toEqual([
      SPEC.resumeMissing,
      SPEC.resumeType,
      SPEC.resumeSize,
      SPEC.firstName,
      SPEC.lastName,
      SPEC.city,
      SPEC.email,
      SPEC.mobile,
      SPEC.country,
      SPEC.state,
      SPEC.attachment,
    ]);
  });
});
