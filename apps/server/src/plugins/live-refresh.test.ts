import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveAnswers } from './live-answers';

/**
 * A live answer across the instants that end it without a write (plugins/live-answers.ts): a new
 * minute has it made again in the background while the last one is sent; a scheduled opening
 * coming into effect is waited for.
 */
async function appWithLiveAnswer(nextScheduled: () => number | undefined) {
  const fills: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  const app = Fastify();
  // The two repositories the cache reads: one data version, and the next scheduled opening.
  const repos = {
    openingsVersion: { current: async () => 1, onChange: () => undefined },
    dataVersion: { nextScheduled: async () => nextScheduled() },
  };
  await app.register(
    fp(
      async (a) => {
        a.decorate('repos', repos as never);
      },
      { name: 'repositories' },
    ),
  );
  await app.register(liveAnswers, {});
  app.get('/answer', (request, reply) =>
    app.sendLive(request, reply, 'answer', async (now) => {
      const body = `made at ${now.toISOString()}`;
      fills.push(body);
      await gate;
      return { body, headers: { 'content-type': 'text/plain' } };
    }),
  );
  const read = async () => (await app.inject({ url: '/answer' })).body;
  return {
    app,
    fills,
    read,
    /** Holds the fills begun from now until the returned function is called. */
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return open;
    },
  };
}

describe('a live answer and the clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('at a new minute, the last answer is sent while the next is made, once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T12:00:30Z'));
    const t = await appWithLiveAnswer(() => undefined);
    expect(await t.read()).toBe('made at 2026-11-29T12:00:30.000Z');

    vi.setSystemTime(new Date('2026-11-29T12:01:05Z'));
    const open = t.hold();
    // Not waited for: the answer of the minute before, its successor being made.
    expect(await t.read()).toBe('made at 2026-11-29T12:00:30.000Z');
    expect(await t.read()).toBe('made at 2026-11-29T12:00:30.000Z');
    expect(t.fills).toHaveLength(2);
    open();
    await vi.waitFor(async () => expect(await t.read()).toBe('made at 2026-11-29T12:01:05.000Z'));
    expect(t.fills).toHaveLength(2);
    await t.app.close();
  });

  it('after a quiet spell, the answer of minutes ago is not sent: the request waits', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T12:00:30Z'));
    const t = await appWithLiveAnswer(() => undefined);
    expect(await t.read()).toBe('made at 2026-11-29T12:00:30.000Z');
    // The minute after the next one: the answer's ages would be two minutes behind.
    vi.setSystemTime(new Date('2026-11-29T12:02:00Z'));
    expect(await t.read()).toBe('made at 2026-11-29T12:02:00.000Z');
    expect(t.fills).toHaveLength(2);
    await t.app.close();
  });

  it('at a scheduled opening, the request waits for the new answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T12:00:10Z'));
    const scheduled = Date.parse('2026-11-29T12:00:40Z');
    const t = await appWithLiveAnswer(() => (Date.now() < scheduled ? scheduled : undefined));
    expect(await t.read()).toBe('made at 2026-11-29T12:00:10.000Z');
    vi.setSystemTime(new Date('2026-11-29T12:00:41Z'));
    expect(await t.read()).toBe('made at 2026-11-29T12:00:41.000Z');
    await t.app.close();
  });
});
