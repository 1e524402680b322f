import { sql } from 'kysely';
import { MAX_PASSKEYS } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';

/** What a ceremony's challenge is for: adding a passkey, or signing in with one. */
export type PasskeyPurpose = 'register' | 'sign-in';

/** A registered passkey as stored (its public key as base64url of the COSE key). */
export interface StoredPasskey {
  id: number;
  userId: number;
  /** base64url, as the browser names the credential. */
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  /** Backed up by its provider (a synced passkey), as the authenticator last said. */
  synced: boolean;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A new passkey, as a verified registration gives it. */
export type NewPasskey = Omit<StoredPasskey, 'id' | 'createdAt' | 'lastUsedAt'>;

/** A stored challenge, found by its cookie's hash. */
export interface StoredChallenge {
  purpose: PasskeyPurpose;
  challengeHash: string;
  userId: number | null;
  expiresAt: string;
}

export class TooManyPasskeysError extends Error {
  constructor() {
    super(`At most ${MAX_PASSKEYS} passkeys per person`);
    this.name = 'TooManyPasskeysError';
  }
}

export class PasskeyInUseError extends Error {
  constructor() {
    super('This passkey is already added to an account');
    this.name = 'PasskeyInUseError';
  }
}

/** The lock a person's passkey registration holds: their passkeys are counted one at a time. */
export const passkeysLock = (userId: number) => `passkeys:${userId}`;

type Row = {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number | string;
  transports: string;
  synced: number;
  name: string;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
};

const transportsOf = (text: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

const toPasskey = (row: Row): StoredPasskey => ({
  id: row.id,
  userId: row.userId,
  credentialId: row.credentialId,
  publicKey: row.publicKey,
  // PostgreSQL's driver answers a bigint as a string.
  counter: Number(row.counter),
  transports: transportsOf(row.transports),
  synced: row.synced === 1,
  name: row.name,
  createdAt: toIso(row.createdAt),
  lastUsedAt: row.lastUsedAt === null ? null : toIso(row.lastUsedAt),
});

const COLUMNS = [
  'passkeys.id',
  'passkeys.userId',
  'passkeys.credentialId',
  'passkeys.publicKey',
  'passkeys.counter',
  'passkeys.transports',
  'passkeys.synced',
  'passkeys.name',
  'passkeys.createdAt',
  'passkeys.lastUsedAt',
] as const;

/** Passkeys and their ceremonies' challenges (docs/recruiters.md). The only code on the tables. */
export function passkeysRepository(db: Db) {
  const countForUser = async (userId: number): Promise<number> => {
    const row = await db
      .selectFrom('passkeys')
      .select(sql<number>`count(*)`.as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  return {
    /**
     * A new passkey of its person, unless they hold MAX_PASSKEYS (TooManyPasskeysError). In the
     * caller's write transaction, which holds `passkeysLock(userId)` (`repos.changeAccounts`).
     */
    async create(passkey: NewPasskey, now: Date): Promise<StoredPasskey> {
      if ((await countForUser(passkey.userId)) >= MAX_PASSKEYS) throw new TooManyPasskeysError();
      try {
        const row = await db
          .insertInto('passkeys')
          .values({
            userId: passkey.userId,
            credentialId: passkey.credentialId,
            publicKey: passkey.publicKey,
            counter: String(passkey.counter),
            transports: JSON.stringify(passkey.transports),
            synced: passkey.synced ? 1 : 0,
            name: passkey.name,
            createdAt: now.toISOString(),
            lastUsedAt: null,
          })
          .returning([...COLUMNS])
          .executeTakeFirstOrThrow();
        return toPasskey(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new PasskeyInUseError();
        throw error;
      }
    },

    /** A person's passkeys, newest first. */
    async listForUser(userId: number): Promise<StoredPasskey[]> {
      const rows = await db
        .selectFrom('passkeys')
        .select([...COLUMNS])
        .where('userId', '=', userId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toPasskey);
    },

    /** How many passkeys a person has (a second step may ask for one when there is any). */
    countForUser,

    async findByCredentialId(credentialId: string): Promise<StoredPasskey | undefined> {
      const row = await db
        .selectFrom('passkeys')
        .select([...COLUMNS])
        .where('credentialId', '=', credentialId)
        .executeTakeFirst();
      return row && toPasskey(row);
    },

    /**
     * A use: the new signature counter and whether it syncs, unless another use stored a counter
     * at least as high meanwhile (a cloned authenticator racing its original): false then.
     */
    async recordUse(
      id: number,
      use: { counter: number; previous: number; synced: boolean },
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({
          counter: String(use.counter),
          synced: use.synced ? 1 : 0,
          lastUsedAt: now.toISOString(),
        })
        .where('id', '=', id)
        .where('counter', '=', String(use.previous))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Removes one of a person's passkeys; undefined when they hold none with that id. */
    async remove(userId: number, id: number): Promise<StoredPasskey | undefined> {
      const row = await db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('userId', '=', userId)
        .returning([...COLUMNS])
        .executeTakeFirst();
      return row && toPasskey(row);
    },

    /** A ceremony's challenge, named by the hash of its cookie's value. */
    async createChallenge(id: string, challenge: StoredChallenge, now: Date): Promise<void> {
      // Expired challenges of anyone go now and then; a new ceremony is a fine moment.
      await db
        .deleteFrom('passkeyChallenges')
        .where('expiresAt', '<=', now.toISOString())
        .execute();
      await db
        .insertInto('passkeyChallenges')
        .values({
          id,
          purpose: challenge.purpose,
          challengeHash: challenge.challengeHash,
          userId: challenge.userId,
          expiresAt: challenge.expiresAt,
        })
        .execute();
    },

    /**
     * Takes a challenge once: the row is deleted as it is read, so a second answer to the same
     * challenge (a replay, or two tabs) finds nothing. An expired one is taken and refused.
     */
    async takeChallenge(
      id: string,
      purpose: PasskeyPurpose,
      now: Date,
    ): Promise<StoredChallenge | undefined> {
      const row = await db
        .deleteFrom('passkeyChallenges')
        .where('id', '=', id)
        .returning(['purpose', 'challengeHash', 'userId', 'expiresAt'])
        .executeTakeFirst();
      if (!row || row.purpose !== purpose) return undefined;
      const expiresAt = toIso(row.expiresAt);
      if (Date.parse(expiresAt) <= now.getTime()) return undefined;
      return { purpose, challengeHash: row.challengeHash, userId: row.userId, expiresAt };
    },
  };
}

export type PasskeysRepository = ReturnType<typeof passkeysRepository>;
