/**
 * Writes src/db/schema.generated.ts, the Database types, from the migrations themselves: it
 * migrates a new SQLite database in a temporary folder and lets kysely-codegen read it, with
 * camelCase names (db/create-db.ts maps them with Kysely's CamelCasePlugin). With `--verify` it
 * writes nothing and fails when the file differs from what the migrations give (npm run check).
 *
 * Instants are text on SQLite and timestamptz on PostgreSQL, so the database alone cannot tell
 * them apart from other text: a column named `at` or ending in `_at`, `_on`, `_from` or `_until` is typed
 * `Instant` (db/database.ts), the one type that reads as either engine returns it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CamelCasePlugin, sql } from 'kysely';
import { generate, SqliteDialect } from 'kysely-codegen';
import * as prettier from 'prettier';
import { createDb } from '../src/db/create-db';
import { migrateToLatest } from '../src/db/migrate';

const outFile = fileURLToPath(new URL('../src/db/schema.generated.ts', import.meta.url));
const verify = process.argv.includes('--verify');
const isInstant = (column: string) => /(^at|_at|_on|_from|_until)$/.test(column);

/** The plugin's own two mappings: a name must come back from camelCase as it went in. */
class NameMapping extends CamelCasePlugin {
  roundTrips(name: string): boolean {
    return this.snakeCase(this.camelCase(name)) === name;
  }
}
const names = new NameMapping();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-types-'));
try {
  const handle = createDb({ dataDir });
  await migrateToLatest(handle.db);
  await handle.close();

  const dialect = new SqliteDialect();
  const db = await dialect.introspector.connect({
    connectionString: path.join(dataDir, 'site.db'),
    dialect,
  });
  // Filled in by postprocess, which runs before the types are written.
  const instants: Record<string, string> = {};
  const generated = await generate({
    db,
    dialect,
    camelCase: true,
    // Kysely's bookkeeping, and SQLite's full-text table of the applicants' search with its
    // shadow tables: read only through SQL written for SQLite (domains/pipeline), absent on
    // PostgreSQL, so no type of the schema may offer them.
    excludePattern: '{kysely_*,applicants_search*}',
    postprocess: async ({ metadata }) => {
      for (const table of metadata.tables) {
        for (const name of [table.name, ...table.columns.map((column) => column.name)]) {
          // `address_2` would read as `address2` and be written back as `address2`.
          if (!names.roundTrips(name)) throw new Error(`${name} does not map back from camelCase`);
        }
        const { rows } = await sql<{ name: string; pk: number }>`
          select name, pk from pragma_table_info(${table.name})`.execute(db);
        const keys = new Set(rows.filter((row) => row.pk > 0).map((row) => row.name));
        for (const column of table.columns) {
          // SQLite reports a primary key as nullable unless declared NOT NULL; ours never are.
          if (keys.has(column.name)) column.isNullable = false;
          if (isInstant(column.name)) {
            instants[`${table.name}.${column.name}`] = column.isNullable
              ? 'Instant | null'
              : 'Instant';
          }
        }
      }
      return metadata;
    },
    overrides: { columns: instants },
    customImports: { Instant: './instant' },
    outFile: null,
  });
  await db.destroy();

  const options = (await prettier.resolveConfig(outFile)) ?? {};
  const text = await prettier.format(generated, { ...options, filepath: outFile });
  const current = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : '';
  if (verify) {
    if (text !== current) {
      console.error(
        `${path.relative(process.cwd(), outFile)} is not what the migrations give: run npm run db:types`,
      );
      process.exitCode = 1;
    }
  } else if (text !== current) {
    fs.writeFileSync(outFile, text);
    console.log(`wrote ${path.relative(process.cwd(), outFile)}`);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
