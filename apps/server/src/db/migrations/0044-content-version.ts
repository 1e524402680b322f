import type { AnyDb } from './dialect';

/**
 * The site content's data version (`data_versions`, 0010): every publish adds one to it in its
 * own transaction, so a node that reads it knows whether the pages it rendered from the
 * content are still what is published (docs/content.md, "Pages rendered from the store").
 */
export async function up(db: AnyDb): Promise<void> {
  await db
    .insertInto('data_versions' as never)
    .values({ name: 'content', version: 0 } as never)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db
    .deleteFrom('data_versions' as never)
    .where('name' as never, '=', 'content' as never)
    .execute();
}
