import type { jobsRepository } from './jobs-repository';

type JobsRepository = ReturnType<typeof jobsRepository>;

/** How long one read of the openings list is reused: the list's ages stay exact (see below). */
export const LISTING_CACHE_MS = 1_000;

/**
 * The openings list is the busiest read and changes rarely: one database read serves every
 * request for up to a second. Only the rows are reused; callers still compute ages from their
 * own `now`, so "posted N minutes ago" is exact. This process's writes clear it at once; a
 * write by another node or the CLI shows within the second. A failed read is never reused. A
 * write in a transaction of its own (`repos.changeOpenings`) runs in `clearingAround`, so the
 * rows are dropped after its commit, not before it.
 */
export function withListingCache(jobs: JobsRepository, ttlMs = LISTING_CACHE_MS) {
  const visible = cachedRead((now) => jobs.listVisible(now), ttlMs);
  const searchable = cachedRead((now) => jobs.listSearchable(now), ttlMs);
  const clear = () => {
    visible.clear();
    searchable.clear();
  };
  /** A write, with the cached rows dropped before it and again once it settled (committed). */
  const clearingAround = async <T>(write: () => Promise<T>): Promise<T> => {
    clear();
    try {
      return await write();
    } finally {
      clear();
    }
  };
  return {
    ...jobs,
    listVisible: visible.read,
    listSearchable: searchable.read,
    create: (...args: Parameters<JobsRepository['create']>) =>
      clearingAround(() => jobs.create(...args)),
    update: (...args: Parameters<JobsRepository['update']>) =>
      clearingAround(() => jobs.update(...args)),
    clearingAround,
    clear,
  };
}

/** One read reused for `ttlMs`; a `now` before the read (tests, clock steps) reads afresh. */
function cachedRead<T>(read: (now: Date) => Promise<T>, ttlMs: number) {
  let cached: { at: number; rows: Promise<T> } | undefined;
  return {
    read(now: Date): Promise<T> {
      const at = now.getTime();
      if (!cached || at < cached.at || at - cached.at >= ttlMs) {
        const rows = read(now);
        const entry = { at, rows };
        cached = entry;
        // A failed read is never reused.
        rows.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return cached.rows;
    },
    clear() {
      cached = undefined;
    },
  };
}
