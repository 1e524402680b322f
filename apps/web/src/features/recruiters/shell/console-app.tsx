import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  OUTBOX_PAGE,
  REPORTS_PAGE,
  SELF_ID_REPORT_PAGE,
  SIGN_IN_RETURN_PARAM,
  consolePagePaths,
  type ConsoleSession,
} from '@lumenfield/contract';
import { Logo } from '@/components/logo';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from '@lumenfield/page-kit';
import { sessionQuery, useSignOut } from '../account/api';
import { createConsoleQueryClient, failureText } from '../common/api/query-client';
import {
  safeReturnPath,
  setSignedOutHandler,
  signInHref,
  type SignInAgainReason,
} from '../common/api/request';
import { SignInAgain } from '../account/components/sign-in-again';
import { SessionContext, useSession } from '../common/session';
import {
  canOpen,
  homeOf,
  matchConsoleRoute,
  PAGE_TITLES,
  ROLE_LABELS,
  type ConsoleRoute,
} from '../common/routes';
import { SignInPage } from '../account/components/sign-in-page';
import { NotificationsBadge } from '../notifications/components/notifications-badge';
import { ErrorNote, Loading } from '../common/components/status';
import { PageHeading } from '../common/components/page-heading';

// Each screen loads when first opened: the sign-in page stays small.
const OpeningsPage = lazy(() => import('../openings/components/openings-page'));
const OpeningFormPage = lazy(() => import('../openings/components/opening-form-page'));
const BoardPage = lazy(() => import('../pipeline/components/board-page'));
const ApplicantsPage = lazy(() => import('../applicants/components/applicants-page'));
const ApplicantPage = lazy(() => import('../applicants/components/applicant-page'));
const AddCandidatePage = lazy(() => import('../applicants/components/add-candidate-page'));
const UsersPage = lazy(() => import('../users/components/users-page'));
const AuditPage = lazy(() => import('../users/components/audit-page'));
const AccountPage = lazy(() => import('../account/components/account-page'));
const SelfIdReportPage = lazy(() => import('../reports/components/self-id-report-page'));
const MessagesPage = lazy(() => import('../messages/components/messages-page'));
const SourcesPage = lazy(() => import('../sources/components/sources-page'));
// The chart library loads with this page only (docs/architecture.md, "Charts").
const ReportsPage = lazy(() => import('../reports/components/reports-page'));
const ScorecardPage = lazy(() => import('../scorecards/components/scorecard-page'));
const FeedbackDuePage = lazy(() => import('../scorecards/components/feedback-due-page'));
const UnmatchedRepliesPage = lazy(
  () => import('../conversations/components/unmatched-replies-page'),
);
const OutboxPage = lazy(() => import('../outbox/components/outbox-page'));
const NotificationsPage = lazy(() => import('../notifications/components/notifications-page'));
// The content's forms are made from the families' schemas: they load with this section only.
const ContentListPage = lazy(() => import('../content/components/content-list-page'));
const ContentEntryPage = lazy(() => import('../content/components/content-entry-page'));

function Screen({ route }: { route: ConsoleRoute }) {
  switch (route.id) {
    case 'openings':
      return <OpeningsPage />;
    case 'newOpening':
      return <OpeningFormPage key="new" />;
    case 'opening':
      return <OpeningFormPage key={route.jobId} jobId={route.jobId} />;
    case 'board':
      return <BoardPage key={route.jobId} jobId={route.jobId} />;
    case 'addCandidate':
      return <AddCandidatePage key={route.jobId} jobId={route.jobId} />;
    case 'applicants':
      return <ApplicantsPage />;
    case 'applicant':
      return <ApplicantPage key={route.applicantId} applicantId={route.applicantId} />;
    case 'users':
      return <UsersPage />;
    case 'audit':
      return <AuditPage />;
    case 'account':
      return <AccountPage />;
    case 'selfIdReport':
      return <SelfIdReportPage />;
    case 'messages':
      return <MessagesPage />;
    case 'sources':
      return <SourcesPage />;
    case 'reports':
      return <ReportsPage />;
    case 'scorecard':
      return <ScorecardPage key={route.interviewId} interviewId={route.interviewId} />;
    case 'feedbackDue':
      return <FeedbackDuePage />;
    case 'unmatchedReplies':
      return <UnmatchedRepliesPage />;
    case 'outbox':
      return <OutboxPage />;
    case 'notifications':
      return <NotificationsPage />;
    case 'content':
      return <ContentListPage />;
    case 'contentEntry':
      return <ContentEntryPage key={route.entryId} entryId={route.entryId} />;
    default:
      return <NotFound />;
  }
}

/** No such page: a way back to the person's own start (an editor's is the content). */
function NotFound() {
  const home = homeOf(useSession().user.role);
  return (
    <>
      <PageHeading title="Page not found" />
      <p>
        There is no such page in the console.{' '}
        <Link to={home}>{PAGE_TITLES[matchConsoleRoute(home).id]}</Link>
      </p>
    </>
  );
}

function Forbidden() {
  return (
    <>
      <PageHeading title="Not allowed" />
      <p>
        This page is not part of your role. If you need what it shows, ask an administrator of the
        console.
      </p>
    </>
  );
}

/** The console's navigation, each entry shown to the roles that may open its page. */
const NAV: readonly (readonly [ConsoleRoute, string, string])[] = [
  [{ id: 'openings' }, consolePagePaths.openings, 'Openings'],
  [{ id: 'applicants' }, consolePagePaths.applicants, 'Applicants'],
  [{ id: 'feedbackDue' }, consolePagePaths.feedbackDue, 'Feedback'],
  [{ id: 'messages' }, consolePagePaths.messages, 'Messages'],
  [{ id: 'sources' }, consolePagePaths.sources, 'Sources'],
  [{ id: 'reports' }, REPORTS_PAGE, 'Reports'],
  [{ id: 'selfIdReport' }, SELF_ID_REPORT_PAGE, 'Self-identification'],
  [{ id: 'content' }, consolePagePaths.content, 'Site content'],
  [{ id: 'users' }, consolePagePaths.users, 'Users'],
  [{ id: 'audit' }, consolePagePaths.audit, 'Audit log'],
  [{ id: 'unmatchedReplies' }, consolePagePaths.unmatchedReplies, 'Unmatched replies'],
  [{ id: 'outbox' }, OUTBOX_PAGE, 'Outbox'],
];

function Shell({
  session,
  onSignOut,
  children,
}: {
  session: ConsoleSession;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const { user } = session;
  return (
    <>
      <a className="skip-link" href="#rc-main">
        Skip to content
      </a>
      <header className="rc-header">
        <div className="rc-header__inner">
          <Link to={homeOf(user.role)} className="rc-brand" aria-label="Recruiters' console home">
            <Logo inverted />
            <span className="rc-brand__console">Recruiters</span>
          </Link>
          <nav className="rc-nav" aria-label="Console">
            <ul className="cluster">
              {NAV.filter(([page]) => canOpen(page, user.role)).map(([page, path, label]) => (
                <li key={page.id}>
                  <NavLink to={path}>{label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="rc-who">
            <NotificationsBadge />
            <Link className="rc-who__name" to={consolePagePaths.account}>
              {user.name}
            </Link>
            <span className="rc-who__role">{ROLE_LABELS[user.role]}</span>
            <button type="button" className="rc-signout" onClick={onSignOut}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="rc-main" className="rc-main" tabIndex={-1}>
        <div className="rc-container">{children}</div>
      </main>
    </>
  );
}

/** The console, with its one cache of server state (common/api/query-client.ts). */
export function ConsoleApp() {
  const [queryClient] = useState(createConsoleQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Console />
    </QueryClientProvider>
  );
}

/** Who is signed in, the sign-in page, and the screen the path names. */
function Console() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useSearchParams();
  const route = matchConsoleRoute(location.pathname);
  const who = useQuery(sessionQuery);
  const session = who.data ?? undefined;
  const signedOut = who.isSuccess && who.data === null;
  const signOut = useSignOut();
  // A call met an ended session: the person is asked to sign in again over the page (api.ts).
  const [askAgain, setAskAgain] = useState<{
    reason: SignInAgainReason;
    answer: (signedIn: boolean) => void;
  }>();
  const signedIn = session !== undefined;
  useEffect(() => {
    if (!signedIn) return;
    setSignedOutHandler((reason) => new Promise((answer) => setAskAgain({ reason, answer })));
  }, [signedIn]);

  const signedOutOutsideSignIn = signedOut && route.id !== 'signIn';
  useEffect(() => {
    if (signedOutOutsideSignIn)
      navigate(signInHref(location.pathname + location.search), { replace: true });
  }, [signedOutOutsideSignIn, navigate, location.pathname, location.search]);

  // The console's home is its openings list: one URL for it, so the nav marks it current.
  const atHome = location.pathname.replace(/\/+$/, '') === consolePagePaths.home;
  useEffect(() => {
    if (atHome) navigate(consolePagePaths.openings + location.search, { replace: true });
  }, [atHome, navigate, location.search]);

  // A person whose role opens no openings (compliance, an interviewer, an editor) lands on their
  // home.
  const role = session?.user.role;
  const elsewhere = role !== undefined && route.id === 'openings' && !canOpen(route, role);
  useEffect(() => {
    if (elsewhere && role) navigate(homeOf(role), { replace: true });
  }, [elsewhere, role, navigate]);

  const signedInOnSignIn = signedIn && route.id === 'signIn';
  useEffect(() => {
    if (signedInOnSignIn)
      navigate(safeReturnPath(params.get(SIGN_IN_RETURN_PARAM)), { replace: true });
  }, [signedInOnSignIn, navigate, params]);

  // The page is live (and a test may act on it) once it knows who is signed in.
  const settled = !who.isPending;
  useEffect(() => {
    if (settled) document.documentElement.dataset.ready = 'true';
  }, [settled]);

  if (who.isPending) return <Loading what="the console" />;
  if (who.isError)
    return (
      <main className="rc-container">
        <ErrorNote
          message={failureText(who.error, 'The console could not start.')}
          onRetry={() => window.location.reload()}
        />
      </main>
    );
  if (!session || route.id === 'signIn') {
    if (route.id !== 'signIn') return null;
    if (session) return null;
    // Signing in puts the session in the cache (account/api.ts): the console follows.
    return <SignInPage />;
  }

  // Whatever the answer, the page forgets the person (account/api.ts).
  const leave = () =>
    signOut.mutate(undefined, {
      onSettled: (answer) => {
        // Signed in with single sign-on: the provider ends its own session too, then comes back.
        if (answer?.providerSignOutUrl) window.location.assign(answer.providerSignOutUrl);
        else navigate(consolePagePaths.signIn, { replace: true });
      },
    });

  return (
    <SessionContext.Provider value={session}>
      <Shell session={session} onSignOut={leave}>
        <Suspense fallback={<Loading what="the page" />}>
          {canOpen(route, session.user.role) ? <Screen route={route} /> : <Forbidden />}
        </Suspense>
      </Shell>
      {askAgain ? (
        <SignInAgain
          reason={askAgain.reason}
          email={session.user.email}
          onSignedIn={() => {
            setAskAgain(undefined);
            askAgain.answer(true);
          }}
          onDismiss={() => {
            setAskAgain(undefined);
            askAgain.answer(false);
          }}
        />
      ) : null}
    </SessionContext.Provider>
  );
}
