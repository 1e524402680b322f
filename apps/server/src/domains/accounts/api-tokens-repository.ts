import crypto from 'node:crypto';
import { sql } from 'kysely';
import { API_TOKEN_PREFIX, MAX_API_TOKENS } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import type { SessionMethod } from './sessions-repository';
import { toIso } from '../../db/database';
import { toUser, type User } from './users-repository';

/** A personal API token as stored, less its hash. */
export interface StoredApiToken {
  id: number;
  userId: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export class TooManyTokensError extends Error {
  constructor() {
    super(`At most ${MAX_API_TOKENS} live tokens per person`);
    this.name = 'TooManyTokensError';
  }
}

/**
 * A new secret: the prefix and 256 random bits. SHA-256 of it is what is stored and looked up;
 * a slow hash (scrypt) protects guessable passwords, and nothing about 256 random bits is
 * guessable, while every API call must find its token at once (docs/security.md).
 */
export function mintApiToken(): { secret: string; hash: string } {
  const secret = `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashApiToken(secret) };
}

export const hashApiToken = (secret: string) =>
  crypto.createHash('sha256').update(secret).digest('hex');

type Row = {
  id: number;
  userId: number;
  name: string;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
};

const toToken = (row: Row): StoredApiToken => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  createdAt: toIso(row.createdAt),
  lastUsedAt: row.lastUsedAt === null ? null : toIso(row.lastUsedAt),
});

const COLUMNS = [
  'apiTokens.id',
  'apiTokens.userId',
  'apiTokens.name',
  'apiTokens.createdAt',
  'apiTokens.lastUsedAt',
] as const;

/** The lock a person's token creation holds: their tokens are counted one creation at a time. */
export const apiTokensLock = (userId: number) => `api-tokens:${userId}`;

/** Personal API tokens (docs/recruiters.md). The only code that touches the table. */
export function apiTokensRepository(db: Db) {
  return {
    /**
     * A new token of `userId`, unless they already hold MAX_API_TOKENS (TooManyTokensError).
     * Counted and inserted in the caller's write transaction, which holds `apiTokensLock(userId)`
     * (`repos.changeAccounts`), so tokens made at once cannot pass the limit together.
     * `madeWith`: how the session that made it had signed in.
     */
    async create(
      userId: number,
      name: string,
      hash: string,
      now: Date,
      madeWith: SessionMethod,
    ): Promise<StoredApiToken> {
      const held = await db
        .selectFrom('apiTokens')
        .select(sql<number>`count(*)`.as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(held.n) >= MAX_API_TOKENS) throw new TooManyTokensError();
      const row = await db
        .insertInto('apiTokens')
        .values({
          userId,
          name,
          tokenHash: hash,
          createdAt: now.toISOString(),
          lastUsedAt: null,
          madeWith,
        })
        .returning([...COLUMNS])
        .executeTakeFirstOrThrow();
      return toToken(row);
    },

    /** A person's tokens, newest first. */
    async listForUser(userId: number): Promise<StoredApiToken[]> {
      const rows = await db
        .selectFrom('apiTokens')
        .select([...COLUMNS])
        .where('userId', '=', userId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toToken);
    },

    /** The token with this hash and its owner, active or not (the caller judges). */
    async findByHash(hash: string): Promise<{ token: StoredApiToken; user: User } | undefined> {
      const row = await db
        .selectFrom('apiTokens')
        .innerJoin('users', 'users.id', 'apiTokens.userId')
        .select([
          ...COLUMNS,
          'users.email',
          'users.name as userName',
          'users.role',
          'users.isActive',
          'users.createdAt as userCreatedAt',
          'users.lastSignInAt',
        ])
        .where('apiTokens.tokenHash', '=', hash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        token: toToken(row),
        user: toUser({
          ...row,
          id: row.userId,
          name: row.userName,
          createdAt: row.userCreatedAt,
        }),
      };
    },

    async touch(id: number, now: Date): Promise<void> {
      await db
        .updateTable('apiTokens')
        .set({ lastUsedAt: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /** Revokes one of the person's own tokens; undefined when they hold none with that id. */
    async revoke(userId: number, id: number): Promise<StoredApiToken | undefined> {
      const row = await db
        .deleteFrom('apiTokens')
        .where('id', '=', id)
        .where('userId', '=', userId)
        .returning([...COLUMNS])
        .executeTakeFirst();
      return row && toToken(row);
    },

    /** Revokes every token (a restored copy holds tokens revoked since it was made). */
    async deleteAll(): Promise<number> {
      const result = await db.deleteFrom('apiTokens').executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Revokes every token made from a session signed in with a password alone, or made before
     * that was recorded (the second-factor rule, in its transaction); answers how many.
     */
    async deleteMadeWithPasswordOnly(): Promise<number> {
      const result = await db
        .deleteFrom('apiTokens')
        .where((eb) => eb.or([eb('madeWith', 'is', null), eb('madeWith', '=', 'password')]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Revokes every token of a person (deactivated). */
    async deleteForUser(userId: number): Promise<number> {
      const result = await db
        .deleteFrom('apiTokens')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof apiTokensRepository>;
