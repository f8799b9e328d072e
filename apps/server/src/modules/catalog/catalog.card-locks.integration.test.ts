import { CONTENT_ACCESS_TAG } from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildSubscription } from '../../test/catalog-factories';
import { buildBrand } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { type Caller, genericToken, graphql, signInNewMember } from '../../test/http';
import { createCatalogRepository } from './catalog.repository';

/*
 * Cards say why a title is locked before it is opened (issue 14 item 3, docs/decisions/036), by the
 * rule that refuses its detail; search groups carry their counts and "See all" pages through GraphQL.
 */

const LIST = /* GraphQL */ `
  query List {
    content {
      list(mediaType: "movie", first: 10) {
        items {
          title
          is_free
          lock
        }
      }
    }
  }
`;
const SEARCH = /* GraphQL */ `
  query Search($query: String!) {
    content {
      search(query: $query, first: 2, withCounts: true) {
        mediaType
        count
        countCapped
        items {
          title
          lock
        }
      }
    }
  }
`;
const PAGE = /* GraphQL */ `
  query Page($query: String!, $after: String) {
    content {
      searchPage(query: $query, mediaType: "movie", after: $after, first: 2) {
        count
        countCapped
        nextCursor
        items {
          title
          lock
        }
      }
    }
  }
`;
const SLOTS = /* GraphQL */ `
  query {
    content {
      slotsWithTags(tags: ["movie_free"]) {
        slug
        items {
          title
          lock
        }
      }
    }
  }
`;

interface Card {
  title: string;
  lock: string | null;
}

describe.each(ENGINES)('card locks and search through GraphQL (%s)', (engine) => {
  let t: TestApp;
  let gated: { id: number; hostname: string };
  let open: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    gated = await buildBrand(t.db, { brandTags: [CONTENT_ACCESS_TAG] });
    open = await buildBrand(t.db);
    const repo = createCatalogRepository(t.db.kysely, t.db.dialect);
    const movies = (brandId: number) =>
      repo.insertMedia([
        { brandId, mediaType: 'movie', title: 'Lantern Paid', popularity: 30, releaseDate: '2024-03-01' },
        {
          brandId,
          mediaType: 'movie',
          title: 'Lantern Free',
          popularity: 20,
          isFree: true,
          releaseDate: '2024-02-01',
        },
        { brandId, mediaType: 'movie', title: 'Lantern Slot', popularity: 10, releaseDate: '2024-01-01' },
        { brandId, mediaType: 'ebook', title: 'Lantern Pages', popularity: 5 },
      ]);
    const [, , slotted] = await movies(gated.id);
    await movies(open.id);
    await repo.insertSlot({
      brandId: gated.id,
      slug: 'movie_free',
      title: 'Free movies',
      mediaType: 'movie',
      mediaIds: [slotted ?? 0],
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const locks = (items: Card[] | undefined) =>
    Object.fromEntries((items ?? []).map((item) => [item.title, item.lock]));

  it('locks for a visitor (sign in), a member without the type (membership), none with it', async () => {
    const visitor: Caller = { host: gated.hostname, token: await genericToken(t.app, gated.hostname) };
    const asVisitor = await graphql<{ content: { list: { items: Card[] } } }>(t.app, visitor, LIST);
    expect(asVisitor.errors).toBeUndefined();
    expect(locks(asVisitor.data?.content.list.items)).toEqual({
      'Lantern Paid': 'sign_in_required',
      'Lantern Free': null,
      'Lantern Slot': null,
    });

    const member = await signInNewMember(t, gated);
    await buildSubscription(t.db, gated.id, member.id, { mediaTypes: ['ebook'] });
    const asMember = await graphql<{ content: { list: { items: Card[] } } }>(t.app, member.caller, LIST);
    expect(locks(asMember.data?.content.list.items)['Lantern Paid']).toBe('subscription_required');
    // The detail refuses exactly what the card said.
    const detail = await graphql(
      t.app,
      member.caller,
      `
        query {
          content {
            media(mediaType: "movie", id: 1) {
              id
            }
          }
        }
      `,
    );
    expect(detail.errors?.[0]?.extensions.slug).toBe('subscription_required');

    const slots = await graphql<{ content: { slotsWithTags: { items: Card[] }[] } }>(
      t.app,
      member.caller,
      SLOTS,
    );
    expect(slots.data?.content.slotsWithTags[0]?.items).toEqual([{ title: 'Lantern Slot', lock: null }]);

    const fan = await signInNewMember(t, gated);
    await buildSubscription(t.db, gated.id, fan.id, { mediaTypes: ['movie'] });
    const asFan = await graphql<{ content: { list: { items: Card[] } } }>(t.app, fan.caller, LIST);
    expect(Object.values(locks(asFan.data?.content.list.items))).toEqual([null, null, null]);
  });

  it('never locks on a brand without the access tag', async () => {
    const visitor: Caller = { host: open.hostname, token: await genericToken(t.app, open.hostname) };
    const list = await graphql<{ content: { list: { items: Card[] } } }>(t.app, visitor, LIST);
    expect(Object.values(locks(list.data?.content.list.items))).toEqual([null, null, null]);
  });

  it('counts every group and pages one type, with locks on the results', async () => {
    const member = await signInNewMember(t, gated);
    const search = await graphql<{
      content: { search: { mediaType: string; count: number; countCapped: boolean; items: Card[] }[] };
    }>(t.app, member.caller, SEARCH, { query: 'lantern' });
    expect(search.errors).toBeUndefined();
    expect(
      search.data?.content.search.map(({ mediaType, count, countCapped, items }) => [
        mediaType,
        count,
        countCapped,
        items.length,
      ]),
    ).toEqual([
      ['ebook', 1, false, 1],
      ['movie', 3, false, 2],
    ]);

    interface Page {
      count: number;
      countCapped: boolean;
      nextCursor: string | null;
      items: Card[];
    }
    const first = await graphql<{ content: { searchPage: Page } }>(t.app, member.caller, PAGE, {
      query: 'lantern',
      after: null,
    });
    expect(first.data?.content.searchPage).toMatchObject({ count: 3, countCapped: false });
    expect(first.data?.content.searchPage.items).toEqual([
      { title: 'Lantern Paid', lock: 'subscription_required' },
      { title: 'Lantern Free', lock: null },
    ]);
    const second = await graphql<{ content: { searchPage: Page } }>(t.app, member.caller, PAGE, {
      query: 'lantern',
      after: first.data?.content.searchPage.nextCursor,
    });
    expect(second.data?.content.searchPage.items).toEqual([{ title: 'Lantern Slot', lock: null }]);
    expect(second.data?.content.searchPage.nextCursor).toBeNull();

    const forged = await graphql(t.app, member.caller, PAGE, { query: 'lantern', after: 'bm90LWEtY3Vyc29y' });
    expect(forged.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', slug: 'invalid_cursor' });
  });
});
