import { render } from '@testing-library/react';
import { vi } from 'vitest';
import {
  DEFAULT_OPENING_TERMS,
  type ConsoleApplicant,
  type ConsoleApplicantRow,
  type ConsoleSession,
  type RecruiterOpening,
  type UserRole,
} from '@lumenfield/contract';
import { Router, createMemoryHistory } from '@lumenfield/page-kit';
import { setSignedOutHandler } from '../common/api/request';
import { ConsoleApp } from './console-app';

import { json, problem } from '@/test/responses';

export { json, problem };

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** A fake API behind `fetch`: "GET /recruiters/jobs" → handler; anything else 404. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const handler = handlers[`${init?.method ?? 'GET'} ${path}`];
    if (handler) return handler(url, init);
    return problem(404, 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The openings list's answer: one page holding `items`. */
export const jobsPage = (items: RecruiterOpening[]) =>
  json({ items, total: items.length, page: 1, pageSize: 50 });

/** `mockApi` for someone signed in with `role`: a test names only the calls its page makes. */
export function mockSignedInAs(role: UserRole, handlers: Record<string, Handler> = {}) {
  return mockApi({
    'GET /recruiters/session': () => json(session(role)),
    // The header's badge asks on every page: nothing unread unless a test says.
    'GET /recruiters/notifications': () => json({ items: [], unread: 0, next: null }),
    ...handlers,
  });
}

/** `mockSignedInAs` a recruiter, whom most of the console's tests are about. */
export const mockSignedIn = (handlers: Record<string, Handler> = {}) =>
  mockSignedInAs('recruiter', handlers);

/** A session of Rita Recruiter, or of Ada Admin for the admin role, unless `name` says. */
export function session(
  role: UserRole = 'recruiter',
  name = role === 'admin' ? 'Ada Admin' : 'Rita Recruiter',
): ConsoleSession {
  return {
    user: {
      userId: role === 'admin' ? 1 : 2,
      email: role === 'admin' ? 'ada@example.com' : 'rita@example.com',
      name: name,
      role: role,
      isActive: true,
      createdOn: '2026-11-01T10:00:00.000Z',
      lastSignInOn: null,
    },
    idleExpiresOn: '2026-11-23T12:30:00.000Z',
    expiresOn: '2026-11-23T23:00:00.000Z',
  };
}

export function job(overrides: Partial<RecruiterOpening> = {}): RecruiterOpening {
  return {
    id: 3,
    code: 'LTP-QA-1',
    title: 'QA Engineer',
    location: 'Pune, India',
    effectiveFrom: '2026-11-01T09:00:00.000Z',
    recruitmentManagers: 'Mira',
    contactPersons: 'Sam',
    contactEmails: 'sam@example.com',
    description: '<p>Test <strong>things</strong>.</p>',
    ...DEFAULT_OPENING_TERMS,
    locations: [{ city: 'Pune', region: 'IN-MH', country: 'IN' }],
    remoteCountries: [],
    questions: [],
    isOpen: true,
    state: 'open',
    applicants: 4,
    newApplicants: 2,
    ...overrides,
  };
}

export function applicant(overrides: Partial<ConsoleApplicant> = {}): ConsoleApplicant {
  return {
    applicantId: 12,
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    mobileNumber: '5550100',
    city: 'Austin',
    countryId: 840,
    countryName: 'United States',
    stateId: 1,
    stateName: 'Texas',
    experience: '3-5 years',
    referredBy: null,
    appliedOn: '2026-11-20T10:00:00.000Z',
    attachmentGuid: 'g-1',
    attachmentName: 'cv.docx',
    attachmentSize: 2048,
    attachmentSha256: 'ab',
    answers: [],
    place: null,
    remoteCountry: null,
    doesNotMeet: [],
    jobId: 3,
    jobCode: 'LTP-QA-1',
    jobTitle: 'QA Engineer',
    attachmentKind: 'docx',
    resumeUrl: '/api/recruiters/resumes/g-1?sig=x',
    stage: 'New',
    stageHistory: [{ stage: 'New', changedBy: 'applicant', changedOn: '2026-11-20T10:00:00.000Z' }],
    notes: [],
    messages: [],
    replies: [],
    rejectionReason: null,
    source: null,
    arrival: {},
    possibleDuplicates: [],
    alsoApplied: [],
    ...overrides,
  };
}

/** A row of the applicants list or the board: Jane Doe, new for QA Engineer, unless told. */
export function applicantRow(overrides: Partial<ConsoleApplicantRow> = {}): ConsoleApplicantRow {
  return {
    applicantId: 12,
    jobId: 3,
    jobCode: 'LTP-QA-1',
    jobTitle: 'QA Engineer',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    city: 'Austin',
    appliedOn: '2026-11-20T10:00:00.000Z',
    stage: 'New',
    doesNotMeet: [],
    possibleDuplicate: false,
    ...overrides,
  };
}

/** The whole console at `url`, with a 401 recorded rather than leaving the page. */
export function renderConsole(url: string) {
  const history = createMemoryHistory([url]);
  const signedOut = vi.fn();
  setSignedOutHandler(signedOut);
  return {
    history,
    signedOut,
    ...render(
      <Router history={history}>
        <ConsoleApp />
      </Router>,
    ),
  };
}
