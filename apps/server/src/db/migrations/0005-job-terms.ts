import { sql } from 'kysely';
import { dialect, type AnyDb } from './dialect';

/** The demo openings' terms as they were seeded before this migration (docs/careers.md). */
const demoTerms: readonly {
  code: string;
  employment: string;
  workplace: string;
  pay: [number, number, string, string];
}[] = [
  {
    code: 'LTP-GW-1042',
    employment: 'FULL_TIME',
    workplace: 'HYBRID',
    pay: [115_000, 145_000, 'USD', 'YEAR'],
  },
  {
    code: 'LTP-LT-2207',
    employment: 'FULL_TIME',
    workplace: 'ONSITE',
    pay: [82_000, 98_000, 'USD', 'YEAR'],
  },
  {
    code: 'LTP-QA-3310',
    employment: 'FULL_TIME',
    workplace: 'ONSITE',
    pay: [1_200_000, 1_800_000, 'INR', 'YEAR'],
  },
  {
    code: 'LTP-CL-4128',
    employment: 'FULL_TIME',
    workplace: 'ONSITE',
    pay: [45_000, 65_000, 'PHP', 'MONTH'],
  },
  {
    code: 'LTP-DS-5016',
    employment: 'CONTRACTOR',
    workplace: 'HYBRID',
    pay: [35_000, 50_000, 'PHP', 'MONTH'],
  },
  {
    code: 'LTP-GW-1187',
    employment: 'FULL_TIME',
    workplace: 'HYBRID',
    pay: [3_000_000, 4_200_000, 'INR', 'YEAR'],
  },
  {
    code: 'LTP-CCM-6032',
    employment: 'FULL_TIME',
    workplace: 'REMOTE',
    pay: [105_000, 130_000, 'USD', 'YEAR'],
  },
];

/**
 * An opening's employment type, workplace type and pay range (docs/careers.md), and the moment it
 * closed (retention counts from it). Existing openings: full time; remote or hybrid when their
 * place says so, on site otherwise; no range, except the demo openings' realistic ones; closed
 * ones count as closed since their last change.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres, instant } = dialect(db);
  const amount = postgres ? sql`double precision` : sql`real`;
  await db.schema
    .alterTable('jobs')
    .addColumn('employment_type', 'varchar(20)', (c) => c.notNull().defaultTo('FULL_TIME'))
    .execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('workplace_type', 'varchar(10)', (c) => c.notNull().defaultTo('ONSITE'))
    .execute();
  await db.schema.alterTable('jobs').addColumn('pay_min', amount).execute();
  await db.schema.alterTable('jobs').addColumn('pay_max', amount).execute();
  await db.schema.alterTable('jobs').addColumn('pay_currency', 'varchar(3)').execute();
  await db.schema.alterTable('jobs').addColumn('pay_period', 'varchar(10)').execute();
  await db.schema.alterTable('jobs').addColumn('closed_at', instant).execute();

  await sql`update jobs set workplace_type = 'REMOTE' where lower(location) like '%remote%'`.execute(
    db,
  );
  await sql`update jobs set workplace_type = 'HYBRID' where lower(location) like '%hybrid%'`.execute(
    db,
  );
  await sql`update jobs set closed_at = updated_at where is_open = 0`.execute(db);
  for (const t of demoTerms) {
    const [min, max, currency, period] = t.pay;
    await sql`update jobs set employment_type = ${t.employment}, workplace_type = ${t.workplace},
      pay_min = ${min}, pay_max = ${max}, pay_currency = ${currency}, pay_period = ${period}
      where code = ${t.code}`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of [
    'closed_at',
    'pay_period',
    'pay_currency',
    'pay_max',
    'pay_min',
    'workplace_type',
    'employment_type',
  ]) {
    await db.schema.alterTable('jobs').dropColumn(column).execute();
  }
}
