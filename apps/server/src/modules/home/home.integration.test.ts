import { MEDIA_TYPES } from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '../../seed/catalog';
import { buildBrand } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { type Caller, genericToken, graphql, signInNewMember } from '../../test/http';

const COUNTS = { movie: 60, music: 12, ebook: 20, audiobook: 8, game: 10, software: 6, stream: 4 };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15';

const SLOT = /* GraphQL */ `
  query Slot($slug: String!, $after: String, $first: Int) {
    content {
      slot(slug: $slug, after: $after, first: $first) {
        slug
        title
        items {
          id
          mediaType
          title
          thumbnail {
            path
            sizes {
              width
              path
            }
          }
        }
        nextCursor
      }
    }
  }
`;
const SLOTS = /* GraphQL */ `
  query Slots($tags: [String!]!) {
    content {
      slotsWithTags(tags: $tags) {
        slug
        items {
          id
          mediaType
        }
      }
    }
  }
`;
const FEATURED = /* GraphQL */ `
  query Featured {
    content {
      featured {
        reason
        media {
          id
          mediaType
          title
          description
          playbackKey
          thumbnail {
            path
            sizes {
              width
            }
          }
        }
        progress {
          progress
          finished
        }
      }
    }
  }
`;
const SAVE_PROGRESS = /* GraphQL */ `
  mutation Save($id: Int!, $mediaType: String!, $progress: Float!) {
    content {
      updateMediaProgress(id: $id, mediaType: $mediaType, progress: $progress) {
        responseResult {
          succeeded
          errorCode
        }
      }
    }
  }
`;

interface SlotPage {
  slug: string;
  title: string;
  items: {
    id: number;
    mediaType: string;
    title: string;
    thumbnail: { path: string; sizes: { width: number; path: string }[] };
  }[];
  nextCursor: string | null;
}
interface Featured {
  reason: string;
  media: {
    id: number;
    mediaType: string;
    title: string;
    description: string;
    playbackKey: string | null;
    thumbnail: { path: string; sizes: { width: number }[] };
  };
  progress: { progress: number; finished: boolean } | null;
}

describe.each(ENGINES)('home: shelves paged and the featured title (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };
  let other: { id: number; hostname: string };
  let visitor: Caller;

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db);
    other = await buildBrand(t.db);
    await seedCatalog(
      t.db,
      [
        { id: brand.id, mediaTypes: MEDIA_TYPES },
        { id: other.id, mediaTypes: ['movie', 'music'] },
      ],
      { counts: COUNTS, slotSize: 30 },
    );
    visitor = { host: brand.hostname, token: await genericToken(t.app, brand.hostname) };
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const slotPage = async (caller: Caller, variables: Record<string, unknown>) => {
    const answer = await graphql<{ content: { slot: SlotPage | null } }>(t.app, caller, SLOT, variables);
    return answer;
  };

  it("pages through a whole slot in the slot's order, the shelf's titles first", async () => {
    const shelf = await graphql<{ content: { slotsWithTags: { slug: string; items: { id: number }[] }[] } }>(
      t.app,
      visitor,
      SLOTS,
      { tags: ['popular'] },
    );
    const shelfIds = shelf.data?.content.slotsWithTags[0]?.items.map((item) => item.id) ?? [];
    expect(shelfIds).toHaveLength(24);

    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const answer = await slotPage(visitor, { slug: 'popular', first: 8, after });
      const page = answer.data?.content.slot;
      expect(page?.slug).toBe('popular');
      expect(page?.title).toBe('Popular');
      seen.push(...(page?.items.map((item) => item.id) ?? []));
      after = page?.nextCursor ?? null;
      pages += 1;
    } while (after && pages < 10);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen.slice(0, 24)).toEqual(shelfIds);
    expect(pages).toBe(4);
  });

  it('gives demo titles their own vector covers, which need no narrower copies for srcset', async () => {
    // Each demo title's cover is drawn with its title (media.covers.ts, decision 037): an SVG scales to
    // any width, so it lists no sizes and a card gives it no srcset. Raster covers (an import's JPEGs,
    // catalog.thumbnail-sizes.ts) list theirs; their own tests cover that.
    const page = (await slotPage(visitor, { slug: 'popular', first: 3 })).data?.content.slot;
    expect(page?.items.length).toBe(3);
    for (const item of page?.items ?? []) {
      expect(item.thumbnail.path).toMatch(/^\/media\/covers\/v1\/.+\.svg$/);
      expect(item.thumbnail.sizes).toEqual([]);
    }
  });

  it("answers null for a slot the brand lacks, never another brand's, and refuses malformed input", async () => {
    expect((await slotPage(visitor, { slug: 'no_such_shelf' })).data?.content.slot).toBeNull();
    // Brand B's shelf holds only its own titles.
    const otherCaller = { host: other.hostname, token: await genericToken(t.app, other.hostname) };
    const mine = new Set(
      (await slotPage(visitor, { slug: 'popular', first: 100 })).data?.content.slot?.items.map((i) => i.id),
    );
    const theirs =
      (await slotPage(otherCaller, { slug: 'popular', first: 100 })).data?.content.slot?.items ?? [];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((item) => !mine.has(item.id) && ['movie', 'music'].includes(item.mediaType))).toBe(
      true,
    );

    for (const variables of [
      { slug: 'x'.repeat(65) },
      { slug: 'Popular; drop table slots' },
      { slug: 'popular', after: '!!not-a-cursor' },
      { slug: 'popular', after: Buffer.from('["a",1]').toString('base64url') },
    ]) {
      const answer = await slotPage(visitor, variables);
      expect(answer.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    }
    const anonymous = await slotPage({ host: brand.hostname }, { slug: 'popular' });
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('leaves out what an iPhone does not show', async () => {
    const iphone = { ...visitor, userAgent: IPHONE };
    const page = (await slotPage(iphone, { slug: 'popular', first: 100 })).data?.content.slot;
    expect(page?.items.some((item) => item.mediaType === 'game' || item.mediaType === 'software')).toBe(
      false,
    );
  });

  it('features a playable pick with its synopsis, the same on every call of the day', async () => {
    const member = await signInNewMember(t, brand);
    const first = await graphql<{ content: { featured: Featured | null } }>(t.app, member.caller, FEATURED);
    const featured = first.data?.content.featured;
    expect(featured?.reason).toBe('pick');
    expect(featured?.progress).toBeNull();
    expect(featured?.media.playbackKey).toBeTruthy();
    expect(featured?.media.description.length).toBeGreaterThan(0);
    const again = await graphql<{ content: { featured: Featured | null } }>(t.app, member.caller, FEATURED);
    expect(again.data?.content.featured?.media.id).toBe(featured?.media.id);
    // A visitor gets a pick too (no progress to resume).
    const forVisitor = await graphql<{ content: { featured: Featured | null } }>(t.app, visitor, FEATURED);
    expect(forVisitor.data?.content.featured?.reason).toBe('pick');
  });

  it("features the member's unfinished title, with the progress to resume from, and only theirs", async () => {
    const member = await signInNewMember(t, brand);
    const someoneElse = await signInNewMember(t, brand);
    const page = (await slotPage(member.caller, { slug: 'new_releases', first: 100 })).data?.content.slot;
    // A film that plays by itself (a series' Play queues its episodes instead).
    let movie: { id: number; duration: number } | undefined;
    for (const item of page?.items.filter((candidate) => candidate.mediaType === 'movie') ?? []) {
      const detail = await graphql<{
        content: {
          media: { playbackKey: string | null; duration: number; episodes: { id: number }[] } | null;
        };
      }>(
        t.app,
        member.caller,
        'query M($id: Int!) { content { media(mediaType: "movie", id: $id) { playbackKey duration episodes { id } } } }',
        { id: item.id },
      );
      const media = detail.data?.content.media;
      if (media?.playbackKey && media.episodes.length === 0) {
        movie = { id: item.id, duration: media.duration };
        break;
      }
    }
    expect(movie).toBeDefined();
    const saved = await graphql<{
      content: { updateMediaProgress: { responseResult: { succeeded: boolean } } };
    }>(
      t.app,
      member.caller,
      SAVE_PROGRESS,
      // A quarter in: started, far from the end (which would count as finished).
      { id: movie?.id, mediaType: 'movie', progress: Math.floor((movie?.duration ?? 0) / 4) },
    );
    expect(saved.data?.content.updateMediaProgress.responseResult.succeeded).toBe(true);
    const featured = (
      await graphql<{ content: { featured: Featured | null } }>(t.app, member.caller, FEATURED)
    ).data?.content.featured;
    expect(featured).toMatchObject({
      reason: 'continue',
      media: { id: movie?.id, mediaType: 'movie' },
      progress: { progress: Math.floor((movie?.duration ?? 0) / 4), finished: false },
    });
    const theirs = (
      await graphql<{ content: { featured: Featured | null } }>(t.app, someoneElse.caller, FEATURED)
    ).data?.content.featured;
    expect(theirs?.reason).toBe('pick');
  });
});
