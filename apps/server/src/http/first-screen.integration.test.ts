import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  FIRST_DATA_ELEMENT_ID,
  HOME_FEATURED_QUERY,
  MARKETPLACE_HOME_QUERY,
  thumbnailUrl,
} from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '../seed/catalog';
import { buildBrand } from '../test/factories';
import { type BillingTestApp, createBillingTestApp } from '../modules/payments/billing.test-helpers';
import { ENGINES } from '../test/harness';
import { type Caller, graphql, signInNewMember } from '../test/http';

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Member area</title><!--boot-data--><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const COUNTS = { movie: 20, music: 6, ebook: 6, audiobook: 4, game: 2, software: 2, stream: 2 };

interface FeaturedAnswer {
  content: {
    featured: {
      reason: string;
      media: {
        id: number;
        mediaType: string;
        duration: number;
        thumbnail: { origin: string; path: string; cacheIndex: number };
      };
    } | null;
  };
}

/** The first screen's answers a page holds, by operation name; null when it holds none. */
function answersIn(html: string): Record<string, unknown> | null {
  const match = new RegExp(
    `<script id="${FIRST_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : null;
}

describe.each(ENGINES)("the first screen's answers in the page (%s)", (engine) => {
  let t: BillingTestApp;
  let dir: string;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'first-screen-'));
    const webDistDir = join(dir, 'web');
    mkdirSync(webDistDir, { recursive: true });
    writeFileSync(join(webDistDir, 'index.html'), INDEX_HTML);
    // With its services, to stock a shop.
    t = await createBillingTestApp(engine, { webDistDir });
    brand = await buildBrand(t.db);
    await seedCatalog(t.db, [{ id: brand.id, mediaTypes: ['movie', 'music', 'ebook', 'audiobook'] }], {
      counts: COUNTS,
      slotSize: 10,
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string, caller: Caller) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { host: caller.host, ...(caller.cookie ? { cookie: caller.cookie } : {}) },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it("holds the member's featured title as the API answers it, and fetches its cover with the code", async () => {
    const member = await signInNewMember(t, brand);
    const html = await page('/', member.caller);
    const api = await graphql<FeaturedAnswer>(t.app, member.caller, HOME_FEATURED_QUERY);
    expect(api.data?.content.featured).not.toBeNull();
    expect(answersIn(html)).toEqual({ HomeFeatured: api.data });
    const cover = thumbnailUrl(api.data?.content.featured?.media.thumbnail);
    expect(cover).toBeTruthy();
    // Named before the app's entry script, so the browser asks for it first.
    const preload = `<link rel="preload" as="image" href="${cover ?? ''}" fetchpriority="high">`;
    expect(html).toContain(preload);
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('/assets/index-abc123.js'));
  });

  it("holds each member's own answer: a title one member started is featured in their page only", async () => {
    const member = await signInNewMember(t, brand);
    const someoneElse = await signInNewMember(t, brand);
    const before = answersIn(await page('/', member.caller))?.HomeFeatured as FeaturedAnswer;
    const pick = before.content.featured?.media;
    const saved = await graphql<{
      content: { updateMediaProgress: { responseResult: { succeeded: boolean } } };
    }>(
      t.app,
      member.caller,
      `
        mutation Save($id: Int!, $mediaType: String!, $progress: Float!) {
          content {
            updateMediaProgress(id: $id, mediaType: $mediaType, progress: $progress) {
              responseResult {
                succeeded
              }
            }
          }
        }
      `,
      // A quarter in: started, far from the end (which would count as finished).
      { id: pick?.id, mediaType: pick?.mediaType, progress: Math.floor((pick?.duration ?? 0) / 4) },
    );
    expect(saved.data?.content.updateMediaProgress.responseResult.succeeded).toBe(true);
    const mine = answersIn(await page('/', member.caller))?.HomeFeatured as FeaturedAnswer;
    expect(mine.content.featured).toMatchObject({ reason: 'continue', media: { id: pick?.id } });
    const theirs = answersIn(await page('/', someoneElse.caller))?.HomeFeatured as FeaturedAnswer;
    expect(theirs.content.featured?.reason).toBe('pick');
  });

  it("holds nothing for a visitor, nor in a member's other pages", async () => {
    const member = await signInNewMember(t, brand);
    const visitorPage = await page('/', { host: brand.hostname });
    expect(answersIn(visitorPage)).toBeNull();
    expect(visitorPage).not.toContain('rel="preload" as="image" href="/media');
    const account = await page('/account', member.caller);
    expect(answersIn(account)).toBeNull();
  });

  it("holds the shop's first products where the brand has the marketplace, and nothing where it has not", async () => {
    const shop = await buildBrand(t.db, { brandTags: ['ecommerce'] });
    const category = await t.services.marketplace.upsertCategory(
      shop.id,
      'kitchen',
      { 'en-us': 'Kitchen' },
      1,
    );
    await t.services.marketplace.upsertProduct({
      brandId: shop.id,
      categoryId: category.id,
      slug: 'kettle',
      names: { 'en-us': 'Kettle' },
      descriptions: { 'en-us': 'A kettle.' },
      prices: { USD: 3000 },
      images: ['/static/shop/kettle.svg'],
      stock: 5,
      shippable: true,
      freeGiftEligible: false,
    });
    const member = await signInNewMember(t, shop);
    const api = await graphql<{ ecommerce: { products: { slug: string }[] } }>(
      t.app,
      member.caller,
      MARKETPLACE_HOME_QUERY,
    );
    expect(api.data?.ecommerce.products.map((product) => product.slug)).toEqual(['kettle']);
    expect(answersIn(await page('/marketplace', member.caller))).toEqual({ MarketplaceHome: api.data });
    // The API refuses the shop where the brand has none: the page holds no answer, and is still served.
    const elsewhere = await signInNewMember(t, brand);
    expect(answersIn(await page('/marketplace', elsewhere.caller))).toBeNull();
  });
});
