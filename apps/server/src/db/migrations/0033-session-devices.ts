import type { AnyDb } from './dialect';

/**
 * What a person's list of sessions shows (docs/security.md, "Sessions"): the device in words,
 * the place by address and the address with its host part hidden, written when the session
 * starts. Sessions from before have none; the list says so.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const [column, size] of [
    ['device', 120],
    ['place', 120],
    ['address', 64],
  ] as const) {
    await db.schema.alterTable('sessions').addColumn(column, `varchar(${size})`).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['address', 'place', 'device']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
