import { consolePagePaths, type AuditAction, type UserRole } from '@lumenfield/contract';
import { applicantPath, openingPath, ROLE_LABELS } from '../common/routes';

/** What each audited action was, in the words of the people who read the log. */
export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in refused',
  'sign-out': 'Signed out',
  'session-end': 'Ended a session',
  'second-factor-enrol': 'Turned on two-step sign-in',
  'second-factor-disable': 'Turned off two-step sign-in',
  'second-factor-failed': 'Two-step code refused',
  'second-factor-reset': 'Reset two-step sign-in',
  'recovery-code-use': 'Signed in with a recovery code',
  'recovery-codes-regenerate': 'Made new recovery codes',
  'content-publish': 'Published a page of the site',
  'content-schedule': 'Scheduled a page of the site',
  'content-restore': 'Restored an earlier version of a page',
  'account-settings-update': 'Changed the sign-in rules',
  'passkey-add': 'Added a passkey',
  'passkey-remove': 'Removed a passkey',
  'resume-view': 'Viewed a resume',
  'resume-download': 'Downloaded a resume',
  'applicant-view': 'Viewed an applicant',
  'applicants-list': 'Listed applicants',
  'applicants-export': 'Exported applicants (CSV)',
  'applicant-stage': 'Moved an applicant',
  'applicant-note': 'Added a note',
  'applicant-add': 'Added a candidate by hand',
  'interview-plan-update': 'Changed an interview plan',
  'working-hours-update': 'Changed their working hours',
  'interview-schedule': 'Scheduled an interview',
  'interview-reschedule': 'Rescheduled an interview',
  'interview-cancel': 'Cancelled an interview',
  'interview-offer': 'Offered interview times',
  'applicant-interview-book': 'Applicant booked an interview time',
  'applicant-interview-cancel': 'Applicant cancelled an interview',
  'applicant-erase': 'Erased a person’s data',
  'opening-create': 'Created an opening',
  'opening-update': 'Changed an opening',
  'opening-stage-templates': 'Changed an opening’s automatic messages',
  'outbox-list': 'Listed the local outbox',
  'outbox-mail-view': 'Read a mail in the local outbox',
  'opening-team': 'Changed an opening’s hiring team',
  'user-create': 'Added a person',
  'user-update': 'Changed a person’s account',
  'token-call': 'Called the API with a token',
  'token-create': 'Created an API token',
  'token-revoke': 'Revoked an API token',
  'self-id-report-view': 'Viewed the self-identification report',
  'message-template-create': 'Added a message template',
  'message-template-update': 'Changed a message template',
  'message-template-delete': 'Deleted a message template',
  'rejection-reason-create': 'Added a rejection reason',
  'rejection-reason-update': 'Changed a rejection reason',
  'rejection-reason-delete': 'Deleted a rejection reason',
  'applicant-message': 'Sent a message to an applicant',
  'applicant-reject': 'Rejected an applicant',
  'applicant-bulk-undo': 'Undid a bulk action',
  'alert-subscribe': 'Job alert asked for',
  'alert-confirm': 'Job alert confirmed',
  'alert-unsubscribe': 'Job alert stopped',
  'alert-expire': 'Unconfirmed job alerts deleted',
  'alert-send': 'Job alerts sent',
  'applicant-withdraw': 'Applicant withdrew',
  'applicant-data-download': 'Applicant downloaded their data',
  'applicant-reply': 'Applicant replied on their page',
  'reply-attachment-download': "Downloaded a reply's file",
  'unmatched-reply-list': 'Listed unmatched replies',
  'unmatched-reply-view': 'Read an unmatched reply',
  'unmatched-reply-assign': 'Put an unmatched reply on a timeline',
  'unmatched-reply-discard': 'Discarded an unmatched reply',
  'applicant-erase-request': 'Applicant asked to be erased',
  'applicant-resume-replace': 'Applicant replaced their resume',
  'applicant-links-mail': 'Applicant’s links mailed',
  'source-create': 'Added a source',
  'source-delete': 'Deleted a source',
  'tracking-link-create': 'Made a tracking link',
  'tracking-link-update': 'Changed a tracking link',
  'applicant-merge': 'Merged two applications as one person',
  'applicant-merge-undo': 'Undid a merge',
  'applicant-duplicate-dismiss': 'Marked two applications as different people',
  'interview-invitation': 'Interview invitation mailed',
  'interview-cancellation': 'Interview cancellation mailed',
  'interview-reminder': 'Interview reminder mailed',
  'calendar-feed-create': 'Made a calendar feed link',
  'calendar-feed-revoke': 'Revoked a calendar feed link',
  'scorecard-submit': 'Submitted a scorecard',
  'scorecard-update': 'Changed a submitted scorecard',
};

/** The opening's and the message templates' field names, as their forms label them. */
const FIELD_WORDS: Record<string, string> = {
  code: 'code',
  title: 'title',
  location: 'location',
  effectiveFrom: 'published from',
  recruitmentManagers: 'recruitment managers',
  contactPersons: 'contact persons',
  contactEmails: 'contact e-mails',
  description: 'description',
  isOpen: 'open or closed',
  employmentType: 'employment type',
  workplaceType: 'workplace',
  payMin: 'lowest pay',
  payMax: 'highest pay',
  payCurrency: 'currency',
  payPeriod: 'pay period',
  locations: 'places',
  remoteCountries: 'remote countries',
  questions: 'questions',
  name: 'name',
  subject: 'subject',
  body: 'message',
  retired: 'retired',
};

const role = (word: string) => ROLE_LABELS[word as UserRole] ?? word;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * An audit row's detail as a reader says it: "Screening -> Interview" as "Screening →
 * Interview", "role admin" as "Role: Admin", "changed payMin, title" as "Changed lowest pay,
 * title". Whatever is not known is shown as the row has it.
 */
export function auditDetailWords(detail: string): string {
  const parts = detail.split(', ').map((part) => {
    const made = /^role (\w+)$/.exec(part);
    if (made) return `role: ${role(made[1] ?? '')}`;
    const changedRole = /^role (\w+) -> (\w+)$/.exec(part);
    if (changedRole) return `role ${role(changedRole[1] ?? '')} → ${role(changedRole[2] ?? '')}`;
    const changed = /^changed (\w+)(.*)$/.exec(part);
    if (changed)
      return `changed ${FIELD_WORDS[changed[1] ?? ''] ?? changed[1] ?? ''}${changed[2] ?? ''}`;
    return FIELD_WORDS[part] && /^[a-z][A-Za-z]+$/.test(part)
      ? (FIELD_WORDS[part] ?? part)
      : part.replaceAll(' -> ', ' → ');
  });
  return capital(parts.join(', '));
}

/** "user 4" as "User 4", "POST /api/admin/jobs" as it is. */
export const auditTargetWords = (target: string) => capital(target);

/**
 * Where a row's target is in the console: an applicant's page, an opening's page (its
 * applicants and board are a link away), the users screen. Other targets have no page.
 */
export function auditTargetHref(target: string): string | undefined {
  const match = /^(applicant|opening|user) (\d{1,9})$/.exec(target);
  if (!match) return undefined;
  const id = Number(match[2]);
  if (match[1] === 'applicant') return applicantPath(id);
  if (match[1] === 'opening') return openingPath(id);
  return consolePagePaths.users;
}
