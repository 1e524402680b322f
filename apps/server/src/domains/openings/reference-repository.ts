import type { Db } from '../../db/database';
import {
  countryOptions,
  experienceBands,
  shifts,
  stateOptions,
  type ReferenceOption,
} from '../../db/reference-data';

export interface Option {
  value: number;
  label: string;
}

// SQLite allows 32 766 bound values per statement; 400 rows x 4 columns stays far below.
const CHUNK = 400;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}

/** Countries, states, experience bands and shifts: the apply form's option lists. */
export function referenceRepository(db: Db) {
  return {
    /** Inserts or refreshes every reference row; running it twice changes nothing. */
    async seed(): Promise<void> {
      const countries = countryOptions();
      const states = stateOptions();
      await db.transaction().execute(async (trx) => {
        for (const batch of chunks(countries)) {
          await trx
            .insertInto('countries')
            .values(batch)
            .onConflict((oc) =>
              oc.column('value').doUpdateSet((eb) => ({
                alpha2: eb.ref('excluded.alpha2'),
                label: eb.ref('excluded.label'),
              })),
            )
            .execute();
        }
        for (const batch of chunks(states)) {
          await trx
            .insertInto('states')
            .values(batch)
            .onConflict((oc) =>
              oc.column('value').doUpdateSet((eb) => ({ label: eb.ref('excluded.label') })),
            )
            .execute();
        }
        const options = async (
          table: 'experienceBands' | 'shifts',
          rows: readonly ReferenceOption[],
        ) => {
          await trx
            .insertInto(table)
            .values(rows.map((r) => ({ ...r })))
            .onConflict((oc) =>
              oc.column('value').doUpdateSet((eb) => ({
                label: eb.ref('excluded.label'),
                position: eb.ref('excluded.position'),
              })),
            )
            .execute();
        };
        await options('experienceBands', experienceBands);
        await options('shifts', shifts);
      });
    },

    async countries(): Promise<Option[]> {
      const rows = await db.selectFrom('countries').select(['value', 'label']).execute();
      // Sorted here, not in SQL, so both engines agree whatever their collation.
      return rows.sort((a, b) => a.label.localeCompare(b.label, 'en'));
    },

    async countryExists(value: number): Promise<boolean> {
      const row = await db
        .selectFrom('countries')
        .select('value')
        .where('value', '=', value)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The states of a country (possibly none); undefined when the country is unknown. */
    async statesOf(countryValue: number): Promise<Option[] | undefined> {
      if (!(await this.countryExists(countryValue))) return undefined;
      const rows = await db
        .selectFrom('states')
        .select(['value', 'label'])
        .where('countryValue', '=', countryValue)
        .execute();
      return rows.sort((a, b) => a.label.localeCompare(b.label, 'en'));
    },

    async stateBelongsTo(stateValue: number, countryValue: number): Promise<boolean> {
      const row = await db
        .selectFrom('states')
        .select('value')
        .where('value', '=', stateValue)
        .where('countryValue', '=', countryValue)
        .executeTakeFirst();
      return row !== undefined;
    },

    async experienceBands(): Promise<Option[]> {
      return db
        .selectFrom('experienceBands')
        .select(['value', 'label'])
        .orderBy('position')
        .execute();
    },

    async shifts(): Promise<Option[]> {
      return db.selectFrom('shifts').select(['value', 'label']).orderBy('position').execute();
    },
  };
}

export type ReferenceRepository = ReturnType<typeof referenceRepository>;
