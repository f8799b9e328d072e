import { EventEmitter } from 'node:events';

import { createClient } from 'redis';

import type { RequestCounter } from '../http/rate-limit-store';

/*
 * What app servers share besides the database (issue 15, item 2; docs/decisions/027). Sessions, the JWT
 * secret, sign-in lockouts and job leases already live in the database. What is left is telling the
 * other servers that a cached value changed (brands) and, with Redis, counting request limits there
 * instead of in a table. Without REDIS_URL one server works as before: the bus is this process alone and
 * caches fall back on a short TTL so an operator's command-line change is still seen.
 */

/** What a cache can be told is stale. */
export type CacheTopic = 'brands' | 'plans';

export interface CacheInvalidation {
  /** Whether `publish` reaches the other servers at once (Redis), or only this process. */
  readonly shared: boolean;
  /** Every server's (this one's included) caches of `topic` are stale. Call after the change committed. */
  publish(topic: CacheTopic): Promise<void>;
  /** Called when `topic` is published anywhere, or when messages may have been lost (a reconnect). */
  subscribe(topic: CacheTopic, handler: () => void): () => void;
}

export interface SharedStore {
  invalidation: CacheInvalidation;
  /** Request limits counted in Redis; null: count them in the database (http/rate-limit-store.ts). */
  counter: RequestCounter | null;
  close(): Promise<void>;
}

export interface SharedStoreSettings {
  redisUrl: string | null;
  /** Namespaces the keys and the channel, so several deployments (or test runs) share one Redis. */
  keyPrefix: string;
  /** Told of Redis connection errors (the client reconnects by itself). */
  onError?: (error: Error) => void;
}

const TOPICS: readonly CacheTopic[] = ['brands', 'plans'];

function isTopic(value: string): value is CacheTopic {
  return (TOPICS as readonly string[]).includes(value);
}

/** This process alone: what one server without Redis needs. */
export function localInvalidation(): CacheInvalidation {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    shared: false,
    publish: (topic) => {
      bus.emit(topic);
      return Promise.resolve();
    },
    subscribe: (topic, handler) => {
      bus.on(topic, handler);
      return () => bus.off(topic, handler);
    },
  };
}

export function localSharedStore(): SharedStore {
  return { invalidation: localInvalidation(), counter: null, close: () => Promise.resolve() };
}

/*
 * A fixed window per key starting at its first request (as the database counter and @fastify/rate-limit's
 * own Redis store do): INCR, and PEXPIRE on the first hit, in one script so a crash between them cannot
 * leave a key without an end.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/**
 * Connects to Redis when `redisUrl` is set (a publisher and a subscriber connection), else returns the
 * local store. Refuses to start when Redis does not answer: a server that silently fell back to its own
 * limits and caches would break the promises of a scaled-out deployment.
 */
export async function createSharedStore(settings: SharedStoreSettings): Promise<SharedStore> {
  if (!settings.redisUrl) return localSharedStore();
  const channel = `${settings.keyPrefix}invalidate`;
  const onError = settings.onError ?? (() => undefined);
  // The first connection is tried once (start-up fails with its reason); later losses retry for ever.
  let connected = false;
  const client = createClient({
    url: settings.redisUrl,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries: number, cause: Error) =>
        connected ? Math.min(100 * 2 ** Math.min(retries, 5), 3_000) : cause,
    },
  });
  client.on('error', (error: Error) => {
    onError(error);
  });
  const subscriber = client.duplicate();
  subscriber.on('error', (error: Error) => {
    onError(error);
  });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let ready = false;
  // After a reconnect, messages sent meanwhile are lost (pub/sub keeps nothing): every cache is cleared.
  subscriber.on('ready', () => {
    if (ready) for (const topic of TOPICS) local.emit(topic);
    ready = true;
  });
  try {
    await client.connect();
    await subscriber.connect();
  } catch (error) {
    client.destroy();
    subscriber.destroy();
    throw new Error(
      `Redis at REDIS_URL does not answer: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  connected = true;
  await subscriber.subscribe(channel, (message) => {
    if (isTopic(message)) local.emit(message);
  });
  const invalidation: CacheInvalidation = {
    shared: true,
    publish: async (topic) => {
      // This process hears it at once, whatever Redis's delivery takes.
      local.emit(topic);
      await client.publish(channel, topic);
    },
    subscribe: (topic, handler) => {
      local.on(topic, handler);
      return () => local.off(topic, handler);
    },
  };
  const counter: RequestCounter = {
    async hit(key, windowMs) {
      const reply = await client.eval(HIT_SCRIPT, {
        keys: [`${settings.keyPrefix}limit:${key}`],
        arguments: [String(Math.max(1, Math.round(windowMs)))],
      });
      const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : [Number.NaN, 0];
      if (count === undefined || !Number.isFinite(count)) throw new Error('Redis answered no count');
      return { count, resetInMs: Math.max(0, ttl ?? 0) };
    },
  };
  return {
    invalidation,
    counter,
    close: async () => {
      local.removeAllListeners();
      await Promise.allSettled([subscriber.close(), client.close()]);
    },
  };
}
