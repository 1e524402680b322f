import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, engine, type TestDb } from '../test/test-app';
import type { Db } from './database';
import { writeTransaction } from './write-transaction';

const rows = async (db: Db) =>
  Number((await sql<{ n: number }>`select count(*) as n from wt`.execute(db)).rows[0]?.n);

describe(`writeTransaction (${engine})`, () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
    await sql`create table wt (k text not null)`.execute(t.handle.db);
  });
  afterEach(() => t.destroy());

  it('lets one of two racing check-then-insert transactions on a key insert', async () => {
    const insertOnce = () =>
      writeTransaction(
        t.handle.db,
        async (trx) => {
          const seen = await rows(trx);
          await sleep(50);
          if (seen === 0) await sql`insert into wt (k) values ('a')`.execute(trx);
        },
        ['a'],
      );
    await Promise.all([insertOnce(), insertOnce(), insertOnce()]);
    expect(await rows(t.handle.db)).toBe(1);
  });

  it.runIf(engine === 'sqlite')(
    'holds the write lock from its first read, so a commit elsewhere cannot make it fail',
    async () => {
      // Another connection to the same file (the applicant writer's thread, the CLI), told not
      // to wait: while the transaction holds the lock, its write is refused at once.
      const other = new SqliteDatabase(path.join(t.dataDir, 'site.db'));
      other.pragma('busy_timeout = 0');
      let otherWrite: unknown;
      try {
        await writeTransaction(t.handle.db, async (trx) => {
          await rows(trx);
          try {
            other.prepare(`insert into wt (k) values ('other')`).run();
          } catch (error) {
            otherWrite = error;
          }
          await sql`insert into wt (k) values ('ours')`.execute(trx);
        });
      } finally {
        other.close();
      }
      expect(String(otherWrite)).toMatch(/locked|busy/i);
      const kept = await sql<{ k: string }>`select k from wt`.execute(t.handle.db);
      expect(kept.rows.map((row) => row.k)).toEqual(['ours']);
    },
  );
});
