/**
 * Catalog benchmarks at 1,000,000 titles (issue 3), on SQLite and PostgreSQL, on the catalog that
 * catalog-generate.ts wrote (run it first). Everything runs in this process, against the real server
 * code: the app is built with `buildApp` (production settings, silent logs) and driven with
 * `app.inject`, the repository is called directly for the list, detail and search figures.
 *
 * - home: the GraphQL home query (`content.slotsWithTags` with the 4 home shelves) against a
 *   hand-written REST route (`GET /membergraphapi/bench/home`, added through `extendApi`, so it passes
 *   the same brand and token hooks) that calls the same service and answers byte-identical JSON.
 *   Alternating rounds, requests one after another; also the SQL statements one home query runs.
 * - browse: page 1 of new releases and of popular movies (24 cards).
 * - genre: page 1 of a parent genre of movies against the page after its first 70,000 titles
 *   (keyset cursor; the cursor is computed once with OFFSET, outside the measurement).
 * - detail: a movie with people and genres (four statements), over 200 different ids.
 * - search: p50/p95 per query class: common word, mid word, rare word, two words, 3- and 5-letter
 *   prefixes, as the service asks (all types, 10 per type, request country, en-us).
 *
 * Targets: home GraphQL >= 0.8 x REST; deep genre page <= 3 x page 1; search p95 <= 15 ms on SQLite
 * and <= 50 ms on PostgreSQL for every class. Figures go to results/catalog-bench.json.
 *
 * Usage: npm run bench:catalog -- [--engine sqlite|postgres|both] [--iterations 200] [--check]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import { buildApp } from '../apps/server/src/app';
import { type AppConfig, loadConfig } from '../apps/server/src/config';
import { type Db, createDb } from '../apps/server/src/db/database';
import { encodeCursor } from '../apps/server/src/modules/catalog/catalog.cursor';
import { createCatalogRepository } from '../apps/server/src/modules/catalog/catalog.repository';
import type { SlotView } from '../apps/server/src/modules/catalog/catalog.service';
import type { Services } from '../apps/server/src/services';
import { countStatements } from '../apps/server/src/test/statements';
import { BENCH_BRAND_ID, BENCH_HOST, HOME_SHELVES, PG_SCHEMA, PG_URL, VOCABULARY } from './lib/catalog-data';
import { RESULTS_DIR, fixed, formatTable, machineInfo, verdict, writeResults } from './lib/report';

const SQLITE_FILE = resolve(RESULTS_DIR, 'catalog-1m.sqlite');
const HOME_ROUTE = '/bench/home';
const CARD_FIELDS =
  'id mediaType title slug thumbnail { origin path cacheIndex } is_free releaseDate releaseYear duration popularity';
const HOME_QUERY = `query Home { content { slotsWithTags(tags: ${JSON.stringify(HOME_SHELVES)}) { id slug title mediaType properties items { ${CARD_FIELDS} } } } }`;

/** The rare word: a vocabulary word far down the Zipf ranks (a few dozen titles). */
const SEARCH_CLASSES: Record<string, string> = {
  'common word': 'the',
  'mid word': 'harbor',
  'rare word': VOCABULARY[12_000] ?? 'x',
  'two words': 'silent harbor',
  '3-letter prefix': 'har',
  '5-letter prefix': 'light',
};

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    iterations: { type: 'string', default: '200' },
    check: { type: 'boolean', default: false },
  },
});
const ITERATIONS = Math.max(20, Number(values.iterations));
const engines =
  values.engine === 'both'
    ? (['sqlite', 'postgres'] as const)
    : ([values.engine] as ('sqlite' | 'postgres')[]);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function timeIt(iterations: number, call: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, iterations); i += 1) await call(i);
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 };
}

/** The REST route's answer: the service's slots projected in the GraphQL selection order. */
function homeBody(slots: SlotView[]) {
  return {
    data: {
      content: {
        slotsWithTags: slots.map((slot) => ({
          id: slot.id,
          slug: slot.slug,
          title: slot.title,
          mediaType: slot.mediaType,
          properties: slot.properties,
          items: slot.items.map((item) => ({
            id: item.id,
            mediaType: item.mediaType,
            title: item.title,
            slug: item.slug,
            thumbnail: {
              origin: item.thumbnail.origin,
              path: item.thumbnail.path,
              cacheIndex: item.thumbnail.cacheIndex,
            },
            is_free: item.is_free,
            releaseDate: item.releaseDate,
            releaseYear: item.releaseYear,
            duration: item.duration,
            popularity: item.popularity,
          })),
        })),
      },
    },
  };
}

function extendApi(api: FastifyInstance, services: Services): void {
  api.get(HOME_ROUTE, async (request, reply) =>
    reply.send(homeBody(await services.catalog.slotsWithTags(request.ctx, HOME_SHELVES))),
  );
}

async function benchEngine(engine: 'sqlite' | 'postgres') {
  const database: AppConfig['database'] =
    engine === 'sqlite'
      ? { kind: 'sqlite', file: SQLITE_FILE }
      : { kind: 'postgres', url: PG_URL, schema: PG_SCHEMA };
  const dataDir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
  const base = loadConfig({
    APP_ENV: 'PROD',
    // The sandbox takes the payments; production refuses it unless allowed (issue 12).
    ALLOW_SANDBOX_PAYMENTS_IN_PROD: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SEED_DEMO: 'false',
  });
  const config: AppConfig = { ...base, database };
  const raw = createDb(database);
  const counter = countStatements(raw.kysely);
  const db: Db = { ...raw, kysely: counter.kysely };
  const app = await buildApp({ config, db, logger: false, extendApi });
  await app.ready();
  try {
    const titles = await db.kysely
      .selectFrom('media_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(titles.n) < 100_000)
      throw new Error(`${engine}: run catalog-generate.ts first (found ${String(titles.n)} titles)`);
    const host = { host: BENCH_HOST };
    const token = (
      await app.inject({ method: 'POST', url: '/membergraphapi/api/auth/token/generic', headers: host })
    ).json<{ token: string }>().token;
    const headers = { ...host, authorization: `Bearer ${token}` };
    const graphql = () =>
      app.inject({
        method: 'POST',
        url: '/membergraphapi/graphql',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ query: HOME_QUERY, operationName: 'Home' }),
      });
    const rest = () => app.inject({ method: 'GET', url: `/membergraphapi${HOME_ROUTE}`, headers });

    // Same bytes, and the statements one home query costs.
    const [g, r] = [await graphql(), await rest()];
    if (g.statusCode !== 200 || r.statusCode !== 200 || g.body !== r.body)
      throw new Error(
        `${engine}: GraphQL and REST answers differ (${String(g.statusCode)}, ${String(r.statusCode)})`,
      );
    counter.reset();
    await graphql();
    const homeStatements = counter.count;

    // Alternating rounds, one request after another.
    const rounds = 6;
    const perRound = Math.max(50, Math.round(ITERATIONS / 2));
    const spent = { graphql: 0, rest: 0 };
    for (let round = 0; round < rounds; round += 1) {
      for (const target of round % 2 === 0
        ? (['graphql', 'rest'] as const)
        : (['rest', 'graphql'] as const)) {
        const call = target === 'graphql' ? graphql : rest;
        const started = performance.now();
        for (let i = 0; i < perRound; i += 1) await call();
        spent[target] += performance.now() - started;
      }
    }
    const requests = rounds * perRound;
    const home = {
      graphqlReqPerS: (requests / spent.graphql) * 1000,
      restReqPerS: (requests / spent.rest) * 1000,
      ratio: spent.rest / spent.graphql,
      statements: homeStatements,
      bytes: g.body.length,
    };

    const repo = createCatalogRepository(raw.kysely, raw.dialect);
    const browse = {
      newReleases: await timeIt(ITERATIONS, () =>
        repo.listNewReleases(BENCH_BRAND_ID, 'movie', null, 24, 'US', 'en-us'),
      ),
      popular: await timeIt(ITERATIONS, () =>
        repo.listPopular(BENCH_BRAND_ID, 'movie', null, 24, 'US', 'en-us'),
      ),
    };
    // Movies' first parent genre (lib/catalog-data.ts genreRows: id 1) and the key of its 70,000th title.
    const genreId = 1;
    const { rows: deepRows } = await sql<{ release_sort: string; media_id: number }>`
      select release_sort, media_id from media_genres where genre_id = ${genreId} and brand_id = ${BENCH_BRAND_ID}
      order by release_sort desc, media_id desc limit 1 offset 69999`.execute(raw.kysely);
    const deepRow = deepRows[0];
    if (!deepRow) throw new Error('the genre holds fewer than 70,000 titles');
    const deepCursor = encodeCursor(deepRow.release_sort, deepRow.media_id);
    const genre = {
      page1: await timeIt(ITERATIONS, () =>
        repo.listByGenre(BENCH_BRAND_ID, 'movie', genreId, null, 24, 'US', 'en-us'),
      ),
      deep70k: await timeIt(ITERATIONS, () =>
        repo.listByGenre(BENCH_BRAND_ID, 'movie', genreId, deepCursor, 24, 'US', 'en-us'),
      ),
    };
    const deepPage = await repo.listByGenre(BENCH_BRAND_ID, 'movie', genreId, deepCursor, 24, 'US', 'en-us');
    if (deepPage.items.length !== 24) throw new Error('the deep genre page is not full');

    const { rows: movieIds } = await sql<{ id: number }>`
      select id from media_items where media_type = 'movie' and id % 4999 = 7 order by id limit 200`.execute(
      raw.kysely,
    );
    const detail = await timeIt(ITERATIONS, (i) =>
      repo.findMedia(BENCH_BRAND_ID, 'movie', movieIds[i % movieIds.length]?.id ?? 1, [], 'en-us'),
    );

    const search: Record<
      string,
      { query: string; matches: number; results: number; p50: number; p95: number; max: number }
    > = {};
    for (const [name, query] of Object.entries(SEARCH_CLASSES)) {
      const options = { limit: 10, country: 'US', locale: 'en-us' } as const;
      const results = (await repo.search(BENCH_BRAND_ID, query, options)).length;
      const timing = await timeIt(ITERATIONS, () => repo.search(BENCH_BRAND_ID, query, options));
      search[name] = { query, matches: await countMatches(raw, query), results, ...timing };
    }
    return { engine, titles: Number(titles.n), home, browse, genre, detail, search };
  } finally {
    await app.close();
    await raw.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How many titles a query matches in all (for the table; not part of the timings). */
async function countMatches(db: Db, query: string): Promise<number> {
  const words = query.split(' ');
  if (db.dialect === 'sqlite') {
    const match = words.map((w) => `"${w}"*`).join(' ');
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from media_search where media_search match ${`{title people description} : (${match})`}`.execute(
      db.kysely,
    );
    return Number(rows[0]?.n ?? 0);
  }
  const { rows } = await sql<{ n: number }>`select count(*) as n from media_search
    where document @@ to_tsquery('simple'::regconfig, ${words.map((w) => `${w}:*`).join(' & ')}::text)`.execute(
    db.kysely,
  );
  return Number(rows[0]?.n ?? 0);
}

const machine = machineInfo();
console.log(`load average at start: ${machine.loadAverage.join(' ')} on ${String(machine.cores)} cores`);
const runs = [];
for (const engine of engines) {
  console.log(`${engine}: measuring...`);
  runs.push(await benchEngine(engine));
}

let pass = true;
for (const run of runs) {
  const searchTarget = run.engine === 'sqlite' ? 15 : 50;
  const deepRatio = run.genre.deep70k.p50 / run.genre.page1.p50;
  pass &&=
    run.home.ratio >= 0.8 && deepRatio <= 3 && Object.values(run.search).every((s) => s.p95 <= searchTarget);
  console.log(`\n${run.engine} (${String(run.titles)} titles)`);
  console.log(
    formatTable(
      ['measure', 'p50 ms', 'p95 ms', 'max ms', 'note'],
      [
        [
          'browse: new releases p.1',
          fixed(run.browse.newReleases.p50, 2),
          fixed(run.browse.newReleases.p95, 2),
          fixed(run.browse.newReleases.max, 1),
          '',
        ],
        [
          'browse: popular p.1',
          fixed(run.browse.popular.p50, 2),
          fixed(run.browse.popular.p95, 2),
          fixed(run.browse.popular.max, 1),
          '',
        ],
        [
          'genre page 1',
          fixed(run.genre.page1.p50, 2),
          fixed(run.genre.page1.p95, 2),
          fixed(run.genre.page1.max, 1),
          '',
        ],
        [
          'genre page 70,000 deep',
          fixed(run.genre.deep70k.p50, 2),
          fixed(run.genre.deep70k.p95, 2),
          fixed(run.genre.deep70k.max, 1),
          verdict(deepRatio <= 3, `${fixed(deepRatio, 2)} x page 1 (<= 3)`),
        ],
        [
          'detail (movie)',
          fixed(run.detail.p50, 2),
          fixed(run.detail.p95, 2),
          fixed(run.detail.max, 1),
          '4 statements',
        ],
        ...Object.entries(run.search).map(([name, s]) => [
          `search ${name} "${s.query}"`,
          fixed(s.p50, 2),
          fixed(s.p95, 2),
          fixed(s.max, 1),
          verdict(
            s.p95 <= searchTarget,
            `${String(s.matches)} matches, ${String(s.results)} shown (p95 <= ${String(searchTarget)} ms)`,
          ),
        ]),
      ],
      ['left', 'right', 'right', 'right', 'left'],
    ),
  );
  console.log(
    `home: GraphQL ${fixed(run.home.graphqlReqPerS, 0)} req/s, REST ${fixed(run.home.restReqPerS, 0)} req/s, ` +
      `${verdict(run.home.ratio >= 0.8, `ratio ${fixed(run.home.ratio, 2)} (>= 0.8)`)}; ${String(run.home.statements)} SQL statement(s) per home query (4 shelves, at most 5); ${String(run.home.bytes)} bytes`,
  );
}
console.log(`\nwritten to ${writeResults('catalog-bench', { machine, iterations: ITERATIONS, runs })}`);
if (values.check && !pass) process.exitCode = 1;
