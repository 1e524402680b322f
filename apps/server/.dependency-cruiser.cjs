// The server's layer rules (docs/architecture.md, "Layers"), checked by `npm run check:layers`
// (part of `npm run check`). Paths are from the repository root, where the check runs.
const src = '^apps/server/src/';
// Tests and their helpers may import whatever they prove.
const tests = `\\.test\\.ts$|${src}(test|bad-input|security)/`;
const fastify = '^node_modules/(fastify|@fastify/|fastify-plugin|fastify-type-provider-zod)';

/** `from` may import nothing under `forbidden` (tests exempt). */
const rule = (name, comment, from, forbidden, extra = {}) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: tests },
  to: { path: forbidden, ...extra },
});

/**
 * Domains and the domains each may import: an acyclic order, audit and mail at the bottom.
 * Applications import openings to judge an application against its opening; the pipeline
 * imports audit to write a change and its audit row in one transaction.
 */
const domainImports = {
  audit: [],
  mail: [],
  accounts: [],
  // An application credits its source (a tracking link's) in its own transaction, and is
  // judged against its opening's questions and places (accept-application.ts).
  applications: ['mail', 'audit', 'sources', 'openings', 'notifications'],
  // Openings queue the search engines' notices of a change in its transaction.
  openings: ['search'],
  // A message or a rejection queues its mail and mints a status link in the stage's transaction.
  pipeline: ['applications', 'audit', 'mail', 'messages', 'team', 'notifications'],
  // Templates, reasons and sent messages; their changes are audited in their transaction.
  messages: ['audit'],
  // The applicant's own page: their view of the pipeline, their links, mail and audit; their
  // thread with the recruiters and their answers on it (conversations).
  applicant: [
    'pipeline',
    'applications',
    'mail',
    'audit',
    'messages',
    'team',
    'interviews',
    'conversations',
  ],
  // Voluntary self-identification: its own tables, read by nothing a recruiter sees.
  'self-id': [],
  // The site's editable content: its own two tables; a publish or restore is audited in its
  // transaction.
  content: ['audit'],
  // Job alerts: their mails and audit rows, and the openings they tell of.
  alerts: ['mail', 'audit', 'openings'],
  // The search engines' outbox and its sender: URLs only, no other domain.
  search: [],
  // Sources and tracking links; their changes are audited in their transaction.
  sources: ['audit'],
  // Interviews reaching calendars: invitations and reminders queued as mail with their audit
  // rows, and the private feeds.
  calendar: ['mail', 'audit', 'interviews'],
  // Scorecards: their audited saves, and the overdue ones' reminders queued as mail.
  scorecards: ['mail', 'audit', 'notifications'],
  // Hiring teams and each person's reach over openings and applicants (team/reach.ts).
  team: ['audit'],
  // What tells a console person something needs them: read within their reach, mailed as
  // digests. Mentions, replies, feedback due, bulk results and applications write it in their
  // own transaction.
  notifications: ['mail', 'team'],
  // Interview plans, working hours and scheduling: audited in their transaction; an
  // interview's applicant is found as the pipeline finds one; times offered to the candidate
  // are mailed with a fresh status link.
  interviews: ['audit', 'pipeline', 'mail', 'applications'],
  // Candidates' replies: matched by the token their mail's Reply-To named, their files judged
  // as resumes are, and the opening's recruiters told; the thread reads the messages sent, and
  // an admin's handling of an unmatched reply is audited in its transaction.
  conversations: ['mail', 'applications', 'notifications', 'messages', 'audit'],
};

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules import one another in one direction only.',
      severity: 'error',
      from: { path: src },
      to: { circular: true },
    },
    rule(
      'config-imports-nothing',
      'config.ts reads the environment; it imports none of our modules.',
      `${src}config\\.ts$`,
      `${src}`,
    ),
    rule(
      'lib-is-plain',
      'lib/ holds pure helpers: it imports only lib/ and config.ts.',
      `${src}lib/`,
      `${src}(?!lib/|config\\.ts$)`,
    ),
    rule(
      'no-fastify-below-plugins',
      "lib/, db/ and the domains hold no HTTP code: Fastify belongs to plugins/ and routes/ (a type, such as the logger's, is fine).",
      `${src}(lib|db|domains)/`,
      fastify,
      { dependencyTypesNot: ['type-only'] },
    ),
    rule(
      'db-imports-no-domain',
      'db/ (Kysely, migrations, the Database types) imports only db/, lib/ and config.ts.',
      `${src}db/`,
      `${src}(?!db/|lib/|config\\.ts$)`,
    ),
    rule(
      'domains-below-http',
      'Domains import db/, lib/, config.ts and other domains only: never plugins, routes, workers or the CLI.',
      `${src}domains/`,
      `${src}(?!domains/|db/|lib/|config\\.ts$)`,
    ),
    rule(
      'domains-index-on-top',
      'domains/index.ts gathers every repository; no domain imports it back.',
      `${src}domains/.+/`,
      `${src}domains/index\\.ts$`,
    ),
    ...Object.entries(domainImports).map(([domain, allowed]) =>
      rule(
        `domain-order-${domain}`,
        `The ${domain} domain may import ${allowed.length ? allowed.join(', ') : 'no other domain'}.`,
        `${src}domains/${domain}/`,
        `${src}domains/(?!${[domain, ...allowed].map((d) => `${d}/`).join('|')})`,
      ),
    ),
    rule(
      'plugins-below-routes',
      "plugins/ (the app's Fastify plugins) import domains, db, lib and config, never routes or the CLI.",
      `${src}plugins/`,
      `${src}(routes/|cli/|app\\.ts$|server\\.ts$)`,
    ),
    rule(
      'workers-below-http',
      'workers/ import domains, db and lib, never plugins, routes or the CLI.',
      `${src}workers/`,
      `${src}(?!workers/|domains/|db/|lib/|config\\.ts$)`,
    ),
    rule(
      'routes-are-adapters',
      'routes/ import plugins, domains, lib, config, workers (their thread pools) and db types only.',
      `${src}routes/`,
      `${src}(cli/|app\\.ts$|server\\.ts$|prepare\\.ts$)`,
    ),
    rule(
      'routes-use-db-types-only',
      'routes/ reach the database through domains; from db/ they take types only.',
      `${src}routes/`,
      `${src}db/`,
      { dependencyTypesNot: ['type-only'] },
    ),
    rule(
      'only-app-imports-routes',
      'Nothing imports routes/ but app.ts (and the route tests).',
      `${src}(?!routes/|app\\.ts$)`,
      `${src}routes/`,
    ),
    rule(
      'only-cli-imports-cli',
      'Nothing imports cli/ but its own entry points.',
      `${src}(?!cli/)`,
      `${src}cli/`,
    ),
    rule(
      'contract-testing-in-tests-only',
      "The contract's test fixtures (@lumenfield/contract/testing) are for tests: nothing that ships imports them.",
      src,
      // By name (the package's exports are not resolved here) or by path.
      '^(@lumenfield/contract/testing|packages/contract/src/testing\\.ts)$',
    ),
    rule(
      'app-is-a-root',
      'app.ts and server.ts are composition roots: only the entry points import them.',
      `${src}(?!cli/|server\\.ts$)`,
      `${src}(app|server)\\.ts$`,
    ),
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^packages/'] },
    exclude: { path: ['^apps/web/', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.d.ts', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
