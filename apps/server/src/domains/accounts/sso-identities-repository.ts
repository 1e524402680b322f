import type { Db } from '../../db/database';

/**
 * Which console account a provider's subject is (docs/security.md, "Single sign-on"): bound at
 * the account's first single sign-on, found by it afterwards. The only code that touches the
 * table.
 */
export function ssoIdentitiesRepository(db: Db) {
  return {
    /** The account bound to `subject` at `issuer`, if any. */
    async findUser(issuer: string, subject: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('ssoIdentities')
        .select('userId')
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.userId;
    },

    /** The subject the account is bound to at `issuer`, if any. */
    async findSubject(userId: number, issuer: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('ssoIdentities')
        .select('subject')
        .where('userId', '=', userId)
        .where('issuer', '=', issuer)
        .executeTakeFirst();
      return row?.subject;
    },

    /** Binds the account to the subject (in the caller's transaction, beside its sign-in). */
    async bind(issuer: string, subject: string, userId: number, now: Date): Promise<void> {
      await db
        .insertInto('ssoIdentities')
        .values({ issuer, subject, userId, createdAt: now.toISOString() })
        .execute();
    },

    /** Forgets every binding of the account (deactivated: a later owner binds anew). */
    async deleteForUser(userId: number): Promise<number> {
      const result = await db
        .deleteFrom('ssoIdentities')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SsoIdentitiesRepository = ReturnType<typeof ssoIdentitiesRepository>;
