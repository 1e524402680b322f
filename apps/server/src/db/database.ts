import type { Kysely, Selectable } from 'kysely';
import type { DB, Jobs, Users } from './schema.generated';

/**
 * The tables as queries see them: camelCase names (create-db.ts maps them to the snake_case
 * columns), generated from the migrations into schema.generated.ts by `npm run db:types`.
 * Booleans are 0/1 integers on both engines (SQLite has no boolean to bind); instants are
 * `Instant` (instant.ts).
 */
export type Database = DB;
export type { Instant } from './instant';

export type JobRow = Selectable<Jobs>;
export type UserRow = Selectable<Users>;

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

/** An instant as ISO 8601 in UTC, whichever engine returned it. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
