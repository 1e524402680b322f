import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/**
 * A transaction that writes a stored applicant comes from changeApplicants or
 * changeFoundApplicants (db/write-transaction.ts), which hold the applicant's lock. A bare
 * writeTransaction is for everything else: a new file that takes one must be added here with
 * the reason it touches no stored applicant, so a writer cannot forget the lock unseen.
 */
describe('who opens a write transaction without an applicant lock', () => {
  it('only code that writes no stored applicant', () => {
    const files = sources(src)
      .filter((file) => fs.readFileSync(file, 'utf8').includes('writeTransaction('))
      .map((file) => path.relative(src, file))
      .sort();
    expect(files).toEqual([
      // Its definition, and changeApplicants built on it.
      'db/write-transaction.ts',
      // Sign-in failures, per account and address.
      'domains/accounts/sign-in-throttle-repository.ts',
      // Job alerts: subscriptions and their mails, no applicant.
      'domains/alerts/alerts-repository.ts',
      // A "send me my links" request: an address waiting to be handled, no applicant.
      'domains/applications/applicant-links.ts',
      // A new applicant: nobody else can know its id before it commits.
      'domains/applications/applicants-repository.ts',
      // A person's calendar feed token, no applicant.
      'domains/calendar/calendar-feeds.ts',
      // The site's content: its images, under their bytes' lock; a page's revisions, under the
      // page's own lock; an image's deletion, under the lock of its use; no applicant.
      'domains/content/content-images.ts',
      'domains/content/content-repository.ts',
      'domains/content/image-placement.ts',
      // Replies no conversation claimed: read and discarded, audited; an assignment to an
      // applicant is changeApplicants'.
      'domains/conversations/unmatched-replies.ts',
      // Openings and accounts.
      'domains/index.ts',
      // Interview plans and working hours; an interview's change is under its applicant's lock.
      'domains/interviews/plans-repository.ts',
      // Templates and rejection reasons.
      'domains/messages/messages-repository.ts',
      // An opening's template per stage; the mail on a move is moveStage's, under its lock.
      'domains/messages/stage-templates-repository.ts',
      // A person's digest: their notifications marked mailed and the mail queued, no applicant.
      'domains/notifications/notification-digests.ts',
      // The batch's own row; each applicant's change is moveStage's or reject's, under its lock.
      'domains/pipeline/bulk-changes.ts',
      // Sources and tracking links.
      'domains/sources/sources-repository.ts',
      // An opening's hiring team, under the opening's lock; no applicant.
      'domains/team/team-repository.ts',
    ]);
  });
});
