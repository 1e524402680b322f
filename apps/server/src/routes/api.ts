import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';
import { sendProblem } from '../plugins/problem-details';
import { adminJobsRoutes } from './legacy/admin/jobs';
import { careerDetailsRoutes } from './legacy/jobs/career-details';
import { openingsApiRoutes } from './openings-api';
import { referenceDataRoutes } from './legacy/jobs/reference-data';
import { saveApplicantRoutes } from './legacy/jobs/save-applicant';
import { applicationsApiRoutes } from './applications-api';
import { downloadAttachmentRoutes } from './legacy/physical/download-attachment';
import { consoleApplicantsRoutes } from './recruiters/applicants';
import { consoleAddCandidateRoutes } from './recruiters/add-candidate';
import { consoleAuditRoutes } from './recruiters/audit';
import { consoleJobsRoutes } from './recruiters/jobs';
import { consoleMessagesRoutes } from './recruiters/messages';
import { consoleScorecardRoutes } from './recruiters/scorecards';
import { consoleNotificationRoutes } from './recruiters/notifications';
import { consoleSourcesRoutes } from './recruiters/sources';
import { consoleOutboxRoutes } from './recruiters/outbox';
import { consoleStageTemplatesRoutes } from './recruiters/stage-templates';
import { consoleContentRoutes } from './recruiters/content';
import { consoleContentImageRoutes } from './recruiters/content-images';
import { consoleInterviewsRoutes } from './recruiters/interviews';
import { consoleReportsRoutes } from './recruiters/reports';
import { consoleTeamRoutes } from './recruiters/team';
import { consoleBulkRoutes } from './recruiters/bulk';
import { consoleSessionRoutes } from './recruiters/session';
import { consoleSsoRoutes } from './recruiters/sso';
import { consoleAccountSettingsRoutes } from './recruiters/account-settings';
import { consoleSessionListRoutes } from './recruiters/sessions';
import { consoleTokensRoutes } from './recruiters/tokens';
import { consolePasskeyRoutes } from './recruiters/passkeys';
import { calendarFeedRoutes } from './recruiters/calendar-feed';
import { consoleErasureRoutes } from './recruiters/erasures';
import { consoleConversationRoutes } from './recruiters/conversations';
import { consoleUsersRoutes } from './recruiters/users';
import { secondFactorRoutes } from './recruiters/second-factor';
import { consoleSelfIdReportRoutes } from './recruiters/self-id-report';
import { selfIdRoutes } from './self-id';
import { alertsApiRoutes } from './alerts';
import { applicantLinksRoutes } from './applicant-links';

export interface ApiRouteOptions {
  config: Config;
  database: DbHandle;
}

/** Everything under /api, inside the guarded scope (routes/guarded.ts). */
export async function apiRoutes(app: FastifyInstance, { config, database }: ApiRouteOptions) {
  // Unknown endpoints under /api answer problem details (not the site's page), behind the same
  // guards as a public endpoint: the fixed header, the XSRF echo on writes, the request limit.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    config: { access: 'public' },
    schema: { hide: true },
    handler: (_request, reply) => sendProblem(reply, 404, 'There is no such API endpoint.'),
  });

  app.get('/openapi.json', { config: { access: 'open' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const { repos } = app;
  await app.register(careerDetailsRoutes, { repos });
  await app.register(openingsApiRoutes, { repos });
  await app.register(referenceDataRoutes, { repos });
  // The node's one application store (app.ts) and upload budget, shared with the site's form.
  await app.register(saveApplicantRoutes, {
    repos,
    applications: app.applicationStore,
    config,
    pingDatabase: () => database.ping(),
  });
  // The apply dialog's multipart post: the same reading as the form without scripts.
  await app.register(applicationsApiRoutes, { config, database });
  await app.register(downloadAttachmentRoutes, { repos });
  await app.register(adminJobsRoutes, { repos });
  // The recruiters' console (docs/recruiters.md): session-guarded.
  await app.register(consoleSessionRoutes);
  // Single sign-on's way out and back, and the sign-in rules it lets an admin tighten.
  await app.register(consoleSsoRoutes);
  await app.register(consoleAccountSettingsRoutes);
  await app.register(consoleSessionListRoutes);
  await app.register(consoleJobsRoutes);
  // An opening's hiring team; what each person reaches follows it (domains/team/reach.ts).
  await app.register(consoleTeamRoutes);
  await app.register(consoleApplicantsRoutes, { config });
  // A candidate added by hand: the apply routes' multipart reading, limits and rules.
  await app.register(consoleAddCandidateRoutes, { config, database });
  await app.register(consoleUsersRoutes);
  // Two-step sign-in: the second step, a person's own app and codes, the admins' rule and reset.
  await app.register(secondFactorRoutes, { config });
  await app.register(consoleAuditRoutes);
  await app.register(consoleErasureRoutes);
  await app.register(consoleConversationRoutes);
  await app.register(consoleTokensRoutes);
  // Passkeys: signing in with one, and each person's own (docs/recruiters.md, "Passkeys").
  await app.register(consolePasskeyRoutes, { config });
  // Each person's private calendar feed of their interviews, and its link in Your account.
  await app.register(calendarFeedRoutes, { config });
  await app.register(consoleMessagesRoutes, { config });
  // Per opening and stage, the template a move into that stage sends (held for an undo).
  await app.register(consoleStageTemplatesRoutes);
  await app.register(consoleSourcesRoutes);
  // The site's words: drafts, publishing now or later, revisions (docs/content.md).
  await app.register(consoleContentRoutes);
  // The images placed in it: uploaded once, judged by their bytes, made in every size.
  await app.register(consoleContentImageRoutes);
  // Mail kept instead of sent without a mail server on a loopback host (admins only).
  await app.register(consoleOutboxRoutes, { config });
  await app.register(consoleInterviewsRoutes, { config });
  await app.register(consoleReportsRoutes);
  await app.register(consoleBulkRoutes, { config });
  await app.register(consoleScorecardRoutes);
  // Each person's notifications, mentions in notes, and how they hear of new applications.
  await app.register(consoleNotificationRoutes);
  // Voluntary self-identification: the form's answers (SELF_ID=us) and the compliance report.
  await app.register(selfIdRoutes, { config });
  await app.register(consoleSelfIdReportRoutes);
  // Job alerts (docs/careers.md): the same rules as the careers page's form.
  await app.register(alertsApiRoutes, { config });
  // The applicant's own links, mailed again (the page's form: routes/applicant-page.ts).
  await app.register(applicantLinksRoutes);
}
