import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInHref } from './api/request';
import { consolePagePaths } from '@lumenfield/contract';
import { canOpen, homeOf, matchConsoleRoute } from './routes';

describe('console routes', () => {
  it.each([
    ['/recruiters', { id: 'openings' }],
    ['/recruiters/openings/', { id: 'openings' }],
    ['/recruiters/openings/new', { id: 'newOpening' }],
    ['/recruiters/openings/42', { id: 'opening', jobId: 42 }],
    ['/recruiters/openings/42/add-candidate', { id: 'addCandidate', jobId: 42 }],
    ['/recruiters/applicants/7', { id: 'applicant', applicantId: 7 }],
    ['/recruiters/applicants', { id: 'applicants' }],
    ['/recruiters/users', { id: 'users' }],
    ['/recruiters/audit', { id: 'audit' }],
    ['/recruiters/outbox', { id: 'outbox' }],
    ['/recruiters/sign-in', { id: 'signIn' }],
    ['/recruiters/self-identification', { id: 'selfIdReport' }],
    ['/recruiters/reports', { id: 'reports' }],
    ['/recruiters/openings/abc', { id: 'notFound' }],
    ['/recruiters/nope', { id: 'notFound' }],
  ])('%s is %j', (path, route) => {
    expect(matchConsoleRoute(path)).toEqual(route);
  });

  it('users, the audit log and the outbox are for admins only', () => {
    expect(canOpen({ id: 'outbox' }, 'recruiter')).toBe(false);
    expect(canOpen({ id: 'outbox' }, 'hiring_manager')).toBe(false);
    expect(canOpen({ id: 'outbox' }, 'admin')).toBe(true);
    expect(canOpen({ id: 'users' }, 'recruiter')).toBe(false);
    expect(canOpen({ id: 'audit' }, 'recruiter')).toBe(false);
    expect(canOpen({ id: 'users' }, 'admin')).toBe(true);
    expect(canOpen({ id: 'applicants' }, 'recruiter')).toBe(true);
    expect(canOpen({ id: 'reports' }, 'recruiter')).toBe(true);
  });

  it('the compliance role opens its report and its account only; nobody else the report', () => {
    for (const id of [
      'openings',
      'applicants',
      'users',
      'audit',
      'newOpening',
      'reports',
    ] as const) {
      expect(canOpen({ id }, 'compliance')).toBe(false);
    }
    expect(canOpen({ id: 'applicant', applicantId: 1 }, 'compliance')).toBe(false);
    expect(canOpen({ id: 'addCandidate', jobId: 1 }, 'compliance')).toBe(false);
    expect(canOpen({ id: 'selfIdReport' }, 'compliance')).toBe(true);
    expect(canOpen({ id: 'account' }, 'compliance')).toBe(true);
    expect(canOpen({ id: 'selfIdReport' }, 'admin')).toBe(false);
    expect(canOpen({ id: 'selfIdReport' }, 'recruiter')).toBe(false);
  });

  it('an editor opens the site content and their account only; admins the content too, recruiters not', () => {
    expect(matchConsoleRoute('/recruiters/content')).toEqual({ id: 'content' });
    expect(matchConsoleRoute('/recruiters/content/servicesCcm/')).toEqual({
      id: 'contentEntry',
      entryId: 'servicesCcm',
    });
    expect(matchConsoleRoute('/recruiters/content/../users').id).toBe('notFound');
    const entry = { id: 'contentEntry', entryId: 'home' } as const;
    for (const id of ['openings', 'applicants', 'users', 'reports', 'messages'] as const) {
      expect(canOpen({ id }, 'editor')).toBe(false);
    }
    expect(canOpen({ id: 'content' }, 'editor')).toBe(true);
    expect(canOpen(entry, 'editor')).toBe(true);
    expect(canOpen({ id: 'account' }, 'editor')).toBe(true);
    expect(canOpen(entry, 'admin')).toBe(true);
    expect(canOpen(entry, 'recruiter')).toBe(false);
    expect(canOpen({ id: 'content' }, 'compliance')).toBe(false);
    expect(homeOf('editor')).toBe(consolePagePaths.content);
  });

  it('a hiring manager opens their openings, applicants, board and reports; an interviewer applicants only', () => {
    const opened = (role: 'hiring_manager' | 'interviewer') =>
      (
        [
          { id: 'openings' },
          { id: 'newOpening' },
          { id: 'opening', jobId: 1 },
          { id: 'board', jobId: 1 },
          { id: 'addCandidate', jobId: 1 },
          { id: 'applicants' },
          { id: 'applicant', applicantId: 1 },
          { id: 'users' },
          { id: 'audit' },
          { id: 'account' },
          { id: 'messages' },
          { id: 'sources' },
          { id: 'reports' },
          { id: 'selfIdReport' },
        ] as const
      )
        .filter((route) => canOpen(route, role))
        .map((route) => route.id);
    expect(opened('hiring_manager')).toEqual([
      'openings',
      'opening',
      'board',
      'applicants',
      'applicant',
      'account',
      'reports',
    ]);
    expect(opened('interviewer')).toEqual(['applicants', 'applicant', 'account']);
    expect(homeOf('interviewer')).toBe(consolePagePaths.applicants);
    expect(homeOf('hiring_manager')).toBe(consolePagePaths.openings);
  });
});

describe('the way back after signing in', () => {
  it('carries the page and its query', () => {
    expect(signInHref('/recruiters/applicants?stage=New')).toBe(
      '/recruiters/sign-in?next=%2Frecruiters%2Fapplicants%3Fstage%3DNew',
    );
  });

  it.each([
    ['/recruiters/applicants?stage=New', '/recruiters/applicants?stage=New'],
    ['/recruiters', '/recruiters'],
    [null, '/recruiters/openings'],
    ['https://evil.example/recruiters', '/recruiters/openings'],
    ['//evil.example/recruiters', '/recruiters/openings'],
    ['/careers', '/recruiters/openings'],
    ['/recruitersX', '/recruiters/openings'],
    ['/recruiters/sign-in', '/recruiters/openings'],
  ])('next=%j goes to %s', (next, to) => {
    expect(safeReturnPath(next)).toBe(to);
  });
});
