import type { Db } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { composed } from '../lib/composed';
import { jobAlertsRepository } from './alerts/alerts-repository';
import { interviewsRepository } from './interviews/interviews-repository';
import { plansRepository } from './interviews/plans-repository';
import { scheduleConflicts } from './interviews/conflicts';
import type { ConflictsQuery } from '@lumenfield/contract';
import { accountSettingsRepository } from './accounts/account-settings-repository';
import { ssoIdentitiesRepository } from './accounts/sso-identities-repository';
import { apiTokensRepository } from './accounts/api-tokens-repository';
import { secondFactorsRepository } from './accounts/second-factors-repository';
import { passkeysRepository } from './accounts/passkeys-repository';
import { applicantsRepository } from './applications/applicants-repository';
import { auditRepository } from './audit/audit-repository';
import { calendarFeedsRepository } from './calendar/calendar-feeds';
import { contentRepository } from './content/content-repository';
import { contentImagesRepository } from './content/content-images';
import { imagePlacement } from './content/image-placement';
import { erasureRepository, leaseRepository } from './applications/erasure-repository';
import { jobsRepository } from './openings/jobs-repository';
import { mailRepository } from './mail/mail-repository';
import { outboxRepository } from './mail/outbox-repository';
import { stageTemplatesRepository } from './messages/stage-templates-repository';
import { messagesRepository } from './messages/messages-repository';
import { withListingCache } from './openings/listing-cache';
import { dataVersionRepository, liveVersion } from '../db/data-version';
import { pipelineChanges } from './pipeline/pipeline-changes';
import { messageChanges } from './pipeline/message-changes';
import { bulkChanges } from './pipeline/bulk-changes';
import { pipelineRepository } from './pipeline/pipeline-repository';
import { duplicateChanges } from './pipeline/duplicate-changes';
import { duplicatesRepository } from './pipeline/duplicates';
import { reportsRepository } from './pipeline/reports-repository';
import { interviewReports } from './pipeline/interview-reports';
import { referenceRepository } from './openings/reference-repository';
import { selfIdRepository } from './self-id/self-id-repository';
import { tellingSearchEngines } from './openings/search-notices';
import { searchOutboxRepository, type SearchTelling } from './search/search-outbox-repository';
import { feedbackDueRepository } from './scorecards/feedback-due';
import { scorecardsRepository } from './scorecards/scorecards-repository';
import { sessionsRepository } from './accounts/sessions-repository';
import { linkByToken, sourcesRepository } from './sources/sources-repository';
import { signInThrottleRepository } from './accounts/sign-in-throttle-repository';
import { usersRepository } from './accounts/users-repository';
import { teamRepository } from './team/team-repository';
import { replyFile, repliesOf } from './conversations/thread';
import { unmatchedRepliesRepository } from './conversations/unmatched-replies';
import { notificationsRepository } from './notifications/notifications-repository';
import { notificationDigests } from './notifications/notification-digests';
import { mentionablePeople } from './notifications/mentions';
import { applicationNoticesRepository } from './notifications/application-notices';

/**
 * The repositories an audited change to accounts writes with, over one transaction (none of them
 * opens a transaction of its own, which could not nest).
 */
function accountChangeRepositories(trx: Db) {
  return {
    users: usersRepository(trx),
    sessions: sessionsRepository(trx),
    accountSettings: accountSettingsRepository(trx),
    secondFactors: secondFactorsRepository(trx),
    ssoIdentities: ssoIdentitiesRepository(trx),
    apiTokens: apiTokensRepository(trx),
    passkeys: passkeysRepository(trx),
    audit: auditRepository(trx),
  };
}
export type AccountChangeRepositories = ReturnType<typeof accountChangeRepositories>;

/**
 * The repositories an audited change to openings writes with, over one transaction; its
 * openings' writes queue the search engines' notices in it (domains/openings/search-notices.ts).
 */
function openingChangeRepositories(trx: Db, options: RepositoryOptions) {
  const jobs = jobsRepository(trx);
  return {
    jobs: tellingSearchEngines(jobs, trx, options.search ?? noSearch, options.now ?? now),
    audit: auditRepository(trx),
  };
}
export type OpeningChangeRepositories = ReturnType<typeof openingChangeRepositories>;

export interface RepositoryOptions {
  /** The site's origin and the search engines told of openings' changes (none by default). */
  search?: SearchTelling;
  /** The clock of the writes that take none (the app's: tests set it). */
  now?: () => Date;
}
const noSearch: SearchTelling = { origin: '', engines: [] };
const now = () => new Date();

export function createRepositories(db: Db, options: RepositoryOptions = {}) {
  const cachedJobs = withListingCache(jobsRepository(db));
  const dataVersion = dataVersionRepository(db);
  /** What this process knows of the openings' data version (docs/performance.md). */
  const openingsVersion = liveVersion(dataVersion);
  const contentStore = contentRepository(db);
  const contentVersion = liveVersion(dataVersionRepository(db, 'content'));
  // A version heard from another node means their write committed: its rows are not these.
  openingsVersion.onChange(() => cachedJobs.clear());
  /**
   * Every write to the openings, with the data version bumped in its transaction and, once
   * committed, known here and announced to the other nodes: the one place that invalidates
   * every cached public answer (the API's, the pages').
   */
  const changingOpenings = async <T>(work: (trx: Db) => Promise<T>): Promise<T> => {
    let version = 0;
    const result = await cachedJobs.clearingAround(() =>
      writeTransaction(db, async (trx) => {
        const done = await work(trx);
        version = await dataVersionRepository(trx).bump();
        return done;
      }),
    );
    await openingsVersion.committed(version);
    return result;
  };
  const jobs = {
    ...cachedJobs,
    create: (...args: Parameters<typeof cachedJobs.create>) =>
      changingOpenings((trx) => jobsRepository(trx).create(...args)),
    update: (...args: Parameters<typeof cachedJobs.update>) =>
      changingOpenings((trx) => jobsRepository(trx).update(...args)),
  };
  // A token is made inside an account change, whose transaction holds its person's lock.
  const { create: _create, ...apiTokens } = apiTokensRepository(db);
  // So is a passkey, under its person's lock; and removed in one, beside its audit row.
  const { create: _createPasskey, remove: _removePasskey, ...passkeys } = passkeysRepository(db);
  return {
    jobs,
    // Erasure (by request and by retention) lives in its own module, served as the applicants'.
    applicants: composed(applicantsRepository(db), erasureRepository(db)),
    leases: leaseRepository(db),
    reference: referenceRepository(db),
    mail: mailRepository(db),
    // Mail kept instead of sent without a mail server on a loopback host (config.ts).
    outbox: outboxRepository(db),
    // Openings' automatic messages on a stage move, each replacement audited in its transaction.
    stageTemplates: stageTemplatesRepository(db),
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    accountSettings: accountSettingsRepository(db),
    // Two-step sign-in: authenticator secrets (sealed), recovery codes (hashed), pending
    // sign-ins; `secondFactorsOf(userId)` says what a person has.
    secondFactors: secondFactorsRepository(db),
    ssoIdentities: ssoIdentitiesRepository(db),
    audit: auditRepository(db),
    // Its writes record their audit row in their own transaction (pipeline-changes.ts).
    pipeline: composed(
      pipelineRepository(db),
      pipelineChanges(db),
      messageChanges(db),
      bulkChanges(db),
    ),
    // Duplicates: the suggestions and the same person's applications, and a recruiter's
    // decisions (merge, dismiss, undo), each audited in its transaction (pipeline/duplicates.ts).
    duplicates: composed(duplicatesRepository(db), duplicateChanges(db)),
    // The recruiters' reports: read-only figures over the stage history and the interviews
    // (docs/recruiters.md, "Reports").
    reports: composed(reportsRepository(db), interviewReports(db)),
    // Openings' hiring teams (each replacement audited in its transaction); reach is team/reach.ts.
    team: teamRepository(db),
    // Interview plans, working hours and interviews scheduled (docs/recruiters.md,
    // "Scheduling"): each change audited in its transaction, an applicant's under its lock.
    interviews: composed(plansRepository(db), interviewsRepository(db), {
      conflicts: (query: ConflictsQuery) => scheduleConflicts(db, query),
    }),
    signInThrottle: signInThrottleRepository(db),
    apiTokens,
    // Passkeys (docs/recruiters.md, "Passkeys"): the list, a sign-in's look-up and use, and the
    // ceremonies' one-time challenges.
    passkeys,
    // Voluntary self-identification: tokens, answers, and the compliance role's counts only.
    selfId: selfIdRepository(db),
    // Message templates and rejection reasons (their changes audited in their transaction).
    messages: messagesRepository(db),
    // Conversations (docs/recruiters.md): an applicant's replies, and the replies no
    // conversation claimed (each admin's read and decision audited in its transaction).
    replies: {
      of: (applicantId: number) => repliesOf(db, applicantId),
      file: (guid: string) => replyFile(db, guid),
    },
    unmatchedReplies: unmatchedRepliesRepository(db),
    // Job alerts: subscriptions, their links, and the runs that mail new openings.
    alerts: jobAlertsRepository(db),
    // Private calendar feeds: their tokens (made and revoked with an audit row) and contents.
    calendarFeeds: calendarFeedsRepository(db),
    // Notices to search engines about openings' pages, and the sender's reads and writes.
    searchOutbox: searchOutboxRepository(db),
    // Sources and tracking links (their changes audited in their transaction), and where a
    // link lands.
    sources: composed(sourcesRepository(db), {
      linkByToken: (token: string) => linkByToken(db, token),
    }),
    // Interviewers' scorecards: what each reader sees of them, and their audited saves.
    scorecards: composed(scorecardsRepository(db), feedbackDueRepository(db)),
    // A person's notifications (read within their reach), who a note may mention, the digests
    // mailed by the notification run, and how each hears of new applications.
    notifications: composed(notificationsRepository(db), notificationDigests(db), {
      mentionable: (applicantId: number) => mentionablePeople(db, applicantId),
    }),
    applicationNotices: applicationNoticesRepository(db),
    // The site's editable content: published pages, drafts, scheduled publishes, revisions and
    // preview tokens, each write under its page's lock (docs/content-store.md). A publish makes
    // a new content version, known here and announced to the other nodes once committed.
    content: {
      ...contentStore,
      async publish(...args: Parameters<typeof contentStore.publish>) {
        const outcome = await contentStore.publish(...args);
        if (outcome.state === 'published') await contentVersion.committed(outcome.dataVersion);
        return outcome;
      },
      async publishDue(now: Date) {
        const published = await contentStore.publishDue(now);
        const newest = Math.max(0, ...published.map((each) => each.dataVersion));
        if (published.length > 0) await contentVersion.committed(newest);
        return published;
      },
    },
    /** What this process knows of the published content's version (docs/content.md). */
    contentVersion,
    // The images placed in that content: one per distinct original, with every size and format
    // made of it once at upload (docs/content-store.md, "Images").
    contentImages: contentImagesRepository(db),
    // Deleting one of them when no revision places it (a draft's save placing it waits).
    imagePlacement: imagePlacement(db),
    /**
     * A change to accounts and its audit row, in one write transaction: both or neither. The
     * `lockKeys` are held for it (a token's creation: `apiTokensLock`).
     */
    changeAccounts: <T>(
      work: (repos: AccountChangeRepositories) => Promise<T>,
      lockKeys: readonly string[] = [],
    ): Promise<T> => writeTransaction(db, (trx) => work(accountChangeRepositories(trx)), lockKeys),
    /**
     * A person's second factor removed by someone else (an admin, the CLI): the app and the
     * codes go with every session and pending sign-in of theirs, audited, in one transaction.
     * Answers how many sessions ended, or undefined when there is no such account.
     */
    resetSecondFactor: (userId: number, actor: { userId: number } | { label: 'cli' }, at: Date) =>
      writeTransaction(db, async (trx) => {
        const changes = accountChangeRepositories(trx);
        if (!(await changes.users.findById(userId))) return undefined;
        await changes.secondFactors.removeAll(userId);
        await changes.secondFactors.deletePendingForUser(userId);
        const ended = await changes.sessions.deleteForUser(userId);
        const by = 'label' in actor ? 'by the command line' : 'by an admin';
        await changes.audit.record(
          {
            actor,
            action: 'second-factor-reset',
            target: `user ${userId}`,
            detail: `${by}; ${ended} sessions ended`,
          },
          at,
        );
        return ended;
      }),
    /**
     * A change to openings and its audit row, in one write transaction: both or neither, with
     * the openings' data version bumped in it. The openings list's cached rows are dropped once
     * it committed (listing-cache.ts), and every node hears the new version (data-version.ts).
     */
    changeOpenings: <T>(work: (repos: OpeningChangeRepositories) => Promise<T>): Promise<T> =>
      changingOpenings((trx) => work(openingChangeRepositories(trx, options))),
    openingsVersion,
    dataVersion,
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
