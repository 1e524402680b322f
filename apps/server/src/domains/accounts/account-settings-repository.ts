import { accountSettingsSchema, type AccountSettings } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { jsonColumn } from '../../db/json-column';

/** Each rule as it is until an admin sets it: the site as it was before the rule existed. */
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  requireSecondFactor: false,
  passwordSignIn: 'everyone',
  breakGlassUserId: null,
};

/**
 * Held by every change that reads a rule to judge itself (the rules' PATCH, an admin changing
 * the break-glass account), so two of them are judged one after the other.
 */
export const ACCOUNT_SETTINGS_LOCK = 'account-settings';

const RULES = Object.keys(DEFAULT_ACCOUNT_SETTINGS) as (keyof AccountSettings)[];

/**
 * The site-wide rules for signing in (docs/security.md, "Accounts"), one row per rule. A rule
 * never set, or stored under older rules, reads as its default. The only code that touches the
 * table.
 */
export function accountSettingsRepository(db: Db) {
  return {
    async read(): Promise<AccountSettings & { updatedAt: string | null }> {
      const rows = await db
        .selectFrom('accountSettings')
        .select(['name', 'value', 'updatedAt'])
        .execute();
      const stored = new Map(rows.map((row) => [row.name, row.value]));
      const settings = Object.fromEntries(
        RULES.map((rule) => [
          rule,
          jsonColumn(
            accountSettingsSchema.shape[rule],
            stored.get(rule) ?? null,
            DEFAULT_ACCOUNT_SETTINGS[rule],
          ),
        ]),
      ) as AccountSettings;
      const times = rows.map((row) => toIso(row.updatedAt)).sort();
      return { ...settings, updatedAt: times.at(-1) ?? null };
    },

    /** Sets the rules given (in the caller's transaction, beside its audit row). */
    async write(
      changes: Partial<AccountSettings>,
      userId: number | null,
      now: Date,
    ): Promise<void> {
      for (const rule of RULES) {
        if (changes[rule] === undefined) continue;
        const row = {
          value: JSON.stringify(changes[rule]),
          updatedAt: now.toISOString(),
          updatedBy: userId,
        };
        await db
          .insertInto('accountSettings')
          .values({ name: rule, ...row })
          .onConflict((conflict) => conflict.column('name').doUpdateSet(row))
          .execute();
      }
    },
  };
}
