/**
 * The 1,000,000-title benchmark catalog (issue 3): a deterministic generator and bulk loaders for
 * SQLite (a file) and PostgreSQL (schema `bench_catalog`). The schema is the server's own (its
 * migrations run first); rows are written straight through the drivers, and the search rows are the
 * repository's documents (same folding, same brand scope), so the benchmarks query exactly what the
 * server would have written, only faster to load.
 *
 * Shape, all in brand 1 (`bench.localhost`, languages en-us and fr-ca):
 * - media types 35 % movie, 20 % music, 20 % ebook, 10 % audiobook, 5 % game, 5 % software, 5 % stream
 * - genres: per type 3 parents with 3 subgenres each; a title has one subgenre (and, through
 *   media_genres, its parent), so a parent genre of movies holds about 117,000 titles
 * - titles: an adjective and a noun from 30 each, sometimes "of <place>", and one invented word drawn
 *   from a 20,000-word vocabulary with Zipf frequencies (common to very rare words)
 * - one credited person per title from 20,000 invented names; a description of about 20 words
 * - 10 % of titles have a French title; 4 home shelves of 24 titles
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

import SQLite from 'better-sqlite3';
import pg from 'pg';

import type { Db } from '../../apps/server/src/db/database';
import { createDb } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import {
  SEARCH_TYPE_INDEX,
  searchRankExpression,
  searchScope,
} from '../../apps/server/src/modules/catalog/catalog.search-query';
import { searchWords } from '../../apps/server/src/modules/catalog/catalog.search-text';
import { createRandom } from '../../apps/server/src/seed/catalog';

export const BENCH_TITLES = 1_000_000;
export const BENCH_BRAND_ID = 1;
export const BENCH_HOST = 'bench.localhost';
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const PG_SCHEMA = 'bench_catalog';
export const HOME_SHELVES = ['new_releases', 'popular', 'staff_picks', 'seasonal_winter'] as const;

const TYPES = [
  ['movie', 0.35],
  ['music', 0.2],
  ['ebook', 0.2],
  ['audiobook', 0.1],
  ['game', 0.05],
  ['software', 0.05],
  ['stream', 0.05],
] as const;
type BenchType = (typeof TYPES)[number][0];

const ADJECTIVES =
  'Silent Golden Hidden Northern Broken Distant Electric Velvet Paper Crimson Quiet Endless Wild Hollow Bright Salt Iron Summer Winter Midnight Lost Secret Little Last Copper Glass Amber Falling Open Burning'.split(
    ' ',
  );
const NOUNS =
  'Harbor River Lantern Orchard Signal Garden Engine Meridian Tide Compass Lighthouse Station Bridge Forest Kingdom Archive Clock Island Valley Window Mirror Road Letter Echo Horizon Canyon Market Anchor Feather Comet'.split(
    ' ',
  );
const PLACES =
  'Lisbon Montreal Kyoto Valparaíso Tromsø Marrakesh Québec Napoli Oaxaca Zürich Penang Reykjavík Kraków Córdoba Halifax'.split(
    ' ',
  );
const SYLLABLES = 'ka lo mi ra ven tor sil bek an dor ul fi ne sa rin qua zel mo tu pe ga lis or ba ki'.split(
  ' ',
);

export interface BenchRow {
  id: number;
  mediaType: BenchType;
  title: string;
  slug: string;
  description: string;
  releaseDate: string;
  popularity: number;
  genreLeaf: number;
  genreParent: number;
  personId: number;
  frenchTitle: string | null;
}

/** An invented word per rank: deterministic, pronounceable, unique. */
function inventedWord(rank: number): string {
  let n = rank;
  let word = '';
  do {
    word += SYLLABLES[n % SYLLABLES.length] ?? 'x';
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return word.length < 5 ? `${word}${SYLLABLES[rank % 7] ?? ''}ra` : word;
}

export const VOCABULARY = Array.from({ length: 20_000 }, (_, rank) => inventedWord(rank + 3));
export const PEOPLE = Array.from(
  { length: 20_000 },
  (_, i) => `${capitalize(inventedWord(i * 7 + 11))} ${capitalize(inventedWord(i * 13 + 5))}`,
);
function capitalize(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Genre ids: per type 3 parents (ids t*12+1..3) with 3 leaves each (t*12+4..12). */
export function genreRows() {
  const rows: { id: number; media_type: string; slug: string; title: string; parent_id: number | null }[] =
    [];
  TYPES.forEach(([type], t) => {
    for (let p = 0; p < 3; p += 1) {
      const parentId = t * 12 + 1 + p;
      rows.push({
        id: parentId,
        media_type: type,
        slug: `${type}-g${String(p)}`,
        title: `Genre ${String(p)}`,
        parent_id: null,
      });
      for (let c = 0; c < 3; c += 1) {
        rows.push({
          id: t * 12 + 4 + p * 3 + c,
          media_type: type,
          slug: `${type}-g${String(p)}-${String(c)}`,
          title: `Genre ${String(p)}.${String(c)}`,
          parent_id: parentId,
        });
      }
    }
  });
  return rows;
}

/** Yields the catalog in id order; a pure function of the seed. */
export function* generateCatalog(count = BENCH_TITLES, seed = 1_000_000): Generator<BenchRow> {
  const random = createRandom(seed);
  // Zipf over the vocabulary: rank = floor(V^u) - 1 for uniform u gives P(rank) ~ 1/rank.
  const zipf = () =>
    Math.min(VOCABULARY.length - 1, Math.floor(Math.pow(VOCABULARY.length, random.next())) - 1);
  for (let id = 1; id <= count; id += 1) {
    let pick = random.next();
    let t = 0;
    for (; t < TYPES.length - 1; t += 1) {
      pick -= TYPES[t]?.[1] ?? 0;
      if (pick < 0) break;
    }
    const mediaType = TYPES[t]?.[0] ?? 'movie';
    const adjective = random.pick(ADJECTIVES);
    const noun = random.pick(NOUNS);
    const place = random.pick(PLACES);
    const word = VOCABULARY[zipf()] ?? 'x';
    const title = random.chance(0.3)
      ? `The ${adjective} ${noun} of ${place}`
      : `${adjective} ${noun} ${capitalize(word)}`;
    const parent = random.int(0, 2);
    const leaf = random.int(0, 2);
    const year = 2025 - Math.floor(Math.pow(random.next(), 1.8) * 60);
    const releaseDate = `${String(year)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    const other = random.pick(NOUNS).toLowerCase();
    const second = VOCABULARY[zipf()] ?? 'x';
    yield {
      id,
      mediaType,
      title,
      slug: `${adjective}-${noun}-${String(id)}`.toLowerCase(),
      description: `A story about the ${noun.toLowerCase()} of ${place}, where a ${other} and the ${second} change everything on the long road home.`,
      releaseDate,
      popularity: Math.floor(Math.pow(random.next(), 3) * 100_000),
      genreLeaf: t * 12 + 4 + parent * 3 + leaf,
      genreParent: t * 12 + 1 + parent,
      personId: random.int(1, PEOPLE.length),
      frenchTitle: random.chance(0.1) ? `Le ${noun} ${adjective.toLowerCase()} ${capitalize(word)}` : null,
    };
  }
}

/** The search document of a row, as the repository writes it (catalog.search.repository.ts writeSearchRows). */
function documents(row: BenchRow) {
  const titles = [row.title, ...(row.frenchTitle ? [row.frenchTitle] : [])].join(' ');
  return {
    title: [...new Set(searchWords(titles))].join(' '),
    people: searchWords(PEOPLE[row.personId - 1] ?? '').join(' '),
    description: searchWords(row.description).join(' '),
  };
}

const NOW = '2026-01-01T00:00:00.000Z';

async function migrateFresh(engine: 'sqlite' | 'postgres', file: string): Promise<Db> {
  if (engine === 'sqlite') {
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    mkdirSync(dirname(file), { recursive: true });
    const db = createDb({ kind: 'sqlite', file });
    await migrateToLatest(db.kysely, db.dialect);
    return db;
  }
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop schema if exists ${PG_SCHEMA} cascade`);
  await admin.query(`create schema ${PG_SCHEMA}`);
  await admin.end();
  const db = createDb({ kind: 'postgres', url: PG_URL, schema: PG_SCHEMA });
  await migrateToLatest(db.kysely, db.dialect, PG_SCHEMA);
  return db;
}

/** Brand, genres, people: the small tables, through Kysely. */
async function baseRows(db: Db) {
  await db.kysely
    .insertInto('brands')
    .values({
      id: BENCH_BRAND_ID,
      slug: 'bench',
      name: 'Bench',
      logo: '',
      icon: '',
      template: 'default',
      layout: 'default',
      status: 'active',
      media_types: JSON.stringify(TYPES.map(([type]) => type)),
      colors: JSON.stringify({ accent: '#8b7bff', accentContrast: '#0b0a1f', secondary: '#1c1b2e' }),
      support: JSON.stringify({ email: 'support@bench.example', phone: null, hours: null }),
      company_address: JSON.stringify({
        name: 'Bench',
        street: '1 Main St',
        city: 'Town',
        postcode: '0',
        region: null,
        country: 'US',
      }),
      brand_tags: '[]',
      languages: JSON.stringify(['en-us', 'fr-ca']),
      billing: JSON.stringify({
        currency: 'USD',
        symbol: '$',
        countryCode: 'US',
        paymentProvider: 'sandbox',
      }),
      cdn_server: '',
      country_code: 'US',
      created_at: NOW,
    })
    .execute();
  await db.kysely
    .insertInto('brand_hostnames')
    .values({ hostname: BENCH_HOST, brand_id: BENCH_BRAND_ID, is_primary: 1 })
    .execute();
  await db.kysely.insertInto('genres').values(genreRows()).execute();
  for (let start = 0; start < PEOPLE.length; start += 2_000) {
    await db.kysely
      .insertInto('people')
      .values(
        PEOPLE.slice(start, start + 2_000).map((title, i) => ({
          id: start + i + 1,
          slug: `p-${String(start + i + 1)}`,
          title,
        })),
      )
      .execute();
  }
}

export interface GenerateResult {
  engine: 'sqlite' | 'postgres';
  titles: number;
  seconds: number;
}

export async function generateSqlite(
  file: string,
  count = BENCH_TITLES,
  log = console.log,
): Promise<GenerateResult> {
  const started = performance.now();
  const db = await migrateFresh('sqlite', file);
  await baseRows(db);
  await db.destroy();
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('foreign_keys = OFF');
  sqlite.pragma('cache_size = -262144');
  const item =
    sqlite.prepare(`insert into media_items (id, brand_id, media_type, parent_id, position, title, slug,
    description, thumbnail_origin, thumbnail_path, thumbnail_cache_index, is_free, vendor_id, playback_key,
    release_date, release_year, release_sort, duration_seconds, language, country_of_origin, quality,
    popularity, staff_pick, geo_allow, details, created_at)
    values (?, 1, ?, null, null, ?, ?, ?, '', ?, 0, 0, ?, ?, ?, ?, ?, 60, 'en', 'US', 'HD', ?, 0, null, '{}', ?)`);
  const person = sqlite.prepare(
    'insert into media_people (media_id, person_id, role, position) values (?, ?, ?, 0)',
  );
  const genre = sqlite.prepare(
    'insert into media_genres (media_id, genre_id, brand_id, release_sort, is_direct) values (?, ?, 1, ?, ?)',
  );
  const translation = sqlite.prepare(
    'insert into media_translations (media_id, locale, title, description) values (?, ?, ?, null)',
  );
  // Search rows are staged by rank key and written to FTS5 at the end in key order (migration 0009):
  // FTS5 flushes its pending doclists whenever a rowid is lower than the last one written.
  sqlite.exec(`create table bench_search_stage (rank integer primary key, media_id integer not null,
    title text not null, people text not null, description text not null, scope text not null)`);
  const search = sqlite.prepare(
    `insert into bench_search_stage (rank, media_id, title, people, description, scope)
     values (${searchRankExpression('sqlite', '?', '?', '?')}, ?, ?, ?, ?, ?)`,
  );
  const insertBatch = sqlite.transaction((rows: BenchRow[]) => {
    for (const row of rows) {
      item.run(
        row.id,
        row.mediaType,
        row.title,
        row.slug,
        row.description,
        `/media/demo/thumbnails/video/colony.webp`,
        `bench-${String(row.id)}`,
        '/media/demo/video/colony/index.m3u8',
        row.releaseDate,
        Number(row.releaseDate.slice(0, 4)),
        row.releaseDate,
        row.popularity,
        NOW,
      );
      person.run(row.id, row.personId, row.mediaType === 'music' ? 'artist' : 'writer');
      genre.run(row.id, row.genreLeaf, row.releaseDate, 1);
      genre.run(row.id, row.genreParent, row.releaseDate, 0);
      if (row.frenchTitle) translation.run(row.id, 'fr-ca', row.frenchTitle);
      const doc = documents(row);
      search.run(
        SEARCH_TYPE_INDEX[row.mediaType],
        row.popularity,
        row.id,
        row.id,
        doc.title,
        doc.people,
        doc.description,
        searchScope(BENCH_BRAND_ID),
      );
    }
  });
  let batch: BenchRow[] = [];
  for (const row of generateCatalog(count)) {
    batch.push(row);
    if (batch.length === 20_000) {
      insertBatch(batch);
      batch = [];
      if (row.id % 100_000 === 0) log(`sqlite: ${String(row.id)} titles`);
    }
  }
  insertBatch(batch);
  const shelfRows = shelvesFromDb(sqlite);
  const slot = sqlite.prepare(
    `insert into slots (id, brand_id, slug, title, media_type, properties) values (?, 1, ?, ?, 'mixed', '{"shelf":"home"}')`,
  );
  const slotItem = sqlite.prepare('insert into slot_items (slot_id, media_id, position) values (?, ?, ?)');
  sqlite.transaction(() => {
    HOME_SHELVES.forEach((slug, index) => {
      slot.run(index + 1, slug, slug.replace('_', ' '));
      (shelfRows[index] ?? []).forEach((id, position) => slotItem.run(index + 1, id, position));
    });
  })();
  log('sqlite: building the search index');
  sqlite.exec(`insert into media_search_keys (media_id, rank) select media_id, rank from bench_search_stage;
    insert into media_search (rowid, title, people, description, scope)
      select rank, title, people, description, scope from bench_search_stage order by rank;
    insert into media_search_title (rowid, title, scope)
      select rank, title, scope from bench_search_stage order by rank;
    drop table bench_search_stage;
    create virtual table temp.bench_terms using fts5vocab(main, media_search, col);
    insert or ignore into media_search_vocab (term) select distinct term from temp.bench_terms where col <> 'scope';
    drop table temp.bench_terms;`);
  sqlite.exec("insert into media_search(media_search) values ('optimize')");
  sqlite.exec("insert into media_search_title(media_search_title) values ('optimize')");
  sqlite.exec('analyze');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return { engine: 'sqlite', titles: count, seconds: (performance.now() - started) / 1000 };
}

/** Shelf members read back with SQL (the rows are not all kept in memory). */
function shelvesFromDb(sqlite: SQLite.Database): number[][] {
  const ids = (query: string) => (sqlite.prepare(query).all() as { id: number }[]).map((row) => row.id);
  return [
    ids('select id from media_items order by release_sort desc, id desc limit 24'),
    ids('select id from media_items order by popularity desc, id desc limit 24'),
    ids('select id from media_items where id % 997 = 0 order by id limit 24'),
    ids("select id from media_items where title like '%Winter%' order by popularity desc, id desc limit 24"),
  ];
}

export async function generatePostgres(count = BENCH_TITLES, log = console.log): Promise<GenerateResult> {
  const started = performance.now();
  const db = await migrateFresh('postgres', '');
  await baseRows(db);
  await db.destroy();
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`set search_path to ${PG_SCHEMA}`);
    await client.query('set synchronous_commit = off');
    // Indexes are built once after the load: faster than keeping them up to date row by row.
    for (const index of ['media_search_document', 'media_search_title_document', 'media_search_rank'])
      await client.query(`drop index ${index}`);
    let batch: BenchRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      const col = <T>(pick: (row: BenchRow) => T) => rows.map(pick);
      await client.query('begin');
      await client.query(
        `insert into media_items (id, brand_id, media_type, title, slug, description, thumbnail_path, vendor_id,
           playback_key, release_date, release_year, release_sort, duration_seconds, language, country_of_origin,
           quality, popularity, details, created_at)
         select u.id, 1, u.t, u.title, u.slug, u.d, '/media/demo/thumbnails/video/colony.webp', 'bench-' || u.id,
           '/media/demo/video/colony/index.m3u8', u.r, substr(u.r, 1, 4)::int, u.r, 60, 'en', 'US', 'HD', u.p, '{}', $8
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[])
           as u(id, t, title, slug, d, r, p)`,
        [
          col((r) => r.id),
          col((r) => r.mediaType),
          col((r) => r.title),
          col((r) => r.slug),
          col((r) => r.description),
          col((r) => r.releaseDate),
          col((r) => r.popularity),
          NOW,
        ],
      );
      await client.query(
        `insert into media_people (media_id, person_id, role, position)
         select u.id, u.p, u.role, 0 from unnest($1::int[], $2::int[], $3::text[]) as u(id, p, role)`,
        [
          col((r) => r.id),
          col((r) => r.personId),
          col((r) => (r.mediaType === 'music' ? 'artist' : 'writer')),
        ],
      );
      await client.query(
        `insert into media_genres (media_id, genre_id, brand_id, release_sort, is_direct)
         select u.id, u.g, 1, u.r, u.direct from unnest($1::int[], $2::int[], $3::text[], $4::int[]) as u(id, g, r, direct)`,
        [
          [...col((r) => r.id), ...col((r) => r.id)],
          [...col((r) => r.genreLeaf), ...col((r) => r.genreParent)],
          [...col((r) => r.releaseDate), ...col((r) => r.releaseDate)],
          [...col(() => 1), ...col(() => 0)],
        ],
      );
      const french = rows.filter((r) => r.frenchTitle !== null);
      await client.query(
        `insert into media_translations (media_id, locale, title) select u.id, 'fr-ca', u.t from unnest($1::int[], $2::text[]) as u(id, t)`,
        [french.map((r) => r.id), french.map((r) => r.frenchTitle ?? '')],
      );
      const docs = rows.map(documents);
      await client.query(
        `insert into media_search (media_id, brand_id, media_type, rank, title_document, document)
         select u.id, 1, u.type, ${searchRankExpression('postgres', 'u.pop', 'u.id', '0')},
           to_tsvector('simple'::regconfig, u.t), to_tsvector('simple'::regconfig, u.t || ' ' || u.p || ' ' || u.d)
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[])
           as u(id, t, p, d, type, pop)`,
        [
          col((r) => r.id),
          docs.map((d) => d.title),
          docs.map((d) => d.people),
          docs.map((d) => d.description),
          col((r) => r.mediaType),
          col((r) => r.popularity),
        ],
      );
      await client.query('commit');
    };
    for (const row of generateCatalog(count)) {
      batch.push(row);
      if (batch.length === 10_000) {
        await flush();
        if (row.id % 100_000 === 0) log(`postgres: ${String(row.id)} titles`);
      }
    }
    await flush();
    log('postgres: building the search index');
    await client.query('set maintenance_work_mem = 524288');
    await client.query('create index media_search_rank on media_search (brand_id, media_type, rank)');
    await client.query('create index media_search_title_document on media_search using gin (title_document)');
    await client.query('create index media_search_document on media_search using gin (document)');
    // The prefix vocabulary, as the repository's reindex writes it (migration 0010).
    await client.query(`insert into media_search_vocab (term)
      select distinct lexeme from media_search, unnest(tsvector_to_array(document)) as lexeme
      on conflict do nothing`);
    await client.query(`select setval(pg_get_serial_sequence('media_items', 'id'), ${String(count)})`);
    const ids = async (query: string) =>
      (await client.query<{ id: number }>(query)).rows.map((row) => row.id);
    const shelfRows = [
      await ids('select id from media_items order by release_sort desc, id desc limit 24'),
      await ids('select id from media_items order by popularity desc, id desc limit 24'),
      await ids('select id from media_items where id % 997 = 0 order by id limit 24'),
      await ids(
        "select id from media_items where title like '%Winter%' order by popularity desc, id desc limit 24",
      ),
    ];
    for (const [index, slug] of HOME_SHELVES.entries()) {
      await client.query(
        `insert into slots (id, brand_id, slug, title, media_type, properties) values ($1, 1, $2, $3, 'mixed', '{"shelf":"home"}')`,
        [index + 1, slug, slug.replace('_', ' ')],
      );
      await client.query(
        'insert into slot_items (slot_id, media_id, position) select $1, u.id, u.n - 1 from unnest($2::int[]) with ordinality as u(id, n)',
        [index + 1, shelfRows[index] ?? []],
      );
    }
    await client.query(`select setval(pg_get_serial_sequence('slots', 'id'), 10)`);
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  return { engine: 'postgres', titles: count, seconds: (performance.now() - started) / 1000 };
}

export const sqliteFileExists = (file: string) => existsSync(file);
