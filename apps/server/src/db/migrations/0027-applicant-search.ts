import { sql } from 'kysely';
import { dialect, type AnyDb } from './dialect';
import { applicantSearchText } from '../../lib/search-text';

/** Applicants read and written per round of the backfill. */
const BACKFILL_CHUNK = 500;

/**
 * The applicants' search through each engine's text search (docs/performance.md, "Search"):
 * every applicant's searched fields folded into one stored text (`search_text`: lower case,
 * accents removed, lib/search-text.ts, which the one writer of applicants also calls), and an
 * index that finds a fragment of it without reading the table. PostgreSQL: a GIN trigram index
 * (pg_trgm), which answers `search_text like '%fragment%'`. SQLite: an FTS5 table with the
 * trigram tokenizer over the column (external content: the text is stored once, in applicants),
 * kept in step by triggers, so applying, erasure and retention change it in their own
 * transaction.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres } = dialect(db);
  await db.schema
    .alterTable('applicants')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await backfill(db);
  if (postgres) {
    await sql`create index applicants_search_trgm_idx
      on applicants using gin (search_text ${await trigramOperators(db)})`.execute(db);
    return;
  }
  await sql`create virtual table applicants_search using fts5(
      search_text, content='applicants', content_rowid='id',
      tokenize='trigram remove_diacritics 1')`.execute(db);
  await sql`insert into applicants_search(applicants_search) values ('rebuild')`.execute(db);
  await sql`create trigger applicants_search_insert after insert on applicants begin
      insert into applicants_search(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
  await sql`create trigger applicants_search_delete after delete on applicants begin
      insert into applicants_search(applicants_search, rowid, search_text)
        values ('delete', old.id, old.search_text);
    end`.execute(db);
  await sql`create trigger applicants_search_update after update of search_text on applicants
    begin
      insert into applicants_search(applicants_search, rowid, search_text)
        values ('delete', old.id, old.search_text);
      insert into applicants_search(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
}

/**
 * pg_trgm's GIN operator class, the extension created if missing. Extensions are the
 * database's, not a schema's: it goes into a schema of its own (`extensions`, made if missing),
 * which no schema of ours drops with itself, and its operator class is named with that schema,
 * so it needs no search path. An installation that has pg_trgm elsewhere keeps it there. Two
 * migrations at once (the tests' schemas, two nodes) take turns under an advisory lock held to
 * their commit.
 */
async function trigramOperators(db: AnyDb) {
  await sql`select pg_advisory_xact_lock(hashtext('lumenfield: create extensions'))`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace
     where e.extname = 'pg_trgm'`.execute(db);
  let schema = rows[0]?.schema;
  if (!schema) {
    await sql`create schema if not exists extensions`.execute(db);
    await sql`create extension if not exists pg_trgm schema extensions`.execute(db);
    schema = 'extensions';
  }
  return sql.id(schema, 'gin_trgm_ops');
}

/** Gives every applicant their search text, a chunk at a time, each chunk in one statement. */
async function backfill(db: AnyDb): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{
      id: number;
      first: string;
      last: string;
      email: string;
      city: string;
    }>`select id, first_name as first, last_name as last, email, city
         from applicants where id > ${after} order by id limit ${BACKFILL_CHUNK}`.execute(db);
    if (rows.length === 0) return;
    const values = rows.map(
      (row) =>
        sql`(cast(${row.id} as integer), cast(${applicantSearchText({
          firstName: row.first,
          lastName: row.last,
          email: row.email,
          city: row.city,
        })} as text))`,
    );
    await sql`with v (id, t) as (values ${sql.join(values)})
      update applicants set search_text = v.t from v where applicants.id = v.id`.execute(db);
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (dialect(db).postgres) {
    await db.schema.dropIndex('applicants_search_trgm_idx').ifExists().execute();
  } else {
    for (const trigger of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.id(`applicants_search_${trigger}`)}`.execute(db);
    }
    await sql`drop table if exists applicants_search`.execute(db);
  }
  await db.schema.alterTable('applicants').dropColumn('search_text').execute();
}
