import { dialect, type AnyDb } from './dialect';

/** Openings, applicants with their resumes, and the reference data of the apply form. */
export async function up(db: AnyDb): Promise<void> {
  const t = dialect(db);
  const id = t.tableWithId;

  await id('jobs')
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('location', 'varchar(200)', (c) => c.notNull())
    .addColumn('description_html', 'text', (c) => c.notNull())
    .addColumn('effective_from', t.instant, (c) => c.notNull())
    .addColumn('recruitment_managers', 'varchar(1000)', (c) => c.notNull())
    .addColumn('contact_persons', 'varchar(1000)', (c) => c.notNull())
    .addColumn('contact_emails', 'varchar(2000)', (c) => c.notNull())
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('jobs_listing_idx')
    .on('jobs')
    .columns(['is_open', 'effective_from'])
    .execute();

  await id('applicants')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id'))
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('mobile_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('experience', 'varchar(100)')
    .addColumn('country_id', 'integer', (c) => c.notNull())
    .addColumn('state_id', 'integer', (c) => c.notNull())
    .addColumn('referred_by', 'varchar(200)')
    .addColumn('applied_on', t.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('applicants_job_idx').on('applicants').column('job_id').execute();

  await db.schema
    .createTable('attachments')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', t.bytes, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attachments_applicant_idx')
    .on('attachments')
    .column('applicant_id')
    .execute();

  await db.schema
    .createTable('countries')
    .addColumn('value', 'integer', (c) => c.primaryKey())
    .addColumn('alpha2', 'varchar(2)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('states')
    .addColumn('value', 'integer', (c) => c.primaryKey())
    .addColumn('country_value', 'integer', (c) => c.notNull().references('countries.value'))
    .addColumn('iso_code', 'varchar(10)', (c) => c.notNull())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addUniqueConstraint('states_country_iso_uq', ['country_value', 'iso_code'])
    .execute();
  for (const table of ['experience_bands', 'shifts']) {
    await db.schema
      .createTable(table)
      .addColumn('value', 'integer', (c) => c.primaryKey())
      .addColumn('label', 'varchar(200)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'attachments',
    'applicants',
    'jobs',
    'states',
    'countries',
    'experience_bands',
    'shifts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
