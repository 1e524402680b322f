import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApplication } from '../../test/applicants';
import { planText, recording } from '../../test/query-plans';
import { createOpening } from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { foldForSearch } from '../../lib/search-text';
import { EVERYTHING } from '../team/reach';
import { pipelineRepository } from './pipeline-repository';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;

describe('text as the search folds it', () => {
  it.each([
    ['José Müller', 'jose muller'],
    ['ŁUKASZ Brzęczyszczykiewicz', 'lukasz brzeczyszczykiewicz'],
    ['Kraków', 'krakow'],
    ['Straße', 'strasse'],
    ['Søren Ærø', 'soren aero'],
    ['ana.cruz@Example.COM', 'ana.cruz@example.com'],
  ])('%s is %s', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });
});

/**
 * The applicants' search through each engine's text index (migration 0027-applicant-search):
 * what it finds, with and without accents, and that an erased person's text goes with them.
 */
describe(`the applicants' search by text (${engine})`, () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  let jobId: number;
  let closing: number;

  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'SEARCH-1');
    closing = await createOpening(t, 'SEARCH-OLD');
    const people = {
      jose: {
        firstName: 'José',
        lastName: 'Müller',
        email: 'jm@kontor.example.org',
        city: 'Zürich',
      },
      ana: { email: 'ana.cruz@example.com' },
      lukasz: {
        firstName: 'Łukasz',
        lastName: 'Brzęczyszczykiewicz',
        email: 'lukasz.b@mailbox.pl',
        city: 'Kraków',
      },
      erased: { firstName: 'Zofia', lastName: 'Vanish', email: 'zofia.vanish@gone.example' },
      expired: { firstName: 'Otto', lastName: 'Oldfield', email: 'otto@retired.example' },
    };
    let size = 6000;
    for (const [who, fields] of Object.entries(people)) {
      const stored = await t.app.repos.applicants.create(
        newApplication(who === 'expired' ? closing : jobId, fields, (size += 1)),
        new Date(NOW.getTime() - 500 * DAY),
      );
      ids[who] = stored.applicantId;
    }
  });
  afterAll(() => t.close());

  const found = async (q: string) =>
    (await t.app.repos.pipeline.search({ q, reach: EVERYTHING }, 1, 50)).items
      .map((a) => a.applicantId)
      .sort((a, b) => a - b);
  const who = (...names: string[]) => names.map((name) => ids[name]!).sort((a, b) => a - b);

  it.each([
    // A fragment from the middle of an e-mail address.
    ['ample.co', ['ana']],
    ['ntor.exa', ['jose']],
    ['ilbox.p', ['lukasz']],
    // A surname's beginning and its middle.
    ['Brzęcz', ['lukasz']],
    ['czyszczyk', ['lukasz']],
    ['üll', ['jose']],
  ])('%s finds %j', async (q, names) => {
    expect(await found(q)).toEqual(who(...names));
  });

  it.each(['José', 'jose', 'JOSE', 'Müller', 'muller', 'MÜLLER', 'Zurich', 'zürich'])(
    'a name or city with an accent, typed with or without it: %s',
    async (q) => {
      expect(await found(q)).toEqual(who('jose'));
    },
  );

  it.each(['Łukasz', 'lukasz', 'Krakow', 'KRAKÓW', 'brzeczyszczykiewicz'])(
    'letters that carry their accent themselves: %s',
    async (q) => {
      expect(await found(q)).toEqual(who('lukasz'));
    },
  );

  it.each([
    ['jm', ['jose']],
    ['Zü', ['jose']],
    ['zu', ['jose']],
    ['Łu', ['lukasz']],
    ['jm kontor', ['jose']],
    ['José ana', []],
  ])('short words and several words: %s finds %j', async (q, names) => {
    expect(await found(q)).toEqual(who(...names));
  });

  it.each(['"müller', 'müller"', 'mül*', 'jose OR ana', 'NEAR(jose ana)', '%ll', 'm_ller'])(
    'takes what is typed literally, never as search syntax: %s',
    async (q) => {
      expect(await found(q)).toEqual([]);
    },
  );

  it("still finds the opening's title, as typed", async () => {
    expect(await found('SEARCH-OLD')).toEqual(who('expired'));
  });

  /** SQLite: the applicants the full-text table itself holds a word for. */
  const inTextIndex = async (word: string): Promise<number[]> => {
    if (engine !== 'sqlite') return [];
    const { rows } = await sql<{ id: number }>`
      select rowid as id from applicants_search
       where applicants_search match ${`"${word}"`}`.execute(t.db.handle.db);
    return rows.map((row) => row.id);
  };

  it('finds nothing of a person erased on request, in the list or the index', async () => {
    expect(await found('vanish@gon')).toEqual(who('erased'));
    if (engine === 'sqlite') expect(await inTextIndex('vanish')).toEqual(who('erased'));
    await t.app.repos.applicants.eraseByEmail('zofia.vanish@gone.example', { label: 'cli' }, NOW);
    expect(await found('vanish@gon')).toEqual([]);
    expect(await found('Zofia')).toEqual([]);
    expect(await inTextIndex('vanish')).toEqual([]);
  });

  it('finds nothing of a person erased by retention, in the list or the index', async () => {
    expect(await found('Oldfield')).toEqual(who('expired'));
    if (engine === 'sqlite') expect(await inTextIndex('oldfield')).toEqual(who('expired'));
    await t.app.repos.jobs.update(closing, { isOpen: false }, new Date(NOW.getTime() - 400 * DAY));
    expect(await t.app.repos.applicants.eraseExpired(NOW, 365)).toMatchObject({ applicants: 1 });
    expect(await found('Oldfield')).toEqual([]);
    expect(await found('retired.ex')).toEqual([]);
    expect(await inTextIndex('oldfield')).toEqual([]);
    // The others stay found.
    expect(await found('muller')).toEqual(who('jose'));
  });
});

describe(`the search's text index in the plans (${engine})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const jobId = await createOpening(t, 'SEARCH-PLAN');
    for (let i = 0; i < 12; i++) {
      await t.app.repos.applicants.create(
        newApplication(jobId, { lastName: `Plan${i}`, email: `plan.${i}@example.com` }, 7000 + i),
      );
    }
    if (engine === 'postgres') await sql`analyze`.execute(t.db.handle.db);
  });
  afterAll(() => t.close());

  /** The plans of the statements one search of `q` sends (its count and its page). */
  async function plans(q: string): Promise<string[]> {
    const db = t.db.handle.db;
    const { db: recorded, seen } = recording(db);
    await pipelineRepository(recorded).search({ q, reach: EVERYTHING }, 1, 50);
    expect(seen).toHaveLength(2);
    return Promise.all(seen.map((query) => planText(db, query)));
  }

  it('finds a fragment of three letters or more through the text index', async () => {
    for (const plan of await plans('ample.co lan1')) {
      if (engine === 'postgres') {
        expect(plan).toContain('"Index Name":"applicants_search_trgm_idx"');
      } else {
        expect(plan).toMatch(/SCAN applicants_search VIRTUAL TABLE INDEX \d+:M/);
      }
    }
  });
});
