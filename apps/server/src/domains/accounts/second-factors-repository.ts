import type { SecondFactors } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';

/**
 * A pending sign-in: a right password waiting for its code (`totp`, a passkey too when the person
 * has one), for a passkey (`passkey`: the rule holds and a passkey is their only factor), or for
 * the person to enrol (`enrol`).
 */
export interface PendingSignIn {
  /** SHA-256 hex of its cookie's token. */
  id: string;
  userId: number;
  kind: 'totp' | 'passkey' | 'enrol';
  createdAt: string;
  expiresAt: string;
  failures: number;
}

/** A person's authenticator secret as stored: sealed, on once confirmed. */
export interface StoredTotp {
  sealed: string;
  confirmed: boolean;
  lastUsedStep: number | null;
}

/**
 * Second factors, their recovery codes and pending sign-ins (docs/security.md, "Second
 * factor"). The only code that touches these tables; it never sees a secret in the clear.
 */
export function secondFactorsRepository(db: Db) {
  return {
    /**
     * Whether a person has a second factor: an authenticator app on, and the recovery codes not
     * yet used. Passkeys join this answer when they come.
     */
    async secondFactorsOf(userId: number): Promise<SecondFactors> {
      const totp = await db
        .selectFrom('secondFactors')
        .select('confirmedAt')
        .where('userId', '=', userId)
        .executeTakeFirst();
      const codes = await db
        .selectFrom('recoveryCodes')
        .select((eb) => eb.fn.countAll<string | number>().as('left'))
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .executeTakeFirstOrThrow();
      return { totp: Boolean(totp?.confirmedAt), recoveryCodesLeft: Number(codes.left) };
    },

    /** The people among everyone whose authenticator app is on. */
    async withTotp(): Promise<Set<number>> {
      const rows = await db
        .selectFrom('secondFactors')
        .select('userId')
        .where('confirmedAt', 'is not', null)
        .execute();
      return new Set(rows.map((row) => row.userId));
    },

    async totpOf(userId: number): Promise<StoredTotp | undefined> {
      const row = await db
        .selectFrom('secondFactors')
        .select(['totpSecret', 'confirmedAt', 'lastUsedStep'])
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        sealed: row.totpSecret,
        confirmed: row.confirmedAt !== null,
        lastUsedStep: row.lastUsedStep === null ? null : Number(row.lastUsedStep),
      };
    },

    /** A new secret not yet on, replacing an unconfirmed one (never a confirmed one). */
    async startTotp(userId: number, sealed: string, now: Date): Promise<void> {
      await db
        .deleteFrom('secondFactors')
        .where('userId', '=', userId)
        .where('confirmedAt', 'is', null)
        .execute();
      await db
        .insertInto('secondFactors')
        .values({ userId, totpSecret: sealed, createdAt: now.toISOString() })
        .execute();
    },

    /**
     * Takes time step `step` for this person: true when it is later than the last one taken,
     * in one statement, so two requests with the same code cannot both pass.
     */
    async takeStep(userId: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('secondFactors')
        .set({ lastUsedStep: step })
        .where('userId', '=', userId)
        .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async confirmTotp(userId: number, now: Date): Promise<void> {
      await db
        .updateTable('secondFactors')
        .set({ confirmedAt: now.toISOString() })
        .where('userId', '=', userId)
        .execute();
    },

    /** The person's recovery codes are these (hashes) from now on; the old ones stop working. */
    async replaceRecoveryCodes(userId: number, hashes: string[], now: Date): Promise<void> {
      await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
      await db
        .insertInto('recoveryCodes')
        .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now.toISOString() })))
        .execute();
    },

    /** Spends one recovery code: true when it was theirs and unused (one statement). */
    async useRecoveryCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('recoveryCodes')
        .set({ usedAt: now.toISOString() })
        .where('userId', '=', userId)
        .where('codeHash', '=', codeHash)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The authenticator app and every recovery code of a person go; answers whether any was. */
    async removeAll(userId: number): Promise<boolean> {
      const totp = await db
        .deleteFrom('secondFactors')
        .where('userId', '=', userId)
        .executeTakeFirst();
      const codes = await db
        .deleteFrom('recoveryCodes')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(totp.numDeletedRows) + Number(codes.numDeletedRows) > 0;
    },

    async createPending(pending: Omit<PendingSignIn, 'failures'>): Promise<void> {
      await db
        .insertInto('pendingSignIns')
        .values({ ...pending, failures: 0 })
        .execute();
    },

    async findPending(id: string): Promise<PendingSignIn | undefined> {
      const row = await db
        .selectFrom('pendingSignIns')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...row,
        kind: row.kind === 'enrol' || row.kind === 'passkey' ? row.kind : 'totp',
        createdAt: toIso(row.createdAt),
        expiresAt: toIso(row.expiresAt),
      };
    },

    /** One more wrong code; answers how many it has had. */
    async failPending(id: string): Promise<number> {
      await db
        .updateTable('pendingSignIns')
        .set((eb) => ({ failures: eb('failures', '+', 1) }))
        .where('id', '=', id)
        .execute();
      const row = await db
        .selectFrom('pendingSignIns')
        .select('failures')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.failures ?? Number.MAX_SAFE_INTEGER;
    },

    async deletePending(id: string): Promise<void> {
      await db.deleteFrom('pendingSignIns').where('id', '=', id).execute();
    },

    async deletePendingForUser(userId: number): Promise<void> {
      await db.deleteFrom('pendingSignIns').where('userId', '=', userId).execute();
    },

    async deleteExpiredPending(now: Date): Promise<void> {
      await db.deleteFrom('pendingSignIns').where('expiresAt', '<=', now.toISOString()).execute();
    },
  };
}

export type SecondFactorsRepository = ReturnType<typeof secondFactorsRepository>;
