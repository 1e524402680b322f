import { userRoleSchema, type UserRole } from '@lumenfield/contract';
import type { Db, UserRow } from '../../db/database';
import { toIso } from '../../db/database';
import { hasControlCharacters } from '../../lib/control-characters';
import { isUniqueViolation } from '../../db/unique-violation';

export interface User {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  isActive: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

/** A user with the stored password hash: only the sign-in ever reads it. */
export interface UserWithPassword extends User {
  passwordHash: string;
}

export interface NewUser {
  email: string;
  name: string;
  role: UserRole;
  passwordHash: string;
}

export interface UserChange {
  name?: string;
  role?: UserRole;
  isActive?: boolean;
  passwordHash?: string;
}

export class EmailInUseError extends Error {
  constructor() {
    super('This e-mail address already has an account');
    this.name = 'EmailInUseError';
  }
}

/** E-mail addresses are compared and stored lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * A users row (less its password hash, the time zone its working hours are kept in, and how
 * its person hears of new applications) as a User; sessions-repository maps its join with it.
 */
export function toUser(
  row: Omit<UserRow, 'passwordHash' | 'timeZone' | 'applicationNotices'>,
): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: userRoleSchema.catch('recruiter').parse(row.role),
    isActive: row.isActive === 1,
    createdAt: toIso(row.createdAt),
    lastSignInAt: row.lastSignInAt === null ? null : toIso(row.lastSignInAt),
  };
}

/** Console accounts. The only code that touches the users table. */
export function usersRepository(db: Db) {
  const findById = async (id: number): Promise<User | undefined> => {
    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toUser(row);
  };

  return {
    async create(user: NewUser, now: Date): Promise<User> {
      try {
        const row = await db
          .insertInto('users')
          .values({
            email: normaliseEmail(user.email),
            name: user.name,
            role: user.role,
            passwordHash: user.passwordHash,
            isActive: 1,
            createdAt: now.toISOString(),
            lastSignInAt: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toUser(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new EmailInUseError();
        throw error;
      }
    },

    findById,

    async findForSignIn(email: string): Promise<UserWithPassword | undefined> {
      // No account's e-mail holds a control character (and PostgreSQL refuses NUL).
      if (hasControlCharacters(email)) return undefined;
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return row && { ...toUser(row), passwordHash: row.passwordHash };
    },

    /** How many accounts exist, deactivated ones too (none yet: `npm start` says how to add one). */
    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      // PostgreSQL's count is a bigint, which its driver hands over as a string.
      return Number(row.n);
    },

    /** Everyone, by name. */
    async list(): Promise<User[]> {
      const rows = await db.selectFrom('users').selectAll().orderBy('name').orderBy('id').execute();
      return rows.map(toUser);
    },

    async update(id: number, change: UserChange): Promise<User | undefined> {
      const values = {
        ...(change.name !== undefined && { name: change.name }),
        ...(change.role !== undefined && { role: change.role }),
        ...(change.isActive !== undefined && { isActive: change.isActive ? 1 : 0 }),
        ...(change.passwordHash !== undefined && { passwordHash: change.passwordHash }),
      };
      // A change of nothing (a PATCH with no known field) is the account as it is.
      if (Object.keys(values).length === 0) return findById(id);
      const row = await db
        .updateTable('users')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toUser(row);
    },

    async recordSignIn(id: number, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ lastSignInAt: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
