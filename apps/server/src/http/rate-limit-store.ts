import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';

import { isoNow } from '../db/json';
import type { Database } from '../db/schema';

/*
 * Request limits every server shares (issue 12; docs/decisions/012). @fastify/rate-limit counts in
 * process memory by default, so N servers allowed N times each limit. Its counters are kept here behind
 * `RequestCounter`: a table of fixed-window counters now; a Redis counter (INCR and PEXPIRE) can stand
 * in when a deployment has Redis, with nothing else changing.
 */

/** One more request for `key` in the current window of `windowMs`: the count so far, this one included. */
export interface RequestCounter {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

/** Old windows are deleted at most this often per server. */
const PURGE_EVERY_MS = 60_000;

/**
 * A fixed window per key that starts with the key's first request (as @fastify/rate-limit's Redis
 * store does), so a burst is never split by a window boundary. The increment and the read are one
 * upsert statement: the row lock of the upsert orders parallel requests on PostgreSQL, and SQLite
 * writes one at a time, so requests on any number of servers each get a distinct count. Both SET
 * expressions read the row as it was before the statement.
 */
export function createDatabaseCounter(db: Kysely<Database>, now: () => number = Date.now): RequestCounter {
  let lastPurge = 0;
  return {
    async hit(key, windowMs) {
      const at = now();
      const nowIso = isoNow(new Date(at));
      if (at - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = at;
        await db.deleteFrom('rate_limit_counters').where('window_ends_at', '<=', nowIso).execute();
      }
      const open = sql<boolean>`rate_limit_counters.window_ends_at > ${nowIso}`;
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key, window_ends_at: isoNow(new Date(at + windowMs)), hits: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            // An open window counts on; an ended one starts again at 1, ending a window from now.
            hits: sql<number>`case when ${open} then rate_limit_counters.hits + 1 else 1 end`,
            window_ends_at: sql<string>`case when ${open} then rate_limit_counters.window_ends_at
              else excluded.window_ends_at end`,
          }),
        )
        .returning(['hits', 'window_ends_at'])
        .executeTakeFirstOrThrow();
      return { count: row.hits, resetInMs: Math.max(0, Date.parse(row.window_ends_at) - at) };
    },
  };
}

/** The route a store of @fastify/rate-limit counts for (its `child` gets the merged route options). */
function routeName(options: unknown): string {
  const info =
    typeof options === 'object' && options !== null && 'routeInfo' in options ? options.routeInfo : options;
  if (typeof info !== 'object' || info === null) return '';
  const method = 'method' in info && typeof info.method === 'string' ? info.method : '';
  const url = 'url' in info && typeof info.url === 'string' ? info.url : '';
  return `${method}${url}`;
}

/**
 * A @fastify/rate-limit `store` counting with `counter`. The plugin builds one per route through
 * `child`, so each route's limit has its own keys; the window comes with every call.
 */
export function sharedRateLimitStore(counter: RequestCounter): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin passes its options, which are not needed here; `child` passes the route's name. */
    constructor(_options?: FastifyRateLimitOptions, prefix = '') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      counter.hit(`${this.prefix}|${key}`, timeWindow ?? 60_000).then(
        ({ count, resetInMs }) => {
          callback(null, { current: count, ttl: resetInMs });
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new SharedStore(undefined, routeName(routeOptions));
    }
  }
  return SharedStore;
}
