import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface SharedRateLimits {
  /** The store class @fastify/rate-limit builds (its `store` option). */
  Store: FastifyRateLimitStoreCtor;
  /** True while this node counts on its own because Redis is away. */
  fallback(): boolean;
}

type Incr = FastifyRateLimitStore['incr'];
/** The plugin's stores also read a counter without counting (`{ increment: false }`). */
type Store = FastifyRateLimitStore & { read: Incr };

/**
 * Rate-limit counters in Redis, shared by every node; while Redis is away each node counts in
 * its own memory (the limits hold per node instead of switching off), and goes back to Redis
 * as soon as it answers again. Each switch is logged once.
 */
export function sharedRateLimits({
  redis,
  log,
  nameSpace,
}: {
  redis: Redis;
  log: FastifyBaseLogger;
  nameSpace: string;
}): SharedRateLimits {
  let onOwn = false;
  const useOwn = (error?: Error) => {
    if (onOwn) return;
    onOwn = true;
    log.warn(
      { err: error },
      "rate limits: Redis unavailable; counting on this node alone until it's back",
    );
  };
  const useShared = () => {
    if (!onOwn) return;
    onOwn = false;
    log.info('rate limits: Redis is back; counting across nodes again');
  };

  const pair = (shared: Store, own: Store) => {
    const either =
      (method: 'incr' | 'read'): Incr =>
      (key, callback, timeWindow, max) => {
        // Not connected: no command is sent (no offline queue); the node's own counter decides.
        if (redis.status !== 'ready') {
          useOwn();
          own[method](key, callback, timeWindow, max);
          return;
        }
        shared[method](
          key,
          (error, result) => {
            if (error) {
              useOwn(error);
              own[method](key, callback, timeWindow, max);
              return;
            }
            useShared();
            callback(null, result);
          },
          timeWindow,
          max,
        );
      };
    return { shared, own, incr: either('incr'), read: either('read') };
  };

  class FallbackStore implements Store {
    private readonly stores: ReturnType<typeof pair>;

    constructor(
      options: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      stores?: ReturnType<typeof pair>,
    ) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      this.stores =
        stores ??
        pair(
          new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
          new LocalStore(continueExceeding, exponentialBackoff),
        );
    }

    incr: Incr = (key, callback, timeWindow, max) =>
      this.stores.incr(key, callback, timeWindow, max);

    read: Incr = (key, callback, timeWindow, max) =>
      this.stores.read(key, callback, timeWindow, max);

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): Store {
      const { shared, own } = this.stores;
      return new FallbackStore(
        {},
        pair(shared.child(routeOptions) as Store, own.child(routeOptions) as Store),
      );
    }
  }

  return { Store: FallbackStore, fallback: () => onOwn };
}
