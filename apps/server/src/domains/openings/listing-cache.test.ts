import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_TERMS } from '@lumenfield/contract';
import { type JobSummary, type jobsRepository } from './jobs-repository';
import { withListingCache } from './listing-cache';

type JobsRepository = ReturnType<typeof jobsRepository>;

function fakeJobs() {
  const calls = { list: 0 };
  let fail = false;
  const row = (id: number): JobSummary => ({
    id,
    code: `J${id}`,
    title: 'Engineer',
    location: 'Manila',
    effectiveFrom: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...DEFAULT_OPENING_TERMS,
  });
  const jobs = {
    listVisible: async () => {
      calls.list += 1;
      if (fail) throw new Error('database down');
      return [row(calls.list)];
    },
    create: async () => 42,
    update: async () => true,
  } as unknown as JobsRepository;
  return { jobs, calls, setFail: (value: boolean) => (fail = value) };
}

describe('withListingCache', () => {
  const t0 = new Date('2026-11-22T12:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it('reads the database once per second', async () => {
    const { jobs, calls } = fakeJobs();
    const cached = withListingCache(jobs, 1_000);
    const first = await cached.listVisible(t0);
    expect(await cached.listVisible(at(999))).toBe(first);
    expect(calls.list).toBe(1);
    expect(await cached.listVisible(at(1_000))).not.toBe(first);
    expect(calls.list).toBe(2);
  });

  it('reads afresh for an earlier `now` and after a write in this process', async () => {
    const { jobs, calls } = fakeJobs();
    const cached = withListingCache(jobs, 1_000);
    await cached.listVisible(t0);
    await cached.listVisible(at(-5));
    expect(calls.list).toBe(2);
    await cached.create({} as Parameters<JobsRepository['create']>[0]);
    await cached.listVisible(at(-5));
    expect(calls.list).toBe(3);
    await cached.update(1, {});
    await cached.listVisible(at(-5));
    expect(calls.list).toBe(4);
  });

  it('never reuses a failed read', async () => {
    const { jobs, calls, setFail } = fakeJobs();
    const cached = withListingCache(jobs, 1_000);
    setFail(true);
    await expect(cached.listVisible(t0)).rejects.toThrow('database down');
    setFail(false);
    expect(await cached.listVisible(at(1))).toEqual([expect.objectContaining({ id: 2 })]);
    expect(calls.list).toBe(2);
  });
});
