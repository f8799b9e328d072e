import { BOOKMARK_LIMITS, MEDIA_TYPES } from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '../../seed/catalog';
import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { type Caller, graphql, login } from '../../test/http';

const COUNTS = { movie: 2, music: 1, ebook: 2, audiobook: 2, game: 1, software: 1, stream: 1 };
const RESULT = 'responseResult { succeeded errorCode slug message }';
const FIELDS = 'id mediaType mediaId position location name createdAt';
const LIST = `query B($mediaType: String!, $id: Int!) { content { bookmarks(mediaType: $mediaType, id: $id) { ${FIELDS} } } }`;
const ADD = `mutation A($input: AddBookmarkInput!) { content { addBookmark(input: $input) { ${RESULT} bookmark { ${FIELDS} } } } }`;
const RENAME = `mutation R($input: RenameBookmarkInput!) { content { renameBookmark(input: $input) { ${RESULT} bookmark { ${FIELDS} } } } }`;
const DELETE = `mutation D($input: DeleteBookmarkInput!) { content { deleteBookmark(input: $input) { ${RESULT} } } }`;
const CFI = 'epubcfi(/6/8!/4/2/14,/1:0,/1:120)';

interface Result {
  succeeded: boolean;
  slug: string | null;
}
interface Bookmark {
  id: number;
  mediaType: string;
  mediaId: number;
  position: number;
  location: string | null;
  name: string;
  createdAt: string;
}

describe.each(ENGINES)('bookmarks (%s)', (engine) => {
  let t: TestApp;
  let brandA: { id: number; hostname: string };
  let brandB: { id: number; hostname: string };
  let alice: Caller;
  let bob: Caller;
  let carol: Caller; // brand B
  let audiobook: { id: number; duration_seconds: number | null };
  let ebook: { id: number };
  let movie: { id: number };

  const signIn = async (brand: { id: number; hostname: string }) => {
    const member = await buildMember(t.db, brand.id);
    const { cookie } = await login(t.app, brand.hostname, member.email, member.password);
    if (!cookie) throw new Error('sign-in failed');
    return { host: brand.hostname, cookie };
  };
  const first = async (brandId: number, type: string) => {
    const row = await t.db.kysely
      .selectFrom('media_items')
      .select(['id', 'duration_seconds'])
      .where('brand_id', '=', brandId)
      .where('media_type', '=', type)
      .where('parent_id', 'is', null)
      .where('geo_allow', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    if (!row) throw new Error(`no ${type}`);
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    brandA = await buildBrand(t.db);
    brandB = await buildBrand(t.db);
    await seedCatalog(
      t.db,
      [
        { id: brandA.id, mediaTypes: MEDIA_TYPES },
        { id: brandB.id, mediaTypes: MEDIA_TYPES },
      ],
      { counts: COUNTS },
    );
    alice = await signIn(brandA);
    bob = await signIn(brandA);
    carol = await signIn(brandB);
    audiobook = await first(brandA.id, 'audiobook');
    ebook = await first(brandA.id, 'ebook');
    movie = await first(brandA.id, 'movie');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const list = async (who: Caller, mediaType: string, id: number) => {
    const result = await graphql<{ content: { bookmarks: Bookmark[] } }>(t.app, who, LIST, { mediaType, id });
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.content.bookmarks;
  };
  const add = async (who: Caller, input: Record<string, unknown>) => {
    const result = await graphql<{
      content: { addBookmark: { responseResult: Result; bookmark: Bookmark | null } };
    }>(t.app, who, ADD, { input: { location: null, ...input } });
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.content.addBookmark;
  };
  const rename = async (who: Caller, bookmarkId: number, name: string) => {
    const result = await graphql<{
      content: { renameBookmark: { responseResult: Result; bookmark: Bookmark | null } };
    }>(t.app, who, RENAME, { input: { bookmarkId, name } });
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.content.renameBookmark;
  };
  const remove = async (who: Caller, bookmarkId: number) => {
    const result = await graphql<{ content: { deleteBookmark: { responseResult: Result } } }>(
      t.app,
      who,
      DELETE,
      { input: { bookmarkId } },
    );
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.content.deleteBookmark.responseResult;
  };

  it('adds, names, lists in the order of the book, renames and deletes audiobook bookmarks', async () => {
    const later = await add(alice, {
      mediaType: 'audiobook',
      id: audiobook.id,
      position: 61.27,
      name: ' The mill ',
    });
    expect(later.responseResult.succeeded).toBe(true);
    expect(later.bookmark).toMatchObject({
      mediaType: 'audiobook',
      mediaId: audiobook.id,
      position: 61.3,
      name: 'The mill',
    });
    const earlier = await add(alice, {
      mediaType: 'audiobook',
      id: audiobook.id,
      position: 12,
      name: 'Opening',
    });
    expect((await list(alice, 'audiobook', audiobook.id)).map((b) => b.name)).toEqual([
      'Opening',
      'The mill',
    ]);

    // The same moment again (a double click, a retried request) is the same bookmark.
    const again = await add(alice, {
      mediaType: 'audiobook',
      id: audiobook.id,
      position: 61.31,
      name: 'Other',
    });
    expect(again.bookmark?.id).toBe(later.bookmark?.id);
    expect(await list(alice, 'audiobook', audiobook.id)).toHaveLength(2);

    const renamed = await rename(alice, earlier.bookmark?.id ?? 0, 'Where it begins');
    expect(renamed.bookmark?.name).toBe('Where it begins');
    expect((await remove(alice, earlier.bookmark?.id ?? 0)).succeeded).toBe(true);
    expect(await remove(alice, earlier.bookmark?.id ?? 0)).toMatchObject({
      succeeded: false,
      slug: 'bookmark_not_found',
    });
    expect((await list(alice, 'audiobook', audiobook.id)).map((b) => b.name)).toEqual(['The mill']);
  });

  it('keeps a book bookmark at its CFI', async () => {
    const added = await add(alice, {
      mediaType: 'ebook',
      id: ebook.id,
      position: 0.25,
      location: CFI,
      name: 'Chapter 2',
    });
    expect(added.bookmark).toMatchObject({ position: 0.25, location: CFI });
    expect((await list(alice, 'ebook', ebook.id)).map((b) => b.location)).toEqual([CFI]);
    expect(
      await add(alice, { mediaType: 'ebook', id: ebook.id, position: 0.3, name: 'No place' }),
    ).toMatchObject({
      responseResult: { succeeded: false, slug: 'invalid_location' },
      bookmark: null,
    });
  });

  it('refuses bad input with a stable slug and leaves the bookmarks as they were', async () => {
    const before = await list(alice, 'audiobook', audiobook.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ mediaType: 'movie', id: movie.id, position: 3, name: 'x' }, 'bookmarks_not_supported'],
      [{ mediaType: 'audiobook', id: audiobook.id, position: -1, name: 'x' }, 'invalid_position'],
      [
        {
          mediaType: 'audiobook',
          id: audiobook.id,
          position: (audiobook.duration_seconds ?? 0) + 60,
          name: 'x',
        },
        'invalid_position',
      ],
      [{ mediaType: 'audiobook', id: audiobook.id, position: 3, name: '   ' }, 'bookmark_name_required'],
      [
        { mediaType: 'audiobook', id: audiobook.id, position: 3, name: 'x'.repeat(5000) },
        'bookmark_name_too_long',
      ],
      [{ mediaType: 'audiobook', id: audiobook.id, position: 3, name: 'a\u0007b' }, 'bookmark_name_invalid'],
      [{ mediaType: 'audiobook', id: 0, position: 3, name: 'x' }, 'invalid_media_id'],
      [{ mediaType: 'audiobook', id: 99_999_999, position: 3, name: 'x' }, 'media_not_found'],
    ];
    for (const [input, slug] of cases) {
      expect((await add(alice, input)).responseResult).toMatchObject({ succeeded: false, slug });
    }
    expect(await list(alice, 'audiobook', audiobook.id)).toEqual(before);
  });

  it('never shows or changes another member’s or another brand’s bookmarks', async () => {
    const mine = await add(alice, { mediaType: 'audiobook', id: audiobook.id, position: 30, name: 'Mine' });
    const id = mine.bookmark?.id ?? 0;
    expect(await list(bob, 'audiobook', audiobook.id)).toEqual([]);
    expect(await rename(bob, id, 'Taken')).toMatchObject({ responseResult: { slug: 'bookmark_not_found' } });
    expect(await remove(bob, id)).toMatchObject({ succeeded: false, slug: 'bookmark_not_found' });
    // Brand B's member: the same id is not theirs, and brand A's title is not in their catalog.
    expect(await list(carol, 'audiobook', audiobook.id)).toEqual([]);
    expect(await remove(carol, id)).toMatchObject({ succeeded: false, slug: 'bookmark_not_found' });
    expect(
      (await add(carol, { mediaType: 'audiobook', id: audiobook.id, position: 3, name: 'x' })).responseResult
        .slug,
    ).toBe('media_not_found');
    expect((await list(alice, 'audiobook', audiobook.id)).some((b) => b.id === id && b.name === 'Mine')).toBe(
      true,
    );
    // A visitor has no bookmarks at all.
    const anonymous = await graphql(t.app, { host: brandA.hostname }, LIST, {
      mediaType: 'audiobook',
      id: audiobook.id,
    });
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('keeps at most the limit per title, also when adds race', async () => {
    const dave = await signIn(brandA);
    const [book] = await t.db.kysely
      .selectFrom('media_items')
      .select('id')
      .where('brand_id', '=', brandA.id)
      .where('media_type', '=', 'audiobook')
      .where('parent_id', 'is', null)
      .where('geo_allow', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    const bookId = book?.id ?? 0;
    const member = await t.db.kysely
      .selectFrom('members')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('bookmarks')
      .values(
        Array.from({ length: BOOKMARK_LIMITS.perTitle - 2 }, (_, i) => ({
          brand_id: brandA.id,
          member_id: member.id,
          media_type: 'audiobook',
          media_id: bookId,
          position: i,
          location: null,
          position_key: `t:${i.toFixed(1)}`,
          name: `B${String(i)}`,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    const results = await Promise.all(
      [100.5, 101.5, 102.5, 103.5].map((position) =>
        add(dave, { mediaType: 'audiobook', id: bookId, position, name: 'race' }),
      ),
    );
    expect(results.map((r) => r.responseResult.slug).sort()).toEqual([
      'bookmarks_full',
      'bookmarks_full',
      null,
      null,
    ]);
    expect(results.filter((r) => r.responseResult.succeeded)).toHaveLength(2);
    expect(results.filter((r) => r.responseResult.slug === 'bookmarks_full')).toHaveLength(2);
    expect(await list(dave, 'audiobook', bookId)).toHaveLength(BOOKMARK_LIMITS.perTitle);
  });
});
