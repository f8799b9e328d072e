import { CONTENT_ACCESS_TAG } from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildSubscription } from '../../test/catalog-factories';
import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { type GraphQLResponse, genericToken, login } from '../../test/http';
import { createCatalogRepository } from './catalog.repository';

// content.liveStream(slug): the live page's lookup of a stream by the slug in its URL.

const LIVE_STREAM = /* GraphQL */ `
  query LiveStream($slug: String!) {
    content {
      liveStream(slug: $slug) {
        id
        mediaType
        title
        slug
        liveSchedule {
          title
          startsAt
        }
      }
    }
  }
`;

interface Stream {
  id: number;
  mediaType: string;
  title: string;
  slug: string;
  liveSchedule: { title: string; startsAt: string }[];
}

interface Caller {
  host: string;
  token?: string;
  cookie?: string;
  country?: string;
}

describe.each(ENGINES)('content.liveStream (%s)', (engine) => {
  let t: TestApp;
  let open: { id: number; hostname: string };
  let gated: { id: number; hostname: string };
  const ids: Record<string, number | undefined> = {};

  async function liveStream(
    caller: Caller,
    slug: string,
  ): Promise<GraphQLResponse<{ content: { liveStream: Stream | null } }>> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/graphql',
      headers: {
        host: caller.host,
        'content-type': 'application/json',
        ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
        ...(caller.cookie ? { cookie: caller.cookie } : {}),
        ...(caller.country ? { 'x-country-code': caller.country } : {}),
      },
      payload: { query: LIVE_STREAM, variables: { slug } },
    });
    const body = response.json<{
      data?: { content: { liveStream: Stream | null } } | null;
      errors?: GraphQLResponse<unknown>['errors'];
    }>();
    return {
      status: response.statusCode,
      data: body.data ?? null,
      ...(body.errors ? { errors: body.errors } : {}),
      response,
    };
  }

  const visitor = async (host: string, extra: Partial<Caller> = {}): Promise<Caller> => ({
    host,
    token: await genericToken(t.app, host),
    ...extra,
  });

  function expectError(result: { errors?: GraphQLResponse<unknown>['errors'] }, code: string, slug?: string) {
    expect(result.errors?.[0]?.extensions.code).toBe(code);
    if (slug) expect(result.errors?.[0]?.extensions.slug).toBe(slug);
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    const repo = createCatalogRepository(t.db.kysely, t.db.dialect);
    open = await buildBrand(t.db);
    gated = await buildBrand(t.db, { brandTags: [CONTENT_ACCESS_TAG] });
    const schedule = (title: string) => ({
      liveSchedule: [{ title, startsAt: '2026-06-01T18:00:00.000Z', endsAt: '2026-06-01T20:00:00.000Z' }],
    });
    // The newer of the two "Harbor Sports" is inserted first: release date decides, not the id.
    [ids.newer, ids.old, ids.other, ids.canada, ids.movie] = await repo.insertMedia([
      {
        brandId: open.id,
        mediaType: 'stream',
        title: 'Harbor Sports',
        releaseDate: '2025-01-01',
        details: schedule('New final'),
      },
      {
        brandId: open.id,
        mediaType: 'stream',
        title: 'Harbor Sports',
        releaseDate: '2020-01-01',
        details: schedule('Old final'),
      },
      { brandId: open.id, mediaType: 'stream', title: 'Mountain Cup', details: schedule('Cup') },
      {
        brandId: open.id,
        mediaType: 'stream',
        title: 'Maple Hockey',
        geoAllow: ['CA'],
        details: schedule('Puck drop'),
      },
      { brandId: open.id, mediaType: 'movie', title: 'Movie Night' },
    ]);
    [ids.gatedStream] = await repo.insertMedia([
      { brandId: gated.id, mediaType: 'stream', title: 'Members Match', details: schedule('Kick-off') },
    ]);
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers the stream with its schedule, the newest one when two share a slug', async () => {
    const caller = await visitor(open.hostname);
    const cup = await liveStream(caller, 'mountain-cup');
    expect(cup.errors).toBeUndefined();
    expect(cup.data?.content.liveStream).toEqual({
      id: ids.other,
      mediaType: 'stream',
      title: 'Mountain Cup',
      slug: 'mountain-cup',
      liveSchedule: [{ title: 'Cup', startsAt: '2026-06-01T18:00:00.000Z' }],
    });
    const harbor = await liveStream(caller, 'harbor-sports');
    expect(harbor.data?.content.liveStream?.id).toBe(ids.newer);
    expect(harbor.data?.content.liveStream?.liveSchedule[0]?.title).toBe('New final');
  });

  it('answers NOT_FOUND for an unknown slug, text that cannot be a slug, another type or another brand', async () => {
    const caller = await visitor(open.hostname);
    for (const slug of [
      'no-such-stream',
      'movie-night',
      'members-match',
      '../admin',
      'Mountain Cup',
      'x'.repeat(81),
      '',
    ])
      expectError(await liveStream(caller, slug), 'NOT_FOUND', 'media_not_found');
    expectError(await liveStream(await visitor(gated.hostname), 'mountain-cup'), 'NOT_FOUND');
  });

  it("applies content.media's access rules: location and subscription", async () => {
    expectError(
      await liveStream(await visitor(open.hostname, { country: 'US' }), 'maple-hockey'),
      'FORBIDDEN',
      'not_available_in_location',
    );
    const canada = await liveStream(await visitor(open.hostname, { country: 'CA' }), 'maple-hockey');
    expect(canada.data?.content.liveStream?.id).toBe(ids.canada);

    expectError(
      await liveStream(await visitor(gated.hostname), 'members-match'),
      'FORBIDDEN',
      'subscription_required',
    );
    const member = await buildMember(t.db, gated.id);
    await buildSubscription(t.db, gated.id, member.id, { mediaTypes: ['stream'] });
    const { cookie } = await login(t.app, gated.hostname, member.email, member.password);
    const subscribed = await liveStream(
      { host: gated.hostname, ...(cookie ? { cookie } : {}) },
      'members-match',
    );
    expect(subscribed.data?.content.liveStream?.id).toBe(ids.gatedStream);
  });

  it('requires a visitor or member token', async () => {
    expectError(await liveStream({ host: open.hostname }, 'mountain-cup'), 'UNAUTHENTICATED');
  });
});
