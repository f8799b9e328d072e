import { randomBytes } from 'node:crypto';

import { afterAll, describe, expect, it } from 'vitest';

import { createBrandsService } from '../modules/brands/brands.service';
import type { BrandsRepository } from '../modules/brands/brands.repository';
import type { RequestCounter } from '../http/rate-limit-store';
import { type SharedStore, createSharedStore, localSharedStore } from './shared-store';

const redisUrl = process.env.REDIS_URL;

/** A repository that counts its reads and answers no brand. */
function countingRepository(): BrandsRepository & { reads: number } {
  const repository = {
    reads: 0,
    findByHostname: () => {
      repository.reads += 1;
      return Promise.resolve(undefined);
    },
    findPrimaryHostname: () => Promise.resolve(undefined),
    list: () => Promise.resolve([]),
    findBySlug: () => Promise.resolve(undefined),
    ownersOf: () => Promise.resolve([]),
    insert: () => Promise.resolve(0),
    update: () => Promise.resolve(),
  };
  return repository;
}

describe('brand cache without Redis', () => {
  it('keeps a resolution for a few seconds and drops it when a change is published here', async () => {
    let now = 0;
    const store = localSharedStore();
    const repository = countingRepository();
    const brands = createBrandsService(repository, { now: () => now, invalidation: store.invalidation });
    await brands.resolveHostname('a.example');
    await brands.resolveHostname('a.example');
    expect(repository.reads).toBe(1);
    await store.invalidation.publish('brands');
    await brands.resolveHostname('a.example');
    expect(repository.reads).toBe(2);
    // An edit made by another process (the command line) shows within the short TTL.
    now += 5_000;
    await brands.resolveHostname('a.example');
    expect(repository.reads).toBe(3);
  });
});

describe.skipIf(!redisUrl)('shared store on Redis', () => {
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  const stores: SharedStore[] = [];
  const open = async () => {
    const store = await createSharedStore({ redisUrl: redisUrl ?? null, keyPrefix: prefix });
    stores.push(store);
    return store;
  };
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
  });

  it('clears the brand cache of another server at once', async () => {
    const [one, two] = [await open(), await open()];
    const repository = countingRepository();
    const brands = createBrandsService(repository, { invalidation: two.invalidation });
    await brands.resolveHostname('b.example');
    await brands.resolveHostname('b.example');
    expect(repository.reads).toBe(1);
    const heard = new Promise<void>((resolve) => {
      const stop = two.invalidation.subscribe('brands', () => {
        stop();
        resolve();
      });
    });
    await one.invalidation.publish('brands');
    await heard;
    await brands.resolveHostname('b.example');
    expect(repository.reads).toBe(2);
  });

  it('counts one limit across servers, with parallel hits each getting a distinct count', async () => {
    const [one, two] = [await open(), await open()];
    const key = `route|${randomBytes(4).toString('hex')}`;
    const counters: RequestCounter[] = [];
    for (const counter of [one.counter, two.counter]) if (counter) counters.push(counter);
    expect(counters).toHaveLength(2);
    const hits: Promise<{ count: number; resetInMs: number }>[] = [];
    for (let i = 0; i < 20; i += 1) {
      const counter = counters[i % 2];
      if (counter) hits.push(counter.hit(key, 60_000));
    }
    const done = await Promise.all(hits);
    const counts = done.map((hit) => hit.count).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(done[0]?.resetInMs).toBeGreaterThan(50_000);
    expect(done[0]?.resetInMs).toBeLessThanOrEqual(60_000);
  });

  it('refuses to start when Redis does not answer', async () => {
    await expect(createSharedStore({ redisUrl: 'redis://127.0.0.1:1', keyPrefix: prefix })).rejects.toThrow();
  });
});
