import { dialect, type AnyDb } from './dialect';

/**
 * Interviews reach calendars (docs/recruiters.md, "Calendar invitations", "Reminders"):
 * - `mail_queue.ical_method` and `ical_body`: a queued mail's iCalendar part (REQUEST or
 *   CANCEL, and the VCALENDAR text), sent as a `text/calendar` alternative and as `invite.ics`;
 *   null on every other mail.
 * - `interviews.reminded_starts_at`: the start the 24-hour reminder went out for. A reminder is due
 *   while it differs from `starts_at`, so an interview moved after its reminder gets one for the
 *   new time, and one that did not move never gets a second.
 * - `interviews.mailed_interviewer_ids`: the interviewers (a JSON array of user ids) the last
 *   calendar mail went to, so one taken off the interview gets its cancellation.
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant } = dialect(db);
  await db.schema.alterTable('mail_queue').addColumn('ical_method', 'varchar(10)').execute();
  await db.schema.alterTable('mail_queue').addColumn('ical_body', 'text').execute();
  await db.schema.alterTable('interviews').addColumn('reminded_starts_at', instant).execute();
  await db.schema.alterTable('interviews').addColumn('mailed_interviewer_ids', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('interviews').dropColumn('mailed_interviewer_ids').execute();
  await db.schema.alterTable('interviews').dropColumn('reminded_starts_at').execute();
  await db.schema.alterTable('mail_queue').dropColumn('ical_body').execute();
  await db.schema.alterTable('mail_queue').dropColumn('ical_method').execute();
}
