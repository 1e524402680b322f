import type { TestApp } from '../test/test-app';
import { applicationPayload, createOpening, postApplication } from '../test/legacy/application';
import { createUser, openSession, PASSWORD } from '../test/console';
import { openingBody } from '../test/legacy/openings';
import { openingInput } from '../test/openings';
import { mintApiToken } from '../domains/accounts/api-tokens-repository';
import type { User } from '../domains/accounts/users-repository';
import { putOnTeam } from '../test/hiring';
import { insertInterview } from '../test/interviews';
import { API_BASE_PATH, reportPaths } from '@lumenfield/contract';
import { changeApplicants } from '../db/write-transaction';
import { recordReply } from '../domains/conversations/replies';

/** One request that reaches a route: its path with every parameter filled, and a body. */
export interface RouteCase {
  /** Path and query. The path part is what the spellings vary. */
  url: string;
  body?: unknown;
  /** `session-link` cases bound to one session (a resume's signature): that session's cookie. */
  session?: string;
  /** Which link of the applicant's page a `session` case is (default the resume's). */
  link?: 'resume' | 'replyFile';
  /** Who reaches the route (their session or token; default the admin). */
  person?: 'compliance';
}

export interface Fixtures {
  jobId: number;
  closedJobId: number;
  attachmentGuid: string;
  applicantId: number;
  admin: User;
  recruiter: User;
  /** The compliance role's person: the self-identification report is theirs alone. */
  compliance: User;
  /** The applicant's interview, run by `interviewer`. */
  interviewId: number;
  /** The hiring manager of `jobId`'s team, and an interviewer of `applicantId`'s interview. */
  hiringManager: User;
  interviewer: User;
  /** An editor of the site's content: the content routes and their own account, nothing else. */
  editor: User;
  /** A session of the admin, and a resume link signed for it. */
  adminSession: string;
  resumeUrl: string;
  /** A file of the fixture applicant's reply, its link signed for the admin's session. */
  replyFileUrl: string;
  /** Personal API tokens: the admin's, the recruiter's, and a revoked one of the admin's. */
  adminToken: string;
  recruiterToken: string;
  revokedToken: string;
  complianceToken: string;
  hiringManagerToken: string;
  interviewerToken: string;
  editorToken: string;
}

/** A personal API token of `user`, made straight in the database; its secret. */
async function personalToken(t: TestApp, user: User, revoked = false): Promise<string> {
  const { secret, hash } = mintApiToken();
  const token = await t.app.repos.changeAccounts((tx) =>
    tx.apiTokens.create(user.id, 'Security case', hash, new Date(), 'password+totp'),
  );
  if (revoked) await t.app.repos.apiTokens.revoke(user.id, token.id);
  return secret;
}

/** An open and a closed opening and one stored application, for the cases below. */
export async function createFixtures(t: TestApp): Promise<Fixtures> {
  const jobId = await createOpening(t, 'SEC-1');
  const closedJobId = await createOpening(t, 'SEC-2', false);
  await postApplication(t, jobId, applicationPayload({ Email: 'fixture@example.com' }));
  const applicants = await t.app.inject({
    method: 'GET',
    url: `/api/admin/jobs/${jobId}/applicants`,
    headers: { authorization: `Bearer ${t.config.adminToken ?? ''}` },
  });
  const [first] = applicants.json() as { AttachmentGuid: string; ApplicantID: number }[];
  if (!first) throw new Error('the fixture application was not stored');
  const admin = await createUser(t, 'sec-admin@example.com', 'admin');
  const recruiter = await createUser(t, 'sec-recruiter@example.com', 'recruiter');
  const compliance = await createUser(t, 'sec-compliance@example.com', 'compliance');
  const hiringManager = await createUser(t, 'sec-manager@example.com', 'hiring_manager');
  const interviewer = await createUser(t, 'sec-interviewer@example.com', 'interviewer');
  const editor = await createUser(t, 'sec-editor@example.com', 'editor');
  await putOnTeam(t, jobId, hiringManager.id, 'hiring_manager');
  const interviewId = await insertInterview(t, first.ApplicantID, [interviewer.id]);
  const adminSession = await openSession(t, admin);
  await changeApplicants(t.db.handle.db, [first.ApplicantID], (trx) =>
    recordReply(trx, {
      applicantId: first.ApplicantID,
      channel: 'mail',
      subject: 'Re: your application',
      body: 'Here it is.',
      attachments: [
        {
          originalName: 'answer.pdf',
          kind: 'pdf',
          mimeType: 'application/pdf',
          content: Buffer.from('%PDF-1.4 case'),
        },
      ],
      receivedAt: new Date(),
    }),
  );
  const page = await t.app.inject({
    method: 'GET',
    url: `/api/recruiters/applicants/${first.ApplicantID}`,
    headers: { ...t.headers('read'), cookie: adminSession },
  });
  const { resumeUrl, replies } = page.json() as {
    resumeUrl: string;
    replies: { attachments: { url: string }[] }[];
  };
  const replyFileUrl = replies[0]?.attachments[0]?.url;
  if (!replyFileUrl) throw new Error('the fixture reply has no file link');
  return {
    jobId,
    closedJobId,
    attachmentGuid: first.AttachmentGuid,
    applicantId: first.ApplicantID,
    interviewId,
    admin,
    recruiter,
    compliance,
    hiringManager,
    interviewer,
    editor,
    adminSession,
    resumeUrl,
    replyFileUrl,
    adminToken: await personalToken(t, admin),
    recruiterToken: await personalToken(t, recruiter),
    revokedToken: await personalToken(t, admin, true),
    complianceToken: await personalToken(t, compliance),
    hiringManagerToken: await personalToken(t, hiringManager),
    interviewerToken: await personalToken(t, interviewer),
    editorToken: await personalToken(t, editor),
  };
}

// A remote US opening publishes its pay range (docs/careers.md).
const opening = openingInput({
  code: 'SEC-CASE',
  title: 'Security case',
  location: 'Remote, USA',
  payMin: 90_000,
  payMax: 120_000,
  payCurrency: 'USD',
  payPeriod: 'YEAR',
});
const adminJob = openingBody({
  JobCode: 'SEC-CASE',
  JobTitle: 'Security case',
  JobLocation: 'Remote, USA',
  PayMin: 90_000,
  PayMax: 120_000,
  PayCurrency: 'USD',
  PayPeriod: 'YEAR',
});

/** A browser's answer to a passkey sign-in, well formed and signed by nobody. */
const PASSKEY_ANSWER = {
  id: 'c2VjdXJpdHktY2FzZQ',
  rawId: 'c2VjdXJpdHktY2FzZQ',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

/** A person's own session, password and tokens: every role reaches them. */
export const OWN_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/recruiters/session',
  'DELETE /api/recruiters/session',
  'PUT /api/recruiters/session/password',
  'GET /api/recruiters/session/calendar-feed',
  'POST /api/recruiters/session/calendar-feed',
  'DELETE /api/recruiters/session/calendar-feed',
  // Everyone keeps their own working hours (docs/recruiters.md, "Working hours").
  'GET /api/recruiters/session/working-hours',
  'PUT /api/recruiters/session/working-hours',
  // Everyone's own notifications, and how they hear of new applications.
  'GET /api/recruiters/notifications',
  'POST /api/recruiters/notifications/read',
  'GET /api/recruiters/session/application-notices',
  'PUT /api/recruiters/session/application-notices',
  'GET /api/recruiters/tokens',
  'POST /api/recruiters/tokens',
  'DELETE /api/recruiters/tokens/:id',
  // One's own sessions (docs/security.md, "Sessions").
  'GET /api/recruiters/session/sessions',
  'DELETE /api/recruiters/session/sessions/:handle',
  // One's own two-step sign-in (docs/security.md, "Second factor").
  'GET /api/recruiters/session/totp',
  'POST /api/recruiters/session/totp',
  'PUT /api/recruiters/session/totp',
  'DELETE /api/recruiters/session/totp',
  'POST /api/recruiters/session/recovery-codes',
  // One's own passkeys (docs/recruiters.md, "Passkeys").
  'GET /api/recruiters/session/passkeys',
  'POST /api/recruiters/session/passkeys/options',
  'POST /api/recruiters/session/passkeys',
  'DELETE /api/recruiters/session/passkeys/:id',
]);

/**
 * The routes that change how a person signs in, or end one of their sessions (`recentSignIn`):
 * only within RECENT_SIGN_IN_MINUTES of signing in. Turning the app off and new recovery codes are not
 * here: they ask for a current code (or the password) in their body instead.
 */
export const RECENT_SIGN_IN_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/recruiters/session/totp',
  'PUT /api/recruiters/session/totp',
  'POST /api/recruiters/session/passkeys/options',
  'POST /api/recruiters/session/passkeys',
  'DELETE /api/recruiters/session/passkeys/:id',
  'DELETE /api/recruiters/session/sessions/:handle',
]);

/**
 * The console routes a personal API token may not call (`sessionOnly`): signing in and out, the
 * password, the tokens themselves, and every account route (making, changing, deactivating an
 * account, its role or its password). Every other `session` and `session-link` route takes a
 * token as its person; the suite checks the router's flags against this list both ways.
 */
export const SESSION_ONLY_ROUTES: ReadonlySet<string> = new Set([
  ...OWN_ROUTES,
  'GET /api/recruiters/users',
  'POST /api/recruiters/users',
  'PATCH /api/recruiters/users/:id',
  'GET /api/recruiters/users/:id/sessions',
  'DELETE /api/recruiters/users/:id/sessions',
  'DELETE /api/recruiters/users/:id/sessions/:handle',
  'DELETE /api/recruiters/users/:id/second-factor',
  'GET /api/recruiters/users/:id/passkeys',
  'DELETE /api/recruiters/users/:id/passkeys/:passkeyId',
  // The sign-in rules: a token that could turn password sign-in off would lock people out.
  'GET /api/recruiters/account-settings',
  'PATCH /api/recruiters/account-settings',
]);

/**
 * The console routes each role that works within a reach (domains/team/reach.ts) reaches, with
 * the fixtures' opening and applicant in it, and the routes an editor reaches (the site's
 * content); every other console route answers them 403.
 */
export const REACH_ROLE_ROUTES: Record<
  'hiring_manager' | 'interviewer' | 'editor',
  ReadonlySet<string>
> = {
  hiring_manager: new Set([
    ...OWN_ROUTES,
    'GET /api/recruiters/jobs',
    'GET /api/recruiters/job-choices',
    'GET /api/recruiters/jobs/:id',
    'GET /api/recruiters/countries',
    'GET /api/recruiters/jobs/:id/team',
    'GET /api/recruiters/jobs/:id/board',
    'GET /api/recruiters/applicants',
    'GET /api/recruiters/applicants.csv',
    'GET /api/recruiters/applicants/:id',
    'GET /api/recruiters/applicants/:id/neighbours',
    'PUT /api/recruiters/applicants/:id/stage',
    'POST /api/recruiters/applicants/:id/notes',
    'GET /api/recruiters/applicants/:id/mentionable',
    // Rejecting with a reason and a mail: the lists to choose from, the mail's preview.
    'GET /api/recruiters/message-templates',
    'GET /api/recruiters/rejection-reasons',
    'POST /api/recruiters/applicants/:id/messages/preview',
    'POST /api/recruiters/applicants/:id/rejection',
    'GET /api/recruiters/resumes/:guid',
    // A reply's files, as the messages they answer (not an interviewer's).
    'GET /api/recruiters/reply-attachments/:guid',
    'GET /api/recruiters/interviews/:id/scorecard',
    'PUT /api/recruiters/interviews/:id/scorecard',
    'GET /api/recruiters/applicants/:id/scorecards',
    'GET /api/recruiters/applicants/:id/interviews',
    'GET /api/recruiters/feedback-due',
    ...Object.values(reportPaths).flatMap((path) => [
      `GET ${API_BASE_PATH}${path}`,
      `GET ${API_BASE_PATH}${path}.csv`,
    ]),
  ]),
  interviewer: new Set([
    ...OWN_ROUTES,
    'GET /api/recruiters/applicants',
    'GET /api/recruiters/applicants/:id',
    'GET /api/recruiters/applicants/:id/neighbours',
    'GET /api/recruiters/resumes/:guid',
    'GET /api/recruiters/interviews/:id/scorecard',
    'PUT /api/recruiters/interviews/:id/scorecard',
    'GET /api/recruiters/applicants/:id/scorecards',
    // Their own interviews of the applicant, with the kits (read only).
    'GET /api/recruiters/applicants/:id/interviews',
    'GET /api/recruiters/feedback-due',
  ]),
  // The site's words (docs/content.md), and no opening, applicant, report or account of others.
  editor: new Set([
    ...OWN_ROUTES,
    'GET /api/recruiters/content',
    'GET /api/recruiters/content/:id',
    'PUT /api/recruiters/content/:id/draft',
    'GET /api/recruiters/content/:id/revisions',
    'GET /api/recruiters/content/:id/diff',
    'POST /api/recruiters/content/:id/publish',
    'POST /api/recruiters/content/:id/revisions/:revisionId/restore',
    'POST /api/recruiters/content/:id/preview',
    'POST /api/recruiters/content/images',
    'GET /api/recruiters/content/images',
    'DELETE /api/recruiters/content/images/:id',
  ]),
};

/** Console paths whose every route must be `sessionOnly`, whatever a new route's author forgot. */
export const SESSION_ONLY_PATHS = /^\/api\/recruiters\/(users|session|tokens)(\/|$)/;

/**
 * A request for every route the router knows, keyed `METHOD pattern` as the router lists it
 * (HEAD routes follow their GET). A GET of a fixed path (a page) is its own case; a route with
 * parameters or a body added without a case here fails the suite.
 */
export function caseFor(
  cases: Record<string, RouteCase>,
  method: string,
  url: string,
): RouteCase | undefined {
  return cases[`${method} ${url}`] ?? (method === 'GET' && !/[:*]/.test(url) ? { url } : undefined);
}

export function routeCases(f: Fixtures): Record<string, RouteCase> {
  return {
    'GET /careers/jobs/:id': { url: `/careers/jobs/${f.jobId}` },
    'GET /careers/jobs/:id/apply': { url: `/careers/jobs/${f.jobId}/apply` },
    'GET /careers/jobs/:id/applied': { url: `/careers/jobs/${f.jobId}/applied` },
    // The apply form's post (a multipart form; a JSON body is refused with the form again).
    'POST /careers/jobs/:id/apply': { url: `/careers/jobs/${f.jobId}/apply`, body: {} },
    // The apply dialog's multipart post (a JSON body is refused with 415 once past the guards).
    'POST /api/openings/:id/applications': {
      url: `/api/openings/${f.jobId}/applications`,
      body: {},
    },
    'GET /api/openings': { url: '/api/openings' },
    'GET /api/openings/:id': { url: `/api/openings/${f.jobId}` },
    'GET /jobs': { url: `/jobs?JobID=${f.jobId}&PageFrom=careers` },
    'GET /api/*': { url: '/api/no-such-endpoint' },
    'POST /api/*': { url: '/api/no-such-endpoint', body: {} },
    'PUT /api/*': { url: '/api/no-such-endpoint', body: {} },
    'PATCH /api/*': { url: '/api/no-such-endpoint', body: {} },
    'DELETE /api/*': { url: '/api/no-such-endpoint' },
    'OPTIONS /api/*': { url: '/api/no-such-endpoint' },
    'GET /api/openapi.json': { url: '/api/openapi.json' },
    'GET /api/Jobs/CareerDetailsRetrival': {
      url: '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0',
    },
    'GET /api/Jobs/GetRecruitmentManagerDropDownValues': {
      url: '/api/Jobs/GetRecruitmentManagerDropDownValues?ControlName=Country',
    },
    'GET /api/Jobs/GetStatesByCountry': { url: '/api/Jobs/GetStatesByCountry?CountryID=356' },
    'POST /api/Jobs/SaveApplicantDetail': {
      url: `/api/Jobs/SaveApplicantDetail?jobID=${f.jobId}`,
      body: applicationPayload({ Email: 'spelling@example.com' }),
    },
    'GET /api/Physical/DownloadAttachment': {
      url: `/api/Physical/DownloadAttachment?AttachmentGuid=${f.attachmentGuid}&AttachmentName=cv.pdf`,
    },
    'GET /api/admin/jobs': { url: '/api/admin/jobs' },
    'POST /api/admin/jobs': { url: '/api/admin/jobs', body: adminJob },
    'GET /api/admin/jobs/:id': { url: `/api/admin/jobs/${f.jobId}` },
    'PATCH /api/admin/jobs/:id': { url: `/api/admin/jobs/${f.jobId}`, body: { IsOpen: true } },
    'GET /api/admin/jobs/:id/applicants': { url: `/api/admin/jobs/${f.jobId}/applicants` },
    'GET /api/admin/jobs/:id/applicants.csv': { url: `/api/admin/jobs/${f.jobId}/applicants.csv` },
    'GET /metrics': { url: '/metrics' },
    'GET /recruiters/*': { url: '/recruiters/openings' },
    'POST /api/recruiters/session': {
      url: '/api/recruiters/session',
      body: { email: 'sec-admin@example.com', password: PASSWORD },
    },
    'GET /api/recruiters/session': { url: '/api/recruiters/session' },
    // A rule set as it is: the guards are what is tested, and nothing changes.
    'PATCH /api/recruiters/account-settings': {
      url: '/api/recruiters/account-settings',
      body: { passwordSignIn: 'everyone' },
    },
    'DELETE /api/recruiters/session': { url: '/api/recruiters/session' },
    // A wrong current password: the guards are what is tested, and nothing changes.
    'PUT /api/recruiters/session/password': {
      url: '/api/recruiters/session/password',
      body: {
        currentPassword: 'not the password at all',
        newPassword: 'another long passphrase 77',
      },
    },
    // A person's calendar feed: its state, a new link, its revocation; and a feed whose token
    // opens nothing (the token is the feed's only guard).
    'GET /api/recruiters/session/calendar-feed': { url: '/api/recruiters/session/calendar-feed' },
    'POST /api/recruiters/session/calendar-feed': { url: '/api/recruiters/session/calendar-feed' },
    'DELETE /api/recruiters/session/calendar-feed': {
      url: '/api/recruiters/session/calendar-feed',
    },
    'GET /api/calendar/:token/interviews.ics': {
      url: `/api/calendar/${NO_TOKEN}/interviews.ics`,
    },
    'GET /api/recruiters/jobs': { url: '/api/recruiters/jobs' },
    'POST /api/recruiters/jobs': {
      url: '/api/recruiters/jobs',
      body: { ...opening, code: `SEC-C-${counter()}` },
    },
    'GET /api/recruiters/jobs/:id': { url: `/api/recruiters/jobs/${f.jobId}` },
    'GET /api/recruiters/jobs/:id/team': { url: `/api/recruiters/jobs/${f.jobId}/team` },
    // The fixtures' team as it is: the hiring manager stays on it.
    'PUT /api/recruiters/jobs/:id/team': {
      url: `/api/recruiters/jobs/${f.jobId}/team`,
      body: { members: [{ userId: f.hiringManager.id, part: 'hiring_manager' }] },
    },
    'PATCH /api/recruiters/jobs/:id': {
      url: `/api/recruiters/jobs/${f.jobId}`,
      body: { isOpen: true },
    },
    'GET /api/recruiters/applicants': { url: `/api/recruiters/applicants?jobId=${f.jobId}` },
    'GET /api/recruiters/applicants.csv': {
      url: `/api/recruiters/applicants.csv?jobId=${f.jobId}`,
    },
    'GET /api/recruiters/applicants/:id': { url: `/api/recruiters/applicants/${f.applicantId}` },
    'GET /api/recruiters/applicants/:id/neighbours': {
      url: `/api/recruiters/applicants/${f.applicantId}/neighbours?jobId=${f.jobId}&sort=name`,
    },
    'GET /api/recruiters/jobs/:id/board': { url: `/api/recruiters/jobs/${f.jobId}/board` },
    'PUT /api/recruiters/applicants/:id/stage': {
      url: `/api/recruiters/applicants/${f.applicantId}/stage`,
      body: { stage: 'Screening' },
    },
    'GET /api/recruiters/applicant-ids': {
      url: `/api/recruiters/applicant-ids?jobId=${f.jobId}`,
    },
    // The stage seen may be stale: such an applicant is skipped, the guards are what is tested.
    'POST /api/recruiters/applicants/bulk': {
      url: '/api/recruiters/applicants/bulk',
      body: {
        applicants: [{ applicantId: f.applicantId, stage: 'New' }],
        action: { kind: 'move', stage: 'Screening' },
      },
    },
    // No such batch: the guards are what is tested.
    'POST /api/recruiters/applicants/bulk/:id/undo': {
      url: '/api/recruiters/applicants/bulk/999999/undo',
    },
    // A candidate added by hand, as multipart: a JSON body is refused with 415 past the guards.
    'POST /api/recruiters/jobs/:id/applicants': {
      url: `/api/recruiters/jobs/${f.jobId}/applicants`,
      body: {},
    },
    'POST /api/recruiters/applicants/:id/notes': {
      url: `/api/recruiters/applicants/${f.applicantId}/notes`,
      body: { text: 'A security case.' },
    },
    // A duplicate decision about the fixture and itself: refused with a sentence past the guards.
    'POST /api/recruiters/applicants/:id/merge': {
      url: `/api/recruiters/applicants/${f.applicantId}/merge`,
      body: { otherId: f.applicantId },
    },
    'POST /api/recruiters/applicants/:id/not-duplicate': {
      url: `/api/recruiters/applicants/${f.applicantId}/not-duplicate`,
      body: { otherId: f.applicantId },
    },
    'POST /api/recruiters/applicants/:id/merge/undo': {
      url: `/api/recruiters/applicants/${f.applicantId}/merge/undo`,
      body: { otherId: f.applicantId },
    },
    'GET /api/recruiters/resumes/:guid': { url: f.resumeUrl, session: f.adminSession },
    'GET /api/recruiters/reply-attachments/:guid': {
      url: f.replyFileUrl,
      session: f.adminSession,
      link: 'replyFile',
    },
    // Conversations' unmatched replies (admins): an id that names none; the guards are tested.
    'GET /api/recruiters/unmatched-replies/:id': {
      url: '/api/recruiters/unmatched-replies/999999',
    },
    'DELETE /api/recruiters/unmatched-replies/:id': {
      url: '/api/recruiters/unmatched-replies/999999',
    },
    'POST /api/recruiters/unmatched-replies/:id/assign': {
      url: '/api/recruiters/unmatched-replies/999999/assign',
      body: { applicantId: f.applicantId },
    },
    'GET /api/recruiters/users': { url: '/api/recruiters/users' },
    'POST /api/recruiters/users': {
      url: '/api/recruiters/users',
      body: {
        email: `sec-user-${counter()}@example.com`,
        name: 'Sam Case',
        role: 'recruiter',
        password: 'a long and uncommon passphrase 42',
      },
    },
    'PATCH /api/recruiters/users/:id': {
      url: `/api/recruiters/users/${f.recruiter.id}`,
      body: { name: 'Rita Renamed' },
    },
    'GET /api/recruiters/audit': { url: '/api/recruiters/audit?action=sign-in' },
    'POST /api/recruiters/tokens': {
      url: '/api/recruiters/tokens',
      body: { name: `Security case ${counter()}` },
    },
    // No such token: the guards are what is tested.
    'DELETE /api/recruiters/tokens/:id': { url: '/api/recruiters/tokens/999999' },
    'GET /api/recruiters/session/sessions': { url: '/api/recruiters/session/sessions' },
    // No such session, no such account: the guards are what is tested, and nobody is signed out.
    'DELETE /api/recruiters/session/sessions/:handle': {
      url: '/api/recruiters/session/sessions/no-such-session',
    },
    // Passkeys: a sign-in and an addition without their challenge's cookie are refused after
    // the guards (401, 400); no such passkey is 404. The guards are what is tested.
    'POST /api/recruiters/session/passkey/options': {
      url: '/api/recruiters/session/passkey/options',
    },
    'POST /api/recruiters/session/passkey': {
      url: '/api/recruiters/session/passkey',
      body: { credential: PASSKEY_ANSWER },
    },
    'GET /api/recruiters/session/passkeys': { url: '/api/recruiters/session/passkeys' },
    'POST /api/recruiters/session/passkeys/options': {
      url: '/api/recruiters/session/passkeys/options',
    },
    'POST /api/recruiters/session/passkeys': {
      url: '/api/recruiters/session/passkeys',
      body: {
        name: 'Security case',
        credential: {
          ...PASSKEY_ANSWER,
          response: { clientDataJSON: 'e30', attestationObject: 'oA' },
        },
      },
    },
    'DELETE /api/recruiters/session/passkeys/:id': {
      url: '/api/recruiters/session/passkeys/999999',
    },
    'GET /api/recruiters/users/:id/passkeys': {
      url: `/api/recruiters/users/${f.recruiter.id}/passkeys`,
    },
    'DELETE /api/recruiters/users/:id/passkeys/:passkeyId': {
      url: '/api/recruiters/users/999999/passkeys/999999',
    },
    'GET /api/recruiters/users/:id/sessions': {
      url: `/api/recruiters/users/${f.recruiter.id}/sessions`,
    },
    // Two-step sign-in: no pending sign-in, wrong codes, no such account, the rule left off;
    // the guards are what is tested, and nobody's factor or session changes.
    'POST /api/recruiters/session/second-factor': {
      url: '/api/recruiters/session/second-factor',
      body: { code: '000000' },
    },
    'POST /api/recruiters/session/second-factor/setup': {
      url: '/api/recruiters/session/second-factor/setup',
    },
    'POST /api/recruiters/session/second-factor/passkey': {
      url: '/api/recruiters/session/second-factor/passkey',
    },
    'GET /api/recruiters/session/totp': { url: '/api/recruiters/session/totp' },
    'POST /api/recruiters/session/totp': { url: '/api/recruiters/session/totp' },
    'PUT /api/recruiters/session/totp': {
      url: '/api/recruiters/session/totp',
      body: { code: '000000' },
    },
    'DELETE /api/recruiters/session/totp': {
      url: '/api/recruiters/session/totp',
      body: { code: '000000' },
    },
    'POST /api/recruiters/session/recovery-codes': {
      url: '/api/recruiters/session/recovery-codes',
      body: { code: '000000' },
    },
    'GET /api/recruiters/account-settings': { url: '/api/recruiters/account-settings' },
    'DELETE /api/recruiters/users/:id/second-factor': {
      url: '/api/recruiters/users/999999/second-factor',
    },
    'DELETE /api/recruiters/users/:id/sessions': { url: '/api/recruiters/users/999999/sessions' },
    'DELETE /api/recruiters/users/:id/sessions/:handle': {
      url: '/api/recruiters/users/999999/sessions/no-such-session',
    },
    'GET /api/recruiters/self-identification': {
      url: '/api/recruiters/self-identification',
      person: 'compliance',
    },
    // An unknown token: the guards are what is tested (the route is there with SELF_ID=us).
    'POST /api/self-identification': {
      url: '/api/self-identification',
      body: { token: 'not-a-token', answers: {} },
    },
    // The applicant's own page, with a token that opens nothing: the guards are what is tested.
    'POST /api/applications/links': {
      url: '/api/applications/links',
      body: { Email: `nobody-${counter()}@example.com` },
    },
    'POST /applications': { url: '/applications', body: {} },
    'GET /applications/:token': { url: `/applications/${NO_TOKEN}` },
    'GET /applications/:token/withdraw': { url: `/applications/${NO_TOKEN}/withdraw` },
    'POST /applications/:token/withdraw': { url: `/applications/${NO_TOKEN}/withdraw`, body: {} },
    'GET /applications/:token/erase': { url: `/applications/${NO_TOKEN}/erase` },
    'POST /applications/:token/erase': { url: `/applications/${NO_TOKEN}/erase`, body: {} },
    'GET /applications/:token/new-resume': { url: `/applications/${NO_TOKEN}/new-resume` },
    'POST /applications/:token/new-resume': {
      url: `/applications/${NO_TOKEN}/new-resume`,
      body: {},
    },
    'GET /applications/:token/data.json': { url: `/applications/${NO_TOKEN}/data.json` },
    'GET /applications/:token/resume': { url: `/applications/${NO_TOKEN}/resume` },
    'POST /applications/:token/reply': { url: `/applications/${NO_TOKEN}/reply`, body: {} },
    'GET /applications/:token/interviews/:interviewId': {
      url: `/applications/${NO_TOKEN}/interviews/1`,
    },
    'POST /applications/:token/interviews/:interviewId': {
      url: `/applications/${NO_TOKEN}/interviews/1`,
      body: {},
    },
    'GET /applications/:token/interviews/:interviewId/cancel': {
      url: `/applications/${NO_TOKEN}/interviews/1/cancel`,
    },
    'POST /applications/:token/interviews/:interviewId/cancel': {
      url: `/applications/${NO_TOKEN}/interviews/1/cancel`,
      body: {},
    },
    'GET /applications/erase/:token': { url: `/applications/erase/${NO_TOKEN}` },
    'POST /applications/erase/:token': { url: `/applications/erase/${NO_TOKEN}`, body: {} },
    'POST /api/recruiters/erasures': {
      url: '/api/recruiters/erasures',
      body: { email: `nobody-${counter()}@example.com` },
    },
    // Messages to candidates: no such template, reason or applicant where a write would send.
    'GET /api/recruiters/message-templates': { url: '/api/recruiters/message-templates' },
    'POST /api/recruiters/message-templates': {
      url: '/api/recruiters/message-templates',
      body: { name: `Case ${counter()}`, subject: 'Hello', body: 'Hello {{firstName}}.' },
    },
    'PUT /api/recruiters/message-templates/:id': {
      url: '/api/recruiters/message-templates/999999',
      body: { name: 'Case', subject: 'Hello', body: 'Hello.' },
    },
    'DELETE /api/recruiters/message-templates/:id': {
      url: '/api/recruiters/message-templates/999999',
    },
    'GET /api/recruiters/rejection-reasons': { url: '/api/recruiters/rejection-reasons' },
    'POST /api/recruiters/rejection-reasons': {
      url: '/api/recruiters/rejection-reasons',
      body: { label: `Case ${counter()}` },
    },
    'PATCH /api/recruiters/rejection-reasons/:id': {
      url: '/api/recruiters/rejection-reasons/999999',
      body: { retired: true },
    },
    'DELETE /api/recruiters/rejection-reasons/:id': {
      url: '/api/recruiters/rejection-reasons/999999',
    },
    'POST /api/recruiters/applicants/:id/messages/preview': {
      url: `/api/recruiters/applicants/${f.applicantId}/messages/preview`,
      body: { subject: 'Hello', body: 'Hello {{firstName}}.' },
    },
    'POST /api/recruiters/applicants/:id/messages': {
      url: '/api/recruiters/applicants/999999/messages',
      body: { subject: 'Hello', body: 'Hello.' },
    },
    // The fixture applicant with no such reason: refused (400) past the guards and the reach.
    'POST /api/recruiters/applicants/:id/rejection': {
      url: `/api/recruiters/applicants/${f.applicantId}/rejection`,
      body: { reasonId: 999999, templateId: null },
    },
    // Sources (docs/recruiters.md): a tracking link (unknown: lands on /careers), the console's
    // sources and links (no such source or link where a write would change one).
    'GET /r/:token': { url: '/r/no-such-token' },
    'GET /api/recruiters/sources': { url: '/api/recruiters/sources' },
    'POST /api/recruiters/sources': {
      url: '/api/recruiters/sources',
      body: { name: `Case ${counter()}`, kind: 'other' },
    },
    'DELETE /api/recruiters/sources/:id': { url: '/api/recruiters/sources/999999' },
    'POST /api/recruiters/sources/:id/links': {
      url: '/api/recruiters/sources/999999/links',
      body: { jobId: null },
    },
    'PATCH /api/recruiters/tracking-links/:id': {
      url: '/api/recruiters/tracking-links/999999',
      body: { active: false },
    },
    // An opening's automatic messages on a stage move (no such opening where a write would
    // change one).
    'GET /api/recruiters/jobs/:id/stage-templates': {
      url: `/api/recruiters/jobs/${f.jobId}/stage-templates`,
    },
    'PUT /api/recruiters/jobs/:id/stage-templates': {
      url: '/api/recruiters/jobs/999999/stage-templates',
      body: { stageTemplates: [] },
    },
    // The site's words (docs/content.md): admins and editors; a draft its schema refuses (no
    // change), no such revision; a publish and a preview of a page with no draft (409), no such
    // revision to restore.
    'GET /api/recruiters/content': { url: '/api/recruiters/content' },
    'GET /api/recruiters/content/:id': { url: '/api/recruiters/content/about' },
    'PUT /api/recruiters/content/:id/draft': {
      url: '/api/recruiters/content/about/draft',
      body: { content: {} },
    },
    'GET /api/recruiters/content/:id/revisions': {
      url: '/api/recruiters/content/about/revisions',
    },
    'GET /api/recruiters/content/:id/diff': {
      url: '/api/recruiters/content/about/diff?left=999999&right=999998',
    },
    'POST /api/recruiters/content/:id/publish': {
      url: '/api/recruiters/content/about/publish',
      body: {},
    },
    'POST /api/recruiters/content/:id/revisions/:revisionId/restore': {
      url: '/api/recruiters/content/about/revisions/999999/restore',
    },
    'POST /api/recruiters/content/:id/preview': { url: '/api/recruiters/content/about/preview' },
    // Its images: an upload as JSON is refused with 415 once past the guards; no such image
    // to delete or to serve (the public variants meet no guard but their path's).
    'POST /api/recruiters/content/images': { url: '/api/recruiters/content/images', body: {} },
    'DELETE /api/recruiters/content/images/:id': { url: '/api/recruiters/content/images/999999' },
    'GET /media/content/:id/:file': { url: '/media/content/999999/320.webp' },
    // The local outbox (docs/operations.md): admins only; no such mail.
    'GET /api/recruiters/outbox': { url: '/api/recruiters/outbox' },
    'GET /api/recruiters/outbox/:id': { url: '/api/recruiters/outbox/999999' },
    // Scorecards (docs/recruiters.md): no such interview where a write would change one.
    'GET /api/recruiters/interviews/:id/scorecard': {
      url: `/api/recruiters/interviews/${f.interviewId}/scorecard`,
    },
    'PUT /api/recruiters/interviews/:id/scorecard': {
      url: '/api/recruiters/interviews/999999/scorecard',
      body: { ratings: [], notes: '', recommendation: null },
    },
    'GET /api/recruiters/applicants/:id/scorecards': {
      url: `/api/recruiters/applicants/${f.applicantId}/scorecards`,
    },
    'GET /api/recruiters/feedback-due': { url: '/api/recruiters/feedback-due' },
    // Interview plans, working hours and scheduling (docs/recruiters.md): no such interview
    // where a write would change one; the plan rewritten empty, the hours set to none.
    'GET /api/recruiters/jobs/:id/interview-plan': {
      url: `/api/recruiters/jobs/${f.jobId}/interview-plan`,
    },
    'PUT /api/recruiters/jobs/:id/interview-plan': {
      url: `/api/recruiters/jobs/${f.jobId}/interview-plan`,
      body: { stages: [] },
    },
    'PUT /api/recruiters/session/working-hours': {
      url: '/api/recruiters/session/working-hours',
      body: { timeZone: 'Asia/Manila', hours: [] },
    },
    'POST /api/recruiters/notifications/read': {
      url: '/api/recruiters/notifications/read',
      body: { notificationIds: [999999] },
    },
    'PUT /api/recruiters/session/application-notices': {
      url: '/api/recruiters/session/application-notices',
      body: { notices: 'instant' },
    },
    'GET /api/recruiters/applicants/:id/mentionable': {
      url: `/api/recruiters/applicants/${f.applicantId}/mentionable`,
    },
    'GET /api/recruiters/applicants/:id/interviews': {
      url: `/api/recruiters/applicants/${f.applicantId}/interviews`,
    },
    'POST /api/recruiters/applicants/:id/interviews': {
      url: '/api/recruiters/applicants/999999/interviews',
      body: schedule(f),
    },
    'PATCH /api/recruiters/interviews/:id': {
      url: '/api/recruiters/interviews/999999',
      body: { durationMinutes: 45 },
    },
    'DELETE /api/recruiters/interviews/:id': { url: '/api/recruiters/interviews/999999' },
    'POST /api/recruiters/interviews/conflicts': {
      url: '/api/recruiters/interviews/conflicts',
      body: schedule(f),
    },
    // Job alerts: a public write through the API; the site's form, and the link pages' posts
    // (an unknown token: nothing to confirm or stop).
    'POST /api/alerts': {
      url: '/api/alerts',
      body: { Email: `alert-${counter()}@example.com`, Frequency: 'weekly' },
    },
    'POST /careers/alerts': { url: '/careers/alerts', body: {} },
    'POST /careers/alerts/confirm': { url: '/careers/alerts/confirm?token=unknown', body: {} },
    'POST /careers/alerts/unsubscribe': {
      url: '/careers/alerts/unsubscribe?token=unknown',
      body: {},
    },
  };
}

/** A schedule naming the recruiter, whatever the plan holds (none: refused past the guards). */
const schedule = (f: Fixtures) => ({
  planInterviewId: 999999,
  startsAt: '2026-03-09T09:00',
  timeZone: 'America/New_York',
  durationMinutes: 60,
  interviewerIds: [f.recruiter.id],
});

/** A well-formed applicant link token that opens nothing. */
const NO_TOKEN = 'N'.repeat(43);

let cases = 0;
/** Unique values per call of routeCases (a code or e-mail that must not be taken yet). */
const counter = () => ++cases;

const hex = (ch: string) => ch.charCodeAt(0).toString(16);

/**
 * Other spellings of a path that a router might resolve to the same route: percent-encoded
 * letters (lower and upper hex), doubled slashes, dot segments, a trailing slash, other case.
 * The query stays as it was.
 */
export function spellings(url: string): string[] {
  const [path = '', query] = url.split('?');
  const suffix = query === undefined ? '' : `?${query}`;
  const out = new Set<string>();
  const segments = path.split('/');
  segments.forEach((segment, index) => {
    const at = segment.search(/[a-z]/i);
    if (at < 0) return;
    for (const code of [hex(segment[at]!), hex(segment[at]!).toUpperCase()]) {
      const spelled = [...segments];
      spelled[index] = `${segment.slice(0, at)}%${code}${segment.slice(at + 1)}`;
      out.add(spelled.join('/'));
    }
  });
  out.add(`/${path}`);
  out.add(path.replace(/^\/([^/]+)\//, '/$1//'));
  out.add(path.replace(/^\/([^/]+)\//, '/$1/./'));
  out.add(path.replace(/^\/([^/]+)\//, '/$1/x/../'));
  out.add(`/x/..${path}`);
  out.add(`${path}/`);
  out.add(path.toUpperCase());
  out.add(path.toLowerCase());
  out.delete(path);
  return [...out].map((spelled) => spelled + suffix);
}
