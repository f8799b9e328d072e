import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import { createCatalogReads } from './catalog.reads.repository';
import { type CatalogWrites, createCatalogWrites } from './catalog.writes.repository';

// What the import records through the catalog's writes; the titles' own writes are covered by
// catalog.repository.test.ts and catalog.search.test.ts, the whole import by catalog.import.test.ts.
describe.each(ENGINES)('catalog writes for the import (%s)', (engine) => {
  let db: TestDb;
  let writes: CatalogWrites;
  let brand: { id: number; slug: string };

  beforeAll(async () => {
    db = await createTestDb(engine);
    writes = createCatalogWrites(db.kysely, db.dialect);
    brand = await buildBrand(db);
  }, 120_000);

  afterAll(async () => {
    await db.cleanup();
  });

  it('finds a brand by slug', async () => {
    expect(await writes.findBrandBySlug(brand.slug)).toEqual({ id: brand.id, slug: brand.slug });
    expect(await writes.findBrandBySlug('no-such-brand')).toBeUndefined();
  });

  it('makes people and genres once, by the slug of their name', async () => {
    const first = await writes.findOrCreatePeople(['Émile Zola', 'Ada Lovelace']);
    const again = await writes.findOrCreatePeople(['EMILE ZOLA']);
    expect(again.get('EMILE ZOLA')).toBe(first.get('Émile Zola'));
    expect(first.get('Ada Lovelace')).not.toBe(first.get('Émile Zola'));

    const genres = await writes.findOrCreateGenres('music', ['Jazz', 'jazz', 'Folk']);
    expect(genres).toHaveLength(2);
    expect(await writes.findOrCreateGenres('music', ['JAZZ'])).toEqual([genres[0]]);
    // A genre belongs to one media type: the same name under another type is another genre.
    const [movieJazz] = await writes.findOrCreateGenres('movie', ['Jazz']);
    expect(genres).not.toContain(movieJazz);
  });

  it('records an import by content hash, per brand', async () => {
    const [mediaId = 0] = await writes.insertMedia([
      { brandId: brand.id, mediaType: 'movie', title: 'Tides' },
    ]);
    expect(await writes.findImportedMediaId(brand.id, 'a'.repeat(64))).toBeUndefined();
    await writes.recordImport({
      brandId: brand.id,
      contentHash: 'a'.repeat(64),
      mediaId,
      sourceName: 'tides.mp4',
      storedPath: '/media/imported/tides.mp4',
    });
    expect(await writes.findImportedMediaId(brand.id, 'a'.repeat(64))).toBe(mediaId);
    const other = await buildBrand(db);
    expect(await writes.findImportedMediaId(other.id, 'a'.repeat(64))).toBeUndefined();
  });

  it("finds an album by vendor id among the brand's top-level titles and updates its totals", async () => {
    const [albumId = 0] = await writes.insertMedia([
      {
        brandId: brand.id,
        mediaType: 'music',
        title: 'Harbor',
        vendorId: 'import-album-1',
        durationSeconds: 0,
      },
    ]);
    await writes.insertMedia([
      {
        brandId: brand.id,
        mediaType: 'music',
        title: 'Track',
        parentId: albumId,
        vendorId: 'import-album-2',
      },
    ]);
    expect(await writes.findTopLevelByVendorId(brand.id, 'import-album-1')).toEqual({
      id: albumId,
      durationSeconds: 0,
      thumbnailPath: '',
    });
    // A track is no album, and another brand's album is not this brand's.
    expect(await writes.findTopLevelByVendorId(brand.id, 'import-album-2')).toBeUndefined();
    const other = await buildBrand(db);
    expect(await writes.findTopLevelByVendorId(other.id, 'import-album-1')).toBeUndefined();

    expect(
      await writes.updateMedia(brand.id, albumId, { durationSeconds: 66, thumbnailPath: '/media/cover.jpg' }),
    ).toBe(true);
    expect(await writes.updateMedia(other.id, albumId, { durationSeconds: 1 })).toBe(false);
    const album = await createCatalogReads(db.kysely).findMedia(brand.id, 'music', albumId);
    expect(album?.durationSeconds).toBe(66);
    expect(album?.thumbnail.path).toBe('/media/cover.jpg');
  });
});
