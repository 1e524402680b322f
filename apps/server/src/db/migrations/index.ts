import type { Migration } from 'kysely';
import * as careers from './0001-careers';
import * as applicationSubmits from './0002-application-submits';
import * as mailQueue from './0003-mail-queue';

/**
 * Every migration, in order. Listed here rather than read from the folder so the server
 * bundle carries them. Write DDL both SQLite and PostgreSQL accept; branch on the dialect
 * only where they really differ.
 */
export const migrations: Record<string, Migration> = {
  '0001-careers': careers,
  '0002-application-submits': applicationSubmits,
  '0003-mail-queue': mailQueue,
};
