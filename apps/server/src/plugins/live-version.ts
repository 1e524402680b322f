import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/** The Redis channel on which a node announces the openings' new data version. */
export const VERSION_CHANNEL = 'lumenfield:openings-version';
/** The one on which a node announces a publish of the site's content (docs/content.md). */
export const CONTENT_VERSION_CHANNEL = 'lumenfield:content-version';

/**
 * Several nodes (REDIS_URL): a node that committed a write to the openings, or a publish of the
 * site's content, publishes the new data version before it answers the write, and every node
 * subscribed reads the version from the database before its next answer, so it drops the
 * cached answers of the older version (docs/performance.md). A content version is read at once,
 * not at the next answer: the pages are rendered again as soon as a node hears of it, so no
 * visitor waits for the render (docs/content.md). Redis delivers the message to every
 * subscriber before it acknowledges the publish, so the writer's answer leaves after the other
 * nodes' sockets hold it. While Redis is away a publish fails quietly and each node falls back
 * on reading the version from the database at most a second after its last read
 * (db/data-version.ts); after a reconnect it reads it at once (a message may have been missed).
 */
export const liveVersionChannel = fp<{ redis: Redis | undefined }>(
  async (app: FastifyInstance, { redis }) => {
    if (!redis) return;
    const versions = [
      { channel: VERSION_CHANNEL, version: app.repos.openingsVersion, eager: false },
      { channel: CONTENT_VERSION_CHANNEL, version: app.repos.contentVersion, eager: true },
    ];
    const heard = (each: (typeof versions)[number]) => {
      each.version.forget();
      if (each.eager) each.version.current().catch(() => undefined);
    };
    // A connection of its own: a subscribed connection takes no other command.
    const subscriber = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
    subscriber.on('error', (error: Error) => app.log.warn({ err: error }, 'redis unavailable'));
    // The message says "read the version again", not which it is: a Redis shared by another
    // site (another database) costs a read, never a version this database has not reached.
    subscriber.on('message', (channel: string) => {
      const each = versions.find((one) => one.channel === channel);
      if (each) heard(each);
    });
    subscriber.on('ready', () => versions.forEach(heard));
    // Wait briefly for the subscription, then serve either way (the database check covers it).
    await Promise.race([
      subscriber.subscribe(...versions.map((each) => each.channel)).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
    ]);
    for (const { channel, version } of versions) {
      version.attach({
        async publish(next) {
          try {
            await redis.publish(channel, String(next));
          } catch (error) {
            app.log.warn({ err: error }, `could not announce the new version on ${channel}`);
          }
        },
      });
    }
    app.addHook('onClose', async () => {
      for (const { version } of versions) version.attach(undefined);
      subscriber.disconnect();
    });
  },
  { name: 'live-version-channel', dependencies: ['repositories'] },
);
