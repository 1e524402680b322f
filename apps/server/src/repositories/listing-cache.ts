import type { JobSummary, jobsRepository } from './jobs-repository';

type JobsRepository = ReturnType<typeof jobsRepository>;

/** How long one read of the openings list is reused: the list's ages stay exact (see below). */
export const LISTING_CACHE_MS = 1_000;

/**
 * The openings list is the busiest read and changes rarely: one database read serves every
 * request for up to a second. Only the rows are reused; callers still compute ages from their
 * own `now`, so "posted N minutes ago" is exact. This process's writes clear it at once; a
 * write by another node or the CLI shows within the second. A failed read is never reused.
 */
export function withListingCache(jobs: JobsRepository, ttlMs = LISTING_CACHE_MS): JobsRepository {
  let cached: { at: number; rows: Promise<JobSummary[]> } | undefined;
  return {
    ...jobs,
    listVisible(now: Date) {
      const at = now.getTime();
      // A `now` before the cached read (tests, clock steps) or past the window reads afresh.
      if (!cached || at < cached.at || at - cached.at >= ttlMs) {
        const rows = jobs.listVisible(now);
        const entry = { at, rows };
        cached = entry;
        rows.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return cached.rows;
    },
    async create(...args: Parameters<JobsRepository['create']>) {
      cached = undefined;
      try {
        return await jobs.create(...args);
      } finally {
        cached = undefined;
      }
    },
    async update(...args: Parameters<JobsRepository['update']>) {
      cached = undefined;
      try {
        return await jobs.update(...args);
      } finally {
        cached = undefined;
      }
    },
  };
}
