import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type TestDb, ENGINES, createTestDb } from '../test/harness';
import { createDatabaseCounter } from './rate-limit-store';

describe.each(ENGINES)('request counters in the database (%s)', (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => {
    await db.cleanup();
  });

  it('counts a window from the key’s first request and starts again when it ends', async () => {
    let clock = Date.parse('2026-03-01T10:00:30.000Z');
    const counter = createDatabaseCounter(db.kysely, () => clock);
    expect(await counter.hit('route|10.0.0.1', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    clock += 59_000;
    expect(await counter.hit('route|10.0.0.1', 60_000)).toEqual({ count: 2, resetInMs: 1_000 });
    expect(await counter.hit('route|10.0.0.2', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    clock += 1_000;
    expect(await counter.hit('route|10.0.0.1', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it('gives parallel requests distinct counts', async () => {
    const counter = createDatabaseCounter(db.kysely);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => counter.hit('route|10.0.0.3', 60_000)),
    );
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
  });
});
