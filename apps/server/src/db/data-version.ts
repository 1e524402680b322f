import { sql } from 'kysely';
import { toIso, type Db } from './database';

/**
 * The kinds of data a cached answer is made of, each a row of `data_versions`: the openings
 * (docs/performance.md, "Live pages and API answers") and the site's published content
 * (docs/content.md, "Pages rendered from the store").
 */
export type DataVersionName = 'openings' | 'content';

/** How often a node reads the version from the database, whatever else tells it (Redis). */
export const VERSION_RECHECK_MS = 1_000;

/**
 * A data version: a number in the database (`data_versions`) that every write to its data (the
 * openings, or the published content) adds one to inside its own transaction. The only code
 * that reads or writes it.
 */
export function dataVersionRepository(db: Db, name: DataVersionName = 'openings') {
  return {
    async read(): Promise<number> {
      const row = await db
        .selectFrom('dataVersions')
        .select('version')
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(row?.version ?? 0);
    },

    /** Adds one (in the caller's transaction) and answers the new version. */
    async bump(): Promise<number> {
      await db
        .updateTable('dataVersions')
        .set({ version: sql<number>`${sql.ref('version')} + 1` })
        .where('name', '=', name)
        .execute();
      const row = await db
        .selectFrom('dataVersions')
        .select('version')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return Number(row.version);
    },

    /**
     * The earliest instant after `now` at which an open opening comes into effect: the public
     * answers change then without any write (a scheduled opening appears).
     */
    async nextScheduled(now: Date): Promise<number | undefined> {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.min('effectiveFrom').as('next'))
        .where('isOpen', '=', 1)
        .where('effectiveFrom', '>', now.toISOString())
        .executeTakeFirst();
      const next = row?.next as Date | string | null | undefined;
      return next === null || next === undefined ? undefined : Date.parse(toIso(next));
    },
  };
}

export type DataVersionRepository = ReturnType<typeof dataVersionRepository>;

/** How a node tells the others of a new version, and hears theirs (Redis; plugins/live-version). */
export interface VersionChannel {
  publish(version: number): Promise<void>;
}

/**
 * What this node knows of the openings' version. It learns a new one three ways: its own
 * writes (at once, after their commit), a message from another node (Redis: `forget`, so the
 * next answer reads the database first), and by reading the database when its knowledge is
 * older than `recheckMs` (the bound when a message is lost or Redis is away). Versions only
 * grow, so the highest known wins.
 */
export function liveVersion(
  repo: Pick<DataVersionRepository, 'read'>,
  recheckMs = VERSION_RECHECK_MS,
) {
  let known: number | undefined;
  let checkedAt = 0;
  let reading: Promise<number> | undefined;
  /** Counts `forget`s: a read begun before one does not count as a fresh read. */
  let generation = 0;
  let channel: VersionChannel | undefined;
  const listeners = new Set<(version: number) => void>();

  const heard = (version: number) => {
    if (known !== undefined && version <= known) return;
    known = version;
    for (const listener of listeners) listener(version);
  };

  const settled = (): number | undefined =>
    known !== undefined && Date.now() - checkedAt < recheckMs ? known : undefined;

  const readNow = (): Promise<number> => {
    if (reading) return reading;
    const begun = generation;
    const read = repo
      .read()
      .then((version) => {
        if (begun === generation) checkedAt = Date.now();
        heard(version);
        return known!;
      })
      .finally(() => {
        if (reading === read) reading = undefined;
      });
    reading = read;
    return read;
  };

  return {
    /**
     * The version to serve answers of: read again when the last read is `recheckMs` old. A read
     * that fails throws (503): a node that cannot reach the database cannot know its answers
     * are still the data's, so nothing cached is served past the bound.
     */
    async current(): Promise<number> {
      return settled() ?? readNow();
    },
    /**
     * The version `current` would answer without reading the database, or undefined when it
     * would read it first (plugins/repeat-reads.ts answers only at a version settled so).
     */
    settled,
    /** A version this node read or committed. */
    heard,
    /** Read it again before the next answer (another node wrote; or Redis reconnected). */
    forget() {
      checkedAt = 0;
      generation += 1;
      // A read under way may have begun before the other node's commit: the next answer waits
      // for one begun after this.
      reading = undefined;
    },
    /** A write of this node committed `version`: known here at once, announced to the others. */
    async committed(version: number): Promise<void> {
      heard(version);
      await channel?.publish(version);
    },
    attach(next: VersionChannel | undefined) {
      channel = next;
    },
    /** Called with each new version (cached rows and answers are dropped). */
    onChange(listener: (version: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type LiveVersion = ReturnType<typeof liveVersion>;
