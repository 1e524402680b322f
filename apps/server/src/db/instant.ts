import type { ColumnType } from 'kysely';

/**
 * Instants are written as ISO 8601 strings on both engines; SQLite hands them back as text,
 * PostgreSQL (timestamptz) as a Date. Repositories normalise with `toIso` (db/database.ts).
 */
export type Instant = ColumnType<Date | string, string, string>;
