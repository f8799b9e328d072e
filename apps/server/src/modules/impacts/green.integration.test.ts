import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countTrees } from '@member/domain';

import { isoNow } from '../../db/json';
import { buildBrand, buildSubscription } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';

interface GreenView {
  activeMonths: number;
  hoursStreamed: number;
  trees: number;
  carbonTonnes: number;
  greenPoints: number;
  version: number;
  history: { month: string; trees: number }[];
}

describe.each(ENGINES)('the green page (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  async function title(mediaType: string, durationSeconds: number | null) {
    const n = Math.floor(Math.random() * 1e9);
    const { id } = await t.db.kysely
      .insertInto('media_items')
      .values({
        brand_id: brand.id,
        media_type: mediaType,
        parent_id: null,
        position: null,
        title: `Title ${String(n)}`,
        slug: `title-${String(n)}`,
        description: '',
        thumbnail_origin: '',
        thumbnail_path: '',
        thumbnail_cache_index: 0,
        is_free: 0,
        vendor_id: null,
        playback_key: null,
        release_date: null,
        release_year: null,
        release_sort: '',
        duration_seconds: durationSeconds,
        language: null,
        country_of_origin: null,
        quality: null,
        popularity: 0,
        staff_pick: 0,
        geo_allow: null,
        details: '{}',
        created_at: isoNow(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async function played(
    memberId: number,
    mediaType: string,
    mediaId: number,
    progress: number,
    finished: boolean,
  ) {
    await t.db.kysely
      .insertInto('media_progress')
      .values({
        brand_id: brand.id,
        member_id: memberId,
        media_type: mediaType,
        media_id: mediaId,
        progress,
        position: null,
        finished: finished ? 1 : 0,
        updated_at: daysAgo(10),
      })
      .execute();
  }

  const GREEN = `{ member { green { activeMonths hoursStreamed trees carbonTonnes greenPoints version history { month trees } }
    info { greenPoints } } }`;

  it('counts a tree per active month and per hour streamed, as the domain rule does', async () => {
    const member = await signInNewMember(t, brand, { tags: ['green_page'] });
    const start = daysAgo(100);
    await buildSubscription(t.db, brand.id, member.id, { startDate: start, isActive: true });
    const movie = await title('movie', 7200);
    const song = await title('music', 3000);
    const book = await title('ebook', null);
    await played(member.id, 'movie', movie, 0, true); // finished: its whole 2 hours
    await played(member.id, 'music', song, 2500, false);
    await played(member.id, 'ebook', book, 0.5, false); // read, not streamed
    const answer = await graphql<{ member: { green: GreenView; info: { greenPoints: number } } }>(
      t.app,
      member.caller,
      GREEN,
    );
    expect(answer.errors).toBeUndefined();
    const expected = countTrees(
      [{ start, end: null }],
      [
        { seconds: 7200, at: daysAgo(10) },
        { seconds: 2500, at: daysAgo(10) },
      ],
      new Date(),
    );
    const green = answer.data?.member.green;
    expect(green).toMatchObject({
      activeMonths: expected.activeMonths,
      hoursStreamed: 2,
      trees: expected.trees,
      carbonTonnes: expected.trees / 4,
      greenPoints: expected.greenPoints,
      version: 1,
    });
    expect(expected.activeMonths).toBeGreaterThanOrEqual(3);
    expect(green?.history.at(-1)?.trees).toBe(expected.trees);
    expect(answer.data?.member.info.greenPoints).toBe(expected.greenPoints);
  });

  it('gives a new member 1 green point and refuses the page without the flag', async () => {
    const member = await signInNewMember(t, brand);
    const answer = await graphql<{ member: { info: { greenPoints: number } } }>(
      t.app,
      member.caller,
      `
        {
          member {
            info {
              greenPoints
            }
          }
        }
      `,
    );
    expect(answer.data?.member.info.greenPoints).toBe(1);
    const refused = await graphql(
      t.app,
      member.caller,
      `
        {
          member {
            green {
              trees
            }
          }
        }
      `,
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', slug: 'green_page_disabled' });
  });

  it('shows version 2 with green_page_v2', async () => {
    const member = await signInNewMember(t, brand, { tags: ['green_page_v2'] });
    const answer = await graphql<{ member: { green: GreenView } }>(
      t.app,
      member.caller,
      `
        {
          member {
            green {
              version
              trees
            }
          }
        }
      `,
    );
    expect(answer.data?.member.green).toEqual({ version: 2, trees: 0 });
  });
});
