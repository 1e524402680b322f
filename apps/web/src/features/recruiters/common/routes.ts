import {
  consolePagePaths,
  OUTBOX_PAGE,
  REPORTS_PAGE,
  SELF_ID_REPORT_PAGE,
  type UserRole,
} from '@lumenfield/contract';

/** The console's screens: a small typed table matched against the path. */
export type ConsoleRoute =
  | { id: 'signIn' }
  | { id: 'openings' }
  | { id: 'newOpening' }
  | { id: 'opening'; jobId: number }
  | { id: 'board'; jobId: number }
  | { id: 'addCandidate'; jobId: number }
  | { id: 'applicants' }
  | { id: 'applicant'; applicantId: number }
  | { id: 'users' }
  | { id: 'audit' }
  | { id: 'account' }
  | { id: 'messages' }
  | { id: 'sources' }
  | { id: 'reports' }
  | { id: 'selfIdReport' }
  | { id: 'scorecard'; interviewId: number }
  | { id: 'feedbackDue' }
  | { id: 'unmatchedReplies' }
  | { id: 'outbox' }
  | { id: 'notifications' }
  | { id: 'content' }
  | { id: 'contentEntry'; entryId: string }
  | { id: 'notFound' };

export const PAGE_TITLES: Record<ConsoleRoute['id'], string> = {
  signIn: 'Sign in',
  openings: 'Openings',
  newOpening: 'New opening',
  opening: 'Edit opening',
  board: 'Board',
  addCandidate: 'Add candidate',
  applicants: 'Applicants',
  applicant: 'Applicant',
  users: 'Users',
  audit: 'Audit log',
  account: 'Your account',
  messages: 'Messages',
  sources: 'Sources',
  reports: 'Reports',
  selfIdReport: 'Self-identification',
  scorecard: 'Scorecard',
  feedbackDue: 'Feedback due',
  unmatchedReplies: 'Unmatched replies',
  outbox: 'Outbox',
  notifications: 'Notifications',
  content: 'Site content',
  contentEntry: 'Site content',
  notFound: 'Page not found',
};

/** Each role's name on the console's pages, in the order the Users page offers them. */
export const ROLE_LABELS: Record<UserRole, string> = {
  recruiter: 'Recruiter',
  admin: 'Admin',
  hiring_manager: 'Hiring manager',
  interviewer: 'Interviewer',
  compliance: 'Compliance',
  editor: 'Editor',
};

/** Pages only admins may open. */
export const ADMIN_ONLY: ReadonlySet<ConsoleRoute['id']> = new Set([
  'users',
  'audit',
  'unmatchedReplies',
  'outbox',
]);

/**
 * What the compliance role may open: its report and its own account. Nobody else opens the
 * report (the server refuses them too: 403).
 */
export const COMPLIANCE_PAGES: ReadonlySet<ConsoleRoute['id']> = new Set([
  'selfIdReport',
  'account',
  'notifications',
  'notFound',
]);

/**
 * What a hiring manager opens: their openings (read only), their applicants, the board and
 * the reports; an interviewer the applicants they interview. The server holds each to that.
 */
export const HIRING_MANAGER_PAGES: ReadonlySet<ConsoleRoute['id']> = new Set([
  'openings',
  'opening',
  'board',
  'applicants',
  'applicant',
  'reports',
  'scorecard',
  'feedbackDue',
  'account',
  'notifications',
  'notFound',
]);
export const INTERVIEWER_PAGES: ReadonlySet<ConsoleRoute['id']> = new Set([
  'applicants',
  'applicant',
  'scorecard',
  'feedbackDue',
  'account',
  'notifications',
  'notFound',
]);

/**
 * The site's content: for its editors and admins, as the API's `CONTENT_ROLES` (a test holds the
 * two together; this table stays out of the content package, whose schemas and seeds are heavy).
 */
export const CONTENT_ROLES: readonly UserRole[] = ['admin', 'editor'];
export const CONTENT_PAGES: ReadonlySet<ConsoleRoute['id']> = new Set(['content', 'contentEntry']);

/** What an editor opens: the site's content and their own account; nothing of hiring. */
export const EDITOR_PAGES: ReadonlySet<ConsoleRoute['id']> = new Set([
  ...CONTENT_PAGES,
  'account',
  'notifications',
  'notFound',
]);

/** Admins and recruiters: openings' editing, messages, sources, bulk actions, duplicates. */
export const isStaff = (role: UserRole) => role === 'admin' || role === 'recruiter';

export function canOpen(route: ConsoleRoute, role: UserRole): boolean {
  if (role === 'editor') return EDITOR_PAGES.has(route.id);
  if (CONTENT_PAGES.has(route.id)) return CONTENT_ROLES.includes(role);
  if (role === 'compliance') return COMPLIANCE_PAGES.has(route.id);
  if (role === 'hiring_manager') return HIRING_MANAGER_PAGES.has(route.id);
  if (role === 'interviewer') return INTERVIEWER_PAGES.has(route.id);
  if (route.id === 'selfIdReport') return false;
  return role === 'admin' || !ADMIN_ONLY.has(route.id);
}

/**
 * Where a role's console starts: the openings; compliance its report; interviewers applicants;
 * editors the site's content.
 */
const HOMES: Partial<Record<UserRole, string>> = {
  compliance: SELF_ID_REPORT_PAGE,
  interviewer: consolePagePaths.applicants,
  editor: consolePagePaths.content,
};
export const homeOf = (role: UserRole): string => HOMES[role] ?? consolePagePaths.openings;

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
    case consolePagePaths.messages:
      return { id: 'messages' };
    case consolePagePaths.sources:
      return { id: 'sources' };
    case REPORTS_PAGE:
      return { id: 'reports' };
    case SELF_ID_REPORT_PAGE:
      return { id: 'selfIdReport' };
    case consolePagePaths.feedbackDue:
      return { id: 'feedbackDue' };
    case consolePagePaths.unmatchedReplies:
      return { id: 'unmatchedReplies' };
    case OUTBOX_PAGE:
      return { id: 'outbox' };
    case consolePagePaths.notifications:
      return { id: 'notifications' };
    case consolePagePaths.content:
      return { id: 'content' };
  }
  const entry = new RegExp(`^${consolePagePaths.content}/([A-Za-z][A-Za-z0-9]{0,63})$`).exec(
    pathname,
  );
  if (entry) return { id: 'contentEntry', entryId: entry[1]! };
  const card = new RegExp(`^${consolePagePaths.scorecard.replace(':id', '(\\d{1,9})')}$`).exec(
    pathname,
  );
  if (card) return { id: 'scorecard', interviewId: Number(card[1]) };
  const board = new RegExp(`^${consolePagePaths.openings}/(\\d{1,9})/board$`).exec(pathname);
  if (board) return { id: 'board', jobId: Number(board[1]) };
  const adding = new RegExp(`^${consolePagePaths.openings}/(\\d{1,9})/add-candidate$`).exec(
    pathname,
  );
  if (adding) return { id: 'addCandidate', jobId: Number(adding[1]) };
  const jobId = idIn(pathname, consolePagePaths.openings);
  if (jobId !== undefined) return { id: 'opening', jobId };
  const applicantId = idIn(pathname, consolePagePaths.applicants);
  if (applicantId !== undefined) return { id: 'applicant', applicantId };
  return { id: 'notFound' };
}

export const openingPath = (id: number) => consolePagePaths.opening.replace(':id', String(id));
export const boardPath = (jobId: number) => consolePagePaths.board.replace(':id', String(jobId));
export const addCandidatePath = (jobId: number) =>
  consolePagePaths.addCandidate.replace(':id', String(jobId));
export const applicantPath = (id: number) => consolePagePaths.applicant.replace(':id', String(id));
export const scorecardPath = (interviewId: number) =>
  consolePagePaths.scorecard.replace(':id', String(interviewId));
export const applicantsOfOpening = (jobId: number) =>
  `${consolePagePaths.applicants}?jobId=${jobId}`;
