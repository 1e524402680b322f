import { sql } from 'kysely';
import { dialect, type AnyDb } from './dialect';

/**
 * Structured hiring (docs/recruiters.md "Hiring team", "Interviews", "Scorecards"): who works on
 * an opening, the interviews its plan holds per stage with their kits, the interviews scheduled
 * with applicants and who runs them, the slots offered to an applicant who books their own, the
 * scorecards interviewers fill in, each person's weekly working hours in their own time zone,
 * and the private tokens of their calendar feeds. Erasure deletes an applicant's interviews,
 * slots and scorecards with them.
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant, tableWithId } = dialect(db);

  // A person's own time zone (IANA name), for their working hours and the times they are shown.
  await db.schema.alterTable('users').addColumn('time_zone', 'varchar(64)').execute();

  await db.schema
    .createTable('job_team')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // 'recruiter', 'hiring_manager' or 'interviewer': one part per person per opening.
    .addColumn('part', 'varchar(20)', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_team_pk', ['job_id', 'user_id'])
    .execute();
  await db.schema.createIndex('job_team_user').on('job_team').column('user_id').execute();

  // Weekly working hours: a row per span of a weekday (1 Monday … 7 Sunday, ISO), in minutes
  // from midnight in the person's time zone; a person without rows keeps no hours.
  await db.schema
    .createTable('working_hours')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('start_minute', 'integer', (c) => c.notNull())
    .addColumn('end_minute', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('working_hours_pk', ['user_id', 'weekday', 'start_minute'])
    .addCheckConstraint(
      'working_hours_span',
      sql`weekday between 1 and 7 and start_minute >= 0 and end_minute <= 1440 and start_minute < end_minute`,
    )
    .execute();

  // An opening's interview plan: the interviews of each stage, in order, each with its kit
  // (focus attributes and questions, JSON arrays of strings). A removed plan interview keeps
  // its row (`removed_at`) so the interviews scheduled from it keep their kit.
  await tableWithId('plan_interviews')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id'))
    .addColumn('stage', 'varchar(20)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    // 'phone', 'video' or 'on_site'.
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('focus_attributes', 'text', (c) => c.notNull())
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('removed_at', instant)
    .execute();
  await db.schema
    .createIndex('plan_interviews_job')
    .on('plan_interviews')
    .columns(['job_id', 'stage', 'position'])
    .execute();

  // An interview with an applicant: scheduled (a start), offered (slots to book, no start
  // yet) or cancelled. `uid` and `sequence` are its calendar identity (raised on every change).
  await tableWithId('interviews')
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('plan_interview_id', 'integer', (c) => c.notNull().references('plan_interviews.id'))
    .addColumn('uid', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('starts_at', instant)
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('location', 'varchar(500)')
    .addColumn('created_by_user_id', 'integer', (c) =>
      c.references('users.id').onDelete('set null'),
    )
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('updated_at', instant, (c) => c.notNull())
    // The sequence whose invitation (or cancellation) has gone out; behind `sequence`, the
    // calendar mail of the change is still to send (claimed by one node).
    .addColumn('mailed_sequence', 'integer')
    // When the 24-hour reminder went out (claimed by one node), and the overdue-feedback one.
    .addColumn('reminded_at', instant)
    .addColumn('feedback_reminded_at', instant)
    .execute();
  await db.schema
    .createIndex('interviews_applicant')
    .on('interviews')
    .column('applicant_id')
    .execute();
  await db.schema
    .createIndex('interviews_starts')
    .on('interviews')
    .columns(['status', 'starts_at'])
    .execute();

  await db.schema
    .createTable('interview_interviewers')
    .addColumn('interview_id', 'integer', (c) =>
      c.notNull().references('interviews.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addPrimaryKeyConstraint('interview_interviewers_pk', ['interview_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('interview_interviewers_user')
    .on('interview_interviewers')
    .column('user_id')
    .execute();

  // The slots offered for an interview the applicant books themselves.
  await tableWithId('interview_slots')
    .addColumn('interview_id', 'integer', (c) =>
      c.notNull().references('interviews.id').onDelete('cascade'),
    )
    .addColumn('starts_at', instant, (c) => c.notNull())
    .addUniqueConstraint('interview_slots_uq', ['interview_id', 'starts_at'])
    .execute();

  // An interviewer's time taken by a booked slot, one row per interviewer per start: two
  // applicants can never book one interviewer's slot (the key refuses the second).
  await db.schema
    .createTable('slot_bookings')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('starts_at', instant, (c) => c.notNull())
    .addColumn('interview_id', 'integer', (c) =>
      c.notNull().references('interviews.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('slot_bookings_pk', ['user_id', 'starts_at'])
    .execute();

  // An interviewer's scorecard for an interview: the ratings per focus attribute (JSON: the
  // attribute, 1–4 or null for no opinion, notes), the overall recommendation, and when it was
  // submitted (null: a draft, seen by its author only).
  await db.schema
    .createTable('scorecards')
    .addColumn('interview_id', 'integer', (c) =>
      c.notNull().references('interviews.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('ratings', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    // 'strong_no', 'no', 'yes', 'strong_yes'; null until chosen.
    .addColumn('recommendation', 'varchar(20)')
    .addColumn('updated_at', instant, (c) => c.notNull())
    .addColumn('submitted_at', instant)
    .addPrimaryKeyConstraint('scorecards_pk', ['interview_id', 'user_id'])
    .execute();

  // A person's private calendar feed: the SHA-256 of its token in hex (the token itself is
  // shown once); a revoked feed has no row.
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) => c.notNull().primaryKey().references('users.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'calendar_feeds',
    'scorecards',
    'slot_bookings',
    'interview_slots',
    'interview_interviewers',
    'interviews',
    'plan_interviews',
    'working_hours',
    'job_team',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
