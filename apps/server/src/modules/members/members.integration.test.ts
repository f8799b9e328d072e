import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { graphql, login, memberCookie } from '../../test/http';

const RESULT = 'responseResult { succeeded errorCode slug message }';

describe.each(ENGINES)('member calls (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db, { languages: ['en-us', 'fr-ca', 'ja-jp'] });
  });
  afterAll(async () => {
    await t.close();
  });

  async function signIn(options: Parameters<typeof buildMember>[2] = {}) {
    const member = await buildMember(t.db, brand.id, options);
    const { cookie } = await login(t.app, brand.hostname, member.email, member.password);
    return { ...member, caller: { host: brand.hostname, cookie } };
  }

  it('returns member info with the display name falling back to the email', async () => {
    const member = await signIn({ email: 'river.song@example.com', name: '' });
    const result = await graphql<{ member: { info: { displayName: string; email: string } } }>(
      t.app,
      member.caller,
      '{ member { info { displayName email createdAt tags } } }',
    );
    expect(result.data?.member.info).toMatchObject({
      displayName: 'river.song',
      email: 'river.song@example.com',
    });
  });

  it('saves the language on the server and re-issues the cookie with it', async () => {
    const member = await signIn();
    const result = await graphql<{ member: { setLanguage: { member: { language: string }; jwt: string } } }>(
      t.app,
      member.caller,
      `mutation { member { setLanguage(language: "ja-jp") { ${RESULT} jwt member { language } } } }`,
    );
    expect(result.data?.member.setLanguage.member.language).toBe('ja-jp');
    const cookie = memberCookie(result.response);
    const stored = await t.db.kysely
      .selectFrom('members')
      .select('language')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(stored.language).toBe('ja-jp');
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: brand.hostname, cookie: cookie ?? '' },
    });
    expect(page.body).toContain('<html lang="ja-JP"');
  });

  it('refuses a language the brand does not offer, and keeps the old one', async () => {
    const member = await signIn({ language: 'fr-ca' });
    const result = await graphql<{
      member: { setLanguage: { responseResult: { succeeded: boolean; slug: string } } };
    }>(t.app, member.caller, `mutation { member { setLanguage(language: "de-de") { ${RESULT} } } }`);
    expect(result.data?.member.setLanguage.responseResult).toMatchObject({
      succeeded: false,
      slug: 'unsupported_language',
    });
    const stored = await t.db.kysely
      .selectFrom('members')
      .select('language')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(stored.language).toBe('fr-ca');
  });

  it('lets a member set only the tags a member may set', async () => {
    const member = await signIn({ tags: ['onboarding_status:not_started'] });
    const allowed = await graphql<{ member: { setTags: { member: { tags: string[] } } } }>(
      t.app,
      member.caller,
      `mutation { member { setTags(tags: ["ma_visited", "winner_displayed:true"]) { ${RESULT} member { tags } } } }`,
    );
    expect(allowed.data?.member.setTags.member.tags).toEqual([
      'onboarding_status:not_started',
      'ma_visited',
      'winner_displayed:true',
    ]);

    for (const tag of [
      'onboarding_status:completed',
      'layout:clickcoins',
      'sweepsattack:enable',
      'upsell_displayed',
      'upsell_displayed:true',
      'cm_upsell',
      'vpn:disabled',
      'ma_visited,vpn',
    ]) {
      const refused = await graphql<{
        member: { setTags: { responseResult: { succeeded: boolean; errorCode: string } } };
      }>(
        t.app,
        member.caller,
        'mutation ($tags: [String!]!) { member { setTags(tags: $tags) { responseResult { succeeded errorCode } } } }',
        { tags: ['ma_visited', tag] },
      );
      expect(refused.data?.member.setTags.responseResult).toEqual({
        succeeded: false,
        errorCode: 'FORBIDDEN',
      });
    }
    const stored = await t.db.kysely
      .selectFrom('members')
      .select('tags')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.tags)).toEqual([
      'onboarding_status:not_started',
      'ma_visited',
      'winner_displayed:true',
    ]);
  });

  it('requires a signed-in member for member calls', async () => {
    const result = await graphql(
      t.app,
      { host: brand.hostname },
      `mutation { member { setLanguage(language: "en-us") { ${RESULT} } } }`,
    );
    expect(result.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('keeps concurrent tag and language changes of one member consistent', async () => {
    const member = await signIn();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        graphql(
          t.app,
          member.caller,
          `mutation { member { setLanguage(language: "${i % 2 ? 'fr-ca' : 'ja-jp'}") { ${RESULT} } } }`,
        ),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const stored = await t.db.kysely
      .selectFrom('members')
      .select('language')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(['fr-ca', 'ja-jp']).toContain(stored.language);
  });
});
