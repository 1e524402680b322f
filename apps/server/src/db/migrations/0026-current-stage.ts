import { sql } from 'kysely';
import type { AnyDb } from './dialect';

/**
 * The applicant's current stage stored on the applicant (docs/performance.md): every stage
 * filter, board column, "New" count and "select all matching" reads `current_stage` instead of
 * the latest row of its history. The history (applicant_stages) stays the record; the one writer
 * of history rows sets the column in the same transaction, under the applicant's lock. An
 * applicant without a stage row is in New, the column's default, so applying writes nothing more.
 * Indexes for the console's offered filters and sorts: an opening's board and its columns, a
 * stage across openings by applied date, and the name sort.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('applicants')
    .addColumn('current_stage', 'varchar(20)', (c) => c.notNull().defaultTo('New'))
    .execute();
  // From the history: each applicant's latest row (the highest id), if any.
  await sql`
    update applicants set current_stage = (
      select s.stage from applicant_stages s
      where s.applicant_id = applicants.id
      order by s.id desc
      limit 1
    )
    where exists (select 1 from applicant_stages s where s.applicant_id = applicants.id)
  `.execute(db);

  // An opening's board: per stage, newest first (the window's order), and an opening's list
  // filtered by stage in either direction.
  await sql`create index applicants_job_stage_idx
    on applicants (job_id, current_stage, applied_on desc, id desc)`.execute(db);
  // A stage across every opening, by applied date; the "New" counts.
  await sql`create index applicants_stage_applied_idx
    on applicants (current_stage, applied_on, id)`.execute(db);
  // The name sort: last name, then first name, case-folded as the list compares them.
  await sql`create index applicants_name_idx
    on applicants (lower(last_name), lower(first_name), id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of [
    'applicants_name_idx',
    'applicants_stage_applied_idx',
    'applicants_job_stage_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.alterTable('applicants').dropColumn('current_stage').execute();
}
