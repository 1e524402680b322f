import type { Migration } from 'kysely';
import * as careers from './0001-careers';
import * as applicationSubmits from './0002-application-submits';
import * as mailQueue from './0003-mail-queue';
import * as consoleTables from './0004-console';
import * as jobTerms from './0005-job-terms';
import * as jobLeases from './0006-job-leases';
import * as auditAppendOnly from './0007-audit-append-only';
import * as apiTokens from './0008-api-tokens';
import * as questionsAndPlaces from './0009-questions-and-places';
import * as dataVersions from './0010-data-versions';
import * as selfIdentification from './0011-self-identification';
import * as applicantLinks from './0012-applicant-links';
import * as messages from './0013-messages';
import * as jobAlerts from './0014-job-alerts';
import * as searchOutbox from './0015-search-outbox';
import * as linkRequests from './0016-link-requests';
import * as bulkBatches from './0017-bulk-batches';
import * as sources from './0018-sources';
import * as duplicates from './0019-duplicates';
import * as reportIndexes from './0020-report-indexes';
import * as mailCaps from './0021-mail-caps';
import * as remoteCountry from './0022-remote-country';
import * as structuredHiring from './0023-structured-hiring';
import * as calendarMail from './0024-calendar-mail';
import * as erasureIndexes from './0025-erasure-indexes';
import * as currentStage from './0026-current-stage';
import * as applicantSearch from './0027-applicant-search';
import * as conversations from './0028-conversations';
import * as replyTokens from './0029-reply-tokens';
import * as notificationSettings from './0031-notification-settings';
import * as outboxAndStageMail from './0032-outbox-and-stage-mail';
import * as sessionDevices from './0033-session-devices';
import * as accountSettings from './0034-account-settings';
import * as secondFactor from './0035-second-factor';
import * as passkeys from './0036-passkeys';
import * as ssoIdentities from './0037-sso-identities';
import * as reportAggregates from './0038-report-aggregates';
import * as sessionIdToken from './0039-session-id-token';
import * as apiTokenMethods from './0040-api-token-methods';
import * as reportStays from './0041-report-stays';
import * as openingListIndexes from './0042-opening-list-indexes';
import * as content from './0043-content';
import * as contentVersion from './0044-content-version';
import * as contentImages from './0045-content-images';

/**
 * Every migration, in order. Listed here rather than read from the folder so the server
 * bundle carries them. Write DDL both SQLite and PostgreSQL accept; branch on the dialect
 * only where they really differ.
 */
export const migrations: Record<string, Migration> = {
  '0001-careers': careers,
  '0002-application-submits': applicationSubmits,
  '0003-mail-queue': mailQueue,
  '0004-console': consoleTables,
  '0005-job-terms': jobTerms,
  '0006-job-leases': jobLeases,
  '0007-audit-append-only': auditAppendOnly,
  '0008-api-tokens': apiTokens,
  '0009-questions-and-places': questionsAndPlaces,
  '0010-data-versions': dataVersions,
  '0011-self-identification': selfIdentification,
  '0012-applicant-links': applicantLinks,
  '0013-messages': messages,
  '0014-job-alerts': jobAlerts,
  '0015-search-outbox': searchOutbox,
  '0016-link-requests': linkRequests,
  '0017-bulk-batches': bulkBatches,
  '0018-sources': sources,
  '0019-duplicates': duplicates,
  '0020-report-indexes': reportIndexes,
  '0021-mail-caps': mailCaps,
  '0022-remote-country': remoteCountry,
  '0023-structured-hiring': structuredHiring,
  '0024-calendar-mail': calendarMail,
  '0025-erasure-indexes': erasureIndexes,
  '0026-current-stage': currentStage,
  '0027-applicant-search': applicantSearch,
  '0028-conversations': conversations,
  '0029-reply-tokens': replyTokens,
  '0031-notification-settings': notificationSettings,
  '0032-outbox-and-stage-mail': outboxAndStageMail,
  '0033-session-devices': sessionDevices,
  '0034-account-settings': accountSettings,
  '0035-second-factor': secondFactor,
  '0036-passkeys': passkeys,
  '0037-sso-identities': ssoIdentities,
  '0038-report-aggregates': reportAggregates,
  '0039-session-id-token': sessionIdToken,
  '0040-api-token-methods': apiTokenMethods,
  '0041-report-stays': reportStays,
  '0042-opening-list-indexes': openingListIndexes,
  '0043-content': content,
  '0044-content-version': contentVersion,
  '0045-content-images': contentImages,
};
