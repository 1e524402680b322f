import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engine, type TestDb } from '../test/test-app';
import type { Db } from './database';
import { migrateToLatest } from './migrate';

interface ForeignKey {
  table: string;
  columns: string[];
  references: string;
}

/** Every foreign key of the schema, as the database itself describes it. */
async function foreignKeys(db: Db): Promise<ForeignKey[]> {
  if (engine === 'postgres') {
    const { rows } = await sql<{ tab: string; cols: string[]; target: string }>`
      select c.conrelid::regclass::text as tab, c.confrelid::regclass::text as target,
             array(select a.attname from unnest(c.conkey) with ordinality as k(n, o)
                     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n
                    order by k.o)::text[] as cols
        from pg_constraint c
       where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db);
    return rows.map((r) => ({ table: r.tab, columns: r.cols, references: r.target }));
  }
  const keys: ForeignKey[] = [];
  for (const table of await tables(db)) {
    const { rows } = await sql<{ id: number; seq: number; table: string; from: string }>`
      select * from pragma_foreign_key_list(${table})`.execute(db);
    const byId = new Map<number, typeof rows>();
    for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
    for (const group of byId.values()) {
      keys.push({
        table,
        columns: group.sort((a, b) => a.seq - b.seq).map((r) => r.from),
        references: group[0]!.table,
      });
    }
  }
  return keys;
}

async function tables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master
     where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Whether a partial index's condition is only "its first column is not null": such an index
 * still finds every row a key's value names (a null key names none), as a nullable foreign
 * key's lookups ask.
 */
const onlyNotNull = (predicate: string, first: string | undefined) =>
  first !== undefined &&
  predicate.toLowerCase().replace(/["()\s]/g, '') === `${first.toLowerCase()}isnotnull`;

/**
 * The column lists of every index that can find a table's rows by its leading columns: whole
 * indexes and those leaving out only rows whose first column is null, with the primary key
 * (SQLite's integer key is the table itself).
 */
async function indexColumns(db: Db): Promise<Map<string, string[][]>> {
  const byTable = new Map<string, string[][]>();
  const add = (table: string, columns: string[]) =>
    byTable.set(table, [...(byTable.get(table) ?? []), columns]);
  if (engine === 'postgres') {
    // An expression's place in indkey is 0: it ends the columns an index leads with.
    const { rows } = await sql<{ tab: string; cols: string[]; pred: string | null }>`
      select i.indrelid::regclass::text as tab, pg_get_expr(i.indpred, i.indrelid) as pred,
             array(select a.attname from unnest(i.indkey::int2[]) with ordinality as k(n, o)
                     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n
                    where k.o < coalesce((select min(z.o) from unnest(i.indkey::int2[])
                                            with ordinality as z(n, o) where z.n = 0), 1000)
                    order by k.o)::text[] as cols
        from pg_index i join pg_class c on c.oid = i.indrelid
       where c.relnamespace = current_schema()::regnamespace`.execute(db);
    for (const row of rows)
      if (row.pred === null || onlyNotNull(row.pred, row.cols[0])) add(row.tab, row.cols);
    return byTable;
  }
  for (const table of await tables(db)) {
    const { rows: key } = await sql<{ name: string; pk: number }>`
      select name, pk from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db);
    if (key.length > 0)
      add(
        table,
        key.map((r) => r.name),
      );
    const { rows: list } = await sql<{ name: string; partial: number }>`
      select name, partial from pragma_index_list(${table})`.execute(db);
    for (const index of list) {
      const { rows: info } = await sql<{ seqno: number; name: string | null }>`
        select seqno, name from pragma_index_info(${index.name}) order by seqno`.execute(db);
      const leading: string[] = [];
      // An expression's column has no name: it ends the columns the index leads with.
      for (const column of info) {
        if (column.name === null) break;
        leading.push(column.name);
      }
      if (index.partial === 1) {
        const { rows: made } = await sql<{ sql: string }>`
          select sql from sqlite_master where type = 'index' and name = ${index.name}`.execute(db);
        const predicate = /\swhere\s(.*)$/is.exec(made[0]?.sql ?? '')?.[1] ?? '';
        if (!onlyNotNull(predicate, leading[0])) continue;
      }
      add(table, leading);
    }
  }
  return byTable;
}

/** Whether some index's first columns are exactly the key's columns, in any order. */
function covered(key: ForeignKey, indexes: string[][]): boolean {
  const wanted = new Set(key.columns);
  return indexes.some(
    (columns) =>
      columns.length >= wanted.size &&
      columns.slice(0, wanted.size).every((column) => wanted.has(column)),
  );
}

describe(`every foreign key has an index (${engine})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await migrateToLatest(t.handle.db);
  });
  afterAll(() => t.destroy());

  it('reads the foreign keys from the database (the check sees the schema)', async () => {
    const keys = await foreignKeys(t.handle.db);
    // Known keys: a deleted applicant's rows are found through these.
    expect(keys).toContainEqual({
      table: 'application_submits',
      columns: ['applicant_id'],
      references: 'applicants',
    });
    expect(keys).toContainEqual({
      table: 'mail_queue',
      columns: ['applicant_id'],
      references: 'applicants',
    });
    expect(keys.length).toBeGreaterThan(40);
  });

  it('leads some index with the columns of every foreign key', async () => {
    const keys = await foreignKeys(t.handle.db);
    const indexes = await indexColumns(t.handle.db);
    // Deleting (or erasing) a referenced row looks up each referencing table by its key: an
    // unindexed key scans the whole table once per row deleted.
    const missing = keys
      .filter((key) => !covered(key, indexes.get(key.table) ?? []))
      .map((key) => `${key.table}(${key.columns.join(', ')}) -> ${key.references}`);
    expect(missing).toEqual([]);
  });
});
