import type { AnyDb } from './dialect';

/**
 * `mail_queue.reply_token`: the conversation token of a queued mail to a candidate, in clear
 * until the mail goes (the row is deleted on delivery, as its status link is). The sender
 * writes it into the mail's `Reply-To` (`careers+<token>@…`) when REPLY_ADDRESS is set;
 * `reply_addresses` keeps only its hash.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_queue').addColumn('reply_token', 'varchar(32)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_queue').dropColumn('reply_token').execute();
}
