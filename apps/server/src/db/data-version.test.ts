import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../domains';
import { prepareDatabase } from '../prepare';
import { createTestDb, engine, type TestDb } from '../test/test-app';
import { dataVersionRepository, liveVersion } from './data-version';

describe(`the openings' data version (${engine})`, () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
    await prepareDatabase(db.handle, { seedDemoData: false });
  });
  afterAll(() => db.destroy());

  it('every opening write adds one in its transaction; a write that fails adds nothing', async () => {
    const repos = createRepositories(db.handle.db);
    const versions = dataVersionRepository(db.handle.db);
    const before = await versions.read();
    const id = await repos.changeOpenings((tx) =>
      tx.jobs.create({
        code: 'DV-1',
        title: 'Data Analyst',
        location: 'Manila, Philippines',
        recruitmentManagers: 'Ana Cruz',
        contactPersons: 'Ana Cruz',
        contactEmails: 'ana@example.com',
        descriptionHtml: '<p>Join us.</p>',
        effectiveFrom: new Date().toISOString(),
        isOpen: true,
      }),
    );
    expect(await versions.read()).toBe(before + 1);
    await repos.jobs.update(id, { title: 'Edited' });
    expect(await versions.read()).toBe(before + 2);
    await expect(
      repos.changeOpenings(async (tx) => {
        await tx.jobs.update(id, { title: 'Rolled back' });
        throw new Error('the audit row could not be written');
      }),
    ).rejects.toThrow();
    expect(await versions.read()).toBe(before + 2);
    expect((await repos.jobs.findById(id))?.title).toBe('Edited');
    // This process knows its own writes at once.
    expect(await repos.openingsVersion.current()).toBe(before + 2);
  });
});

describe('what a node knows of the version', () => {
  const source = () => {
    let version = 1;
    let reads = 0;
    let fail = false;
    const gates: (() => void)[] = [];
    return {
      repo: {
        async read() {
          reads += 1;
          const at = version;
          if (gates.length > 0) await new Promise<void>((resolve) => gates.push(resolve));
          if (fail) throw new Error('database away');
          return at;
        },
      },
      set: (next: number) => (version = next),
      reads: () => reads,
      failing: (on: boolean) => (fail = on),
      /** Holds the next reads until `release`. */
      hold: () => gates.push(() => {}),
      release: () => gates.splice(0).forEach((open) => open()),
    };
  };

  it('reads the database at most once per recheck interval, and again after forget', async () => {
    const db = source();
    const live = liveVersion(db.repo, 60_000);
    expect(await live.current()).toBe(1);
    db.set(2);
    expect(await live.current()).toBe(1);
    expect(db.reads()).toBe(1);
    live.forget();
    expect(await live.current()).toBe(2);
    expect(db.reads()).toBe(2);
  });

  it('a read begun before a forget is not taken as fresh', async () => {
    const db = source();
    const live = liveVersion(db.repo, 60_000);
    db.hold();
    const early = live.current();
    live.forget();
    db.set(5);
    db.release();
    await early;
    expect(await live.current()).toBe(5);
  });

  it('tells its listeners of a higher version only, and throws when the database is away', async () => {
    const db = source();
    const live = liveVersion(db.repo, 0);
    const heard: number[] = [];
    live.onChange((version) => heard.push(version));
    await live.current();
    await live.committed(3);
    db.set(2);
    await live.current();
    expect(heard).toEqual([1, 3]);
    db.failing(true);
    await expect(live.current()).rejects.toThrow('database away');
  });
});
