import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../test/test-app';

describe(`live pages made as the node starts (${engine})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close();
    await t?.db.destroy();
    t = undefined;
  });

  it('makes the careers page and each listed opening page once it listens', async () => {
    t = await createTestApp(
      { PUBLIC_URL: 'https://careers.example.com' },
      { pages: true, seedDemoData: true },
    );
    const listed = await t.app.repos.jobs.listVisible(new Date());
    expect(listed.length).toBeGreaterThan(0);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(await t.app.warmedPages).toEqual([
      { path: '/careers', status: 200 },
      ...listed.map((job) => ({ path: `/careers/jobs/${job.id}`, status: 200 })),
    ]);
  });

  it('makes none without PUBLIC_URL, whose links come from the visitor', async () => {
    t = await createTestApp({}, { pages: true, seedDemoData: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(await t.app.warmedPages).toEqual([]);
  });
});
