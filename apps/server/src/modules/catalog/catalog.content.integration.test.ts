import { MEDIA_TYPES } from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '../../seed/catalog';
import { buildBrand } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { type Caller, genericToken, graphql } from '../../test/http';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15';
const COUNTS = { movie: 60, music: 12, ebook: 20, audiobook: 8, game: 10, software: 6, stream: 4 };

const CARD = 'id mediaType title slug is_free thumbnail { origin path } releaseDate popularity';
const LIST = /* GraphQL */ `
  query List($mediaType: String!, $order: MediaListOrder, $genreId: Int, $after: String, $first: Int) {
    content {
      list(mediaType: $mediaType, order: $order, genreId: $genreId, after: $after, first: $first) {
        items { ${CARD} }
        nextCursor
      }
    }
  }
`;
const SLOTS = /* GraphQL */ `
  query Slots($tags: [String!]!) {
    content { slotsWithTags(tags: $tags) { id slug title mediaType properties items { ${CARD} } } }
  }
`;
const SLOTS_FIRST = /* GraphQL */ `
  query SlotsFirst($tags: [String!]!, $first: Int) {
    content { slotsWithTags(tags: $tags, first: $first) { slug items { ${CARD} } } }
  }
`;
const SEARCH = /* GraphQL */ `
  query Search($query: String!, $first: Int) {
    content { search(query: $query, first: $first) { mediaType items { ${CARD} } } }
  }
`;
const GENRES = /* GraphQL */ `
  query Genres($mediaType: String!) {
    content {
      genres(mediaType: $mediaType) {
        id
        slug
        title
        parent {
          slug
        }
      }
    }
  }
`;

interface Card {
  id: number;
  mediaType: string;
  title: string;
  popularity: number;
}
interface ListData {
  content: { list: { items: Card[]; nextCursor: string | null } };
}

describe.each(ENGINES)('content catalog lists (%s)', (engine) => {
  let t: TestApp;
  let a: { id: number; hostname: string };
  let b: { id: number; hostname: string };
  let caller: Caller;

  beforeAll(async () => {
    t = await createTestApp(engine);
    a = await buildBrand(t.db);
    b = await buildBrand(t.db);
    await seedCatalog(
      t.db,
      [
        { id: a.id, mediaTypes: MEDIA_TYPES },
        { id: b.id, mediaTypes: ['movie', 'music'] },
      ],
      { counts: COUNTS },
    );
    caller = { host: a.hostname, token: await genericToken(t.app, a.hostname) };
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const list = (who: Caller, variables: Record<string, unknown>, country = 'US') =>
    t.app
      .inject({
        method: 'POST',
        url: '/membergraphapi/graphql',
        headers: {
          host: who.host,
          'content-type': 'application/json',
          'x-country-code': country,
          ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
          ...(who.userAgent ? { 'user-agent': who.userAgent } : {}),
        },
        payload: { query: LIST, variables },
      })
      .then((response) =>
        response.json<{ data: ListData | null; errors?: { extensions: { code: string } }[] }>(),
      );

  it('refuses an anonymous caller', async () => {
    const result = await graphql<ListData>(t.app, { host: a.hostname }, LIST, { mediaType: 'movie' });
    expect(result.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('pages through every movie with keyset cursors, newest and most popular first', async () => {
    for (const order of ['NEW_RELEASES', 'POPULAR'] as const) {
      const seen: Card[] = [];
      let after: string | null = null;
      for (let guard = 0; guard < 20; guard += 1) {
        const body = await list(caller, { mediaType: 'movie', order, first: 25, after }, 'ZZ');
        const page = body.data?.content.list;
        if (!page) throw new Error(JSON.stringify(body.errors));
        seen.push(...page.items);
        after = page.nextCursor;
        if (!after) break;
      }
      // Country ZZ: geo-restricted titles are left out.
      const restricted = await t.db.kysely
        .selectFrom('media_items')
        .select('id')
        .where('brand_id', '=', a.id)
        .where('media_type', '=', 'movie')
        .where('parent_id', 'is', null)
        .where('geo_allow', 'is not', null)
        .execute();
      expect(seen).toHaveLength(COUNTS.movie - restricted.length);
      expect(new Set(seen.map((card) => card.id)).size).toBe(seen.length);
      if (order === 'POPULAR') {
        const pops = seen.map((card) => card.popularity);
        expect(pops).toEqual([...pops].sort((x, y) => y - x));
      }
    }
  });

  it('caps first at 100 and rejects a bad cursor', async () => {
    const body = await list(caller, { mediaType: 'movie', first: 1000 });
    expect(body.data?.content.list.items.length).toBeLessThanOrEqual(100);
    const bad = await list(caller, { mediaType: 'movie', after: 'nope' });
    expect(bad.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('leaves geo-blocked titles out of lists by the request country', async () => {
    const [restricted] = await t.db.kysely
      .selectFrom('media_items')
      .select(['id', 'media_type', 'geo_allow'])
      .where('brand_id', '=', a.id)
      .where('parent_id', 'is', null)
      .where('geo_allow', 'is not', null)
      .execute();
    if (!restricted) throw new Error('the seed made no geo-restricted title');
    const allowed = (JSON.parse(restricted.geo_allow ?? '[]') as string[])[0] ?? 'US';
    const ids = async (country: string) => {
      const body = await list(caller, { mediaType: restricted.media_type, first: 100 }, country);
      return body.data?.content.list.items.map((card) => card.id) ?? [];
    };
    expect(await ids(allowed)).toContain(restricted.id);
    expect(await ids('ZZ')).not.toContain(restricted.id);
  });

  it('hides game and software lists, genres and search results on iPhone', async () => {
    const iphone = { ...caller, userAgent: IPHONE };
    expect((await list(caller, { mediaType: 'game' })).data?.content.list.items.length).toBeGreaterThan(0);
    const hidden = await list(iphone, { mediaType: 'game' });
    expect(hidden.data?.content.list).toEqual({ items: [], nextCursor: null });
    const genres = await graphql<{ content: { genres: unknown[] } }>(t.app, iphone, GENRES, {
      mediaType: 'software',
    });
    expect(genres.data?.content.genres).toEqual([]);
    const slots = await graphql<{ content: { slotsWithTags: { items: Card[] }[] } }>(t.app, iphone, SLOTS, {
      tags: ['popular', 'new_releases'],
    });
    const types = slots.data?.content.slotsWithTags.flatMap((slot) =>
      slot.items.map((card) => card.mediaType),
    );
    expect(types).not.toContain('game');
    expect(types).not.toContain('software');
  });

  it('lists genres with parents and pages a genre', async () => {
    const result = await graphql<{
      content: { genres: { id: number; slug: string; parent: { slug: string } | null }[] };
    }>(t.app, caller, GENRES, { mediaType: 'movie' });
    const genres = result.data?.content.genres ?? [];
    expect(genres.some((genre) => genre.parent !== null)).toBe(true);
    const parent = genres.find((genre) => genre.parent === null);
    if (!parent) throw new Error('no parent genre');
    const body = await list(caller, { mediaType: 'movie', genreId: parent.id, first: 100 });
    expect(body.data?.content.list.items.length).toBeGreaterThan(0);
  });

  it('answers slots with tags in the order asked', async () => {
    const result = await graphql<{
      content: { slotsWithTags: { slug: string; mediaType: string; properties: string; items: Card[] }[] };
    }>(t.app, caller, SLOTS, { tags: ['staff_picks', 'movie_free', 'nope', 'popular'] });
    const slots = result.data?.content.slotsWithTags ?? [];
    expect(slots.map((slot) => slot.slug)).toEqual(['staff_picks', 'movie_free', 'popular']);
    expect(slots[1]?.items.every((card) => card.mediaType === 'movie')).toBe(true);
    expect(JSON.parse(slots[2]?.properties ?? '{}')).toMatchObject({ shelf: 'home' });
  });

  it('gives each slot its first titles when asked for fewer (the home shelves ask for 12)', async () => {
    interface Slots {
      content: { slotsWithTags: { slug: string; items: Card[] }[] };
    }
    const tags = ['popular', 'staff_picks'];
    const all = await graphql<Slots>(t.app, caller, SLOTS_FIRST, { tags });
    const few = await graphql<Slots>(t.app, caller, SLOTS_FIRST, { tags, first: 3 });
    const ids = (result: typeof all) =>
      result.data?.content.slotsWithTags.map((slot) => slot.items.map((card) => card.id)) ?? [];
    expect(ids(all).every((items) => items.length > 3)).toBe(true);
    expect(ids(few)).toEqual(ids(all).map((items) => items.slice(0, 3)));
    // Out of range: at least one title, at most a page of 100.
    const none = await graphql<Slots>(t.app, caller, SLOTS_FIRST, { tags, first: 0 });
    expect(ids(none).map((items) => items.length)).toEqual([1, 1]);
  });

  it('searches grouped by media type', async () => {
    const [first] = await t.db.kysely
      .selectFrom('media_items')
      .select(['title'])
      .where('brand_id', '=', a.id)
      .where('media_type', '=', 'ebook')
      .where('parent_id', 'is', null)
      .where('geo_allow', 'is', null)
      .orderBy('id')
      .limit(1)
      .execute();
    const word = (first?.title ?? '').split(' ').find((w) => w.length > 3) ?? 'the';
    const result = await graphql<{ content: { search: { mediaType: string; items: Card[] }[] } }>(
      t.app,
      caller,
      SEARCH,
      { query: word.slice(0, 4), first: 5 },
    );
    const groups = result.data?.content.search ?? [];
    expect(groups.find((group) => group.mediaType === 'ebook')?.items.length).toBeGreaterThan(0);
    expect(groups.every((group) => group.items.length <= 5)).toBe(true);
  });

  it('keeps brands apart', async () => {
    const other = { host: b.hostname, token: await genericToken(t.app, b.hostname) };
    const mine = await list(caller, { mediaType: 'movie', first: 100 });
    const theirs = await list(other, { mediaType: 'movie', first: 100 });
    const mineIds = new Set(mine.data?.content.list.items.map((card) => card.id));
    expect(theirs.data?.content.list.items.some((card) => mineIds.has(card.id))).toBe(false);
    // Brand b offers no ebooks: nothing to list, whatever brand a holds.
    const ebooks = await list(other, { mediaType: 'ebook' });
    expect(ebooks.data?.content.list.items).toEqual([]);
    const slots = await graphql<{ content: { slotsWithTags: { slug: string; items: Card[] }[] } }>(
      t.app,
      other,
      SLOTS,
      { tags: ['ebook_free', 'popular'] },
    );
    expect(slots.data?.content.slotsWithTags.map((slot) => slot.slug)).toEqual(['popular']);
    expect(slots.data?.content.slotsWithTags[0]?.items.some((card) => mineIds.has(card.id))).toBe(false);
  });
});
