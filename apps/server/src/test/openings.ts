import type { OpeningInput } from '@lumenfield/contract';

/**
 * A complete opening as the console's /api/recruiters/jobs takes it, at createOpening's place
 * with its people (test/legacy/application.ts); test/legacy/openings.ts has the bearer API's body.
 */
export function openingInput(overrides: Partial<OpeningInput> = {}): OpeningInput {
  return {
    code: 'OPEN-1',
    title: 'Platform Engineer',
    location: 'Bengaluru, Karnataka, India',
    description: '<p>Join us.</p>',
    recruitmentManagers: 'Rahul Menon',
    contactPersons: 'Priya Raman',
    contactEmails: 'priya.raman@example.com',
    ...overrides,
  };
}
