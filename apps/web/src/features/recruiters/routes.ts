import { consolePagePaths, type UserRole } from '@lumenfield/contract';

/** The console's screens: a small typed table matched against the path. */
export type ConsoleRoute =
  | { id: 'signIn' }
  | { id: 'openings' }
  | { id: 'newOpening' }
  | { id: 'opening'; jobId: number }
  | { id: 'applicants' }
  | { id: 'applicant'; applicantId: number }
  | { id: 'users' }
  | { id: 'audit' }
  | { id: 'account' }
  | { id: 'notFound' };

export const PAGE_TITLES: Record<ConsoleRoute['id'], string> = {
  signIn: 'Sign in',
  openings: 'Openings',
  newOpening: 'New opening',
  opening: 'Edit opening',
  applicants: 'Applicants',
  applicant: 'Applicant',
  users: 'Users',
  audit: 'Audit log',
  account: 'Your account',
  notFound: 'Page not found',
};

/** Pages only admins may open. */
export const ADMIN_ONLY: ReadonlySet<ConsoleRoute['id']> = new Set(['users', 'audit']);

export function canOpen(route: ConsoleRoute, role: UserRole): boolean {
  return role === 'admin' || !ADMIN_ONLY.has(route.id);
}

const idIn = (pathname: string, prefix: string): number | undefined => {
  const match = new RegExp(`^${prefix}/(\\d{1,9})$`).exec(pathname);
  return match ? Number(match[1]) : undefined;
};

export function matchConsoleRoute(rawPath: string): ConsoleRoute {
  const pathname = rawPath.replace(/(.)\/+$/, '$1');
  switch (pathname) {
    case consolePagePaths.signIn:
      return { id: 'signIn' };
    case consolePagePaths.home:
    case consolePagePaths.openings:
      return { id: 'openings' };
    case consolePagePaths.newOpening:
      return { id: 'newOpening' };
    case consolePagePaths.applicants:
      return { id: 'applicants' };
    case consolePagePaths.users:
      return { id: 'users' };
    case consolePagePaths.audit:
      return { id: 'audit' };
    case consolePagePaths.account:
      return { id: 'account' };
  }
  const jobId = idIn(pathname, consolePagePaths.openings);
  if (jobId !== undefined) return { id: 'opening', jobId };
  const applicantId = idIn(pathname, consolePagePaths.applicants);
  if (applicantId !== undefined) return { id: 'applicant', applicantId };
  return { id: 'notFound' };
}

export const openingPath = (id: number) => consolePagePaths.opening.replace(':id', String(id));
export const applicantPath = (id: number) => consolePagePaths.applicant.replace(':id', String(id));
export const applicantsOfOpening = (jobId: number) =>
  `${consolePagePaths.applicants}?jobId=${jobId}`;
