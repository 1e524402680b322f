import { jobPath } from '@lumenfield/routes';
import type { Db } from '../../db/database';
import {
  tellSearchEngines,
  type SearchNews,
  type SearchTelling,
} from '../search/search-outbox-repository';
import { openingState, type Job, type JobsRepository } from './jobs-repository';

type Seen = Pick<Job, 'isOpen' | 'effectiveFrom'>;

/**
 * What the search engines are told when an opening goes from `before` (undefined: new) to
 * `after` (docs/search.md): an open one's page is there from its effective date (a scheduled
 * one's notice waits for it); a closed one's page is gone, now, if it was ever shown. Closing an
 * opening that was only scheduled drops the notice it had waiting and tells nothing; a change to
 * a closed opening that stays closed tells nothing.
 */
export function searchNewsOf(
  before: Seen | undefined,
  after: Seen,
  now: Date,
): { news: SearchNews | undefined } | undefined {
  if (after.isOpen) return { news: { kind: 'updated', dueFrom: new Date(after.effectiveFrom) } };
  const was = before ? openingState(before, now) : 'closed';
  if (was === 'open') return { news: { kind: 'deleted', dueFrom: now } };
  return was === 'scheduled' ? { news: undefined } : undefined;
}

/**
 * The openings repository of a change (repos.changeOpenings), whose every create and update
 * queues the search engines' notice in the change's own transaction: the console and the bearer
 * API write openings through it, so both tell. An edit that changed nothing never calls update
 * (updateJob), so it tells nothing.
 */
export function tellingSearchEngines(
  jobs: JobsRepository,
  trx: Db,
  telling: SearchTelling,
  clock: () => Date,
): JobsRepository {
  if (telling.engines.length === 0) return jobs;
  const tell = async (id: number, before: Seen | undefined, after: Seen) => {
    const now = clock();
    const told = searchNewsOf(before, after, now);
    if (told)
      await tellSearchEngines(trx, telling, `${telling.origin}${jobPath(id)}`, told.news, now);
  };
  return {
    ...jobs,
    async create(input, at) {
      const id = await jobs.create(input, at);
      await tell(id, undefined, input);
      return id;
    },
    async update(id, patch, at) {
      const before = await jobs.findById(id);
      const updated = await jobs.update(id, patch, at);
      if (updated && before) await tell(id, before, { ...before, ...patch });
      return updated;
    },
  };
}
