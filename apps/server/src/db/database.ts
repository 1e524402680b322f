import type { Kysely } from 'kysely';

/**
 * One type per table. The careers tables are added by their migrations; repositories are the
 * only code that queries them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';
