import type { AnyDb } from './dialect';

/**
 * Indexes for the recruiters' reports (docs/recruiters.md, "Reports"; measured in
 * docs/performance.md): every report starts from the applicants who applied between two dates,
 * optionally for one opening, and reads each one's latest stage row (the highest id of theirs).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('applicants_job_applied_idx')
    .on('applicants')
    .columns(['job_id', 'applied_on'])
    .execute();
  await db.schema
    .createIndex('applicants_applied_idx')
    .on('applicants')
    .column('applied_on')
    .execute();
  await db.schema
    .createIndex('applicant_stages_latest_idx')
    .on('applicant_stages')
    .columns(['applicant_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of [
    'applicant_stages_latest_idx',
    'applicants_applied_idx',
    'applicants_job_applied_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
