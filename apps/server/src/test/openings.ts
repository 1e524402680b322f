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

/**
 * An opening as the jobs repository's `create` takes it (seeding a test's data directly), in
 * effect since an hour ago and open, unless `overrides` say otherwise.
 */
export function openingRow(
  code: string,
  overrides: { effectiveFrom?: string; isOpen?: boolean } = {},
) {
  return {
    code,
    title: `Opening ${code}`,
    location: 'Chicago, Illinois, USA',
    descriptionHtml: '<p>Write tests.</p>',
    recruitmentManagers: 'Ana Cruz',
    contactPersons: 'Ana Cruz',
    contactEmails: 'ana@example.com',
    effectiveFrom: new Date(Date.now() - 3_600_000).toISOString(),
    isOpen: true,
    ...overrides,
  };
}
