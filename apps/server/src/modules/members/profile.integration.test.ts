import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { genericToken, graphql, login, memberCookie } from '../../test/http';

const UPDATE = `mutation ($input: UpdateProfileInput!) {
  member { updateProfile(input: $input) {
    responseResult { succeeded errorCode slug message }
    jwt
    member { id name timezone language }
  } }
}`;

interface UpdateData {
  member: {
    updateProfile: {
      responseResult: {
        succeeded: boolean;
        errorCode: string | null;
        slug: string | null;
        message: string | null;
      };
      jwt: string | null;
      member: { id: number; name: string; timezone: string; language: string } | null;
    };
  };
}

describe.each(ENGINES)('member.updateProfile (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db, { languages: ['en-us', 'fr-ca', 'ja-jp'] });
  });
  afterAll(async () => {
    await t.close();
  });

  async function signIn() {
    const member = await buildMember(t.db, brand.id, { name: 'Original Name' });
    const { cookie } = await login(t.app, brand.hostname, member.email, member.password);
    return { ...member, caller: { host: brand.hostname, cookie } };
  }

  const stored = (id: number) =>
    t.db.kysely
      .selectFrom('members')
      .select(['name', 'timezone', 'language'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const ORIGINAL = { name: 'Original Name', timezone: 'America/New_York', language: 'en-us' };

  it('saves the profile, re-issues the cookie and records the event', async () => {
    const member = await signIn();
    const other = await signIn();
    const result = await graphql<UpdateData>(t.app, member.caller, UPDATE, {
      input: { name: '  Ada Lovelace ', timezone: 'Asia/Kolkata', language: 'ja-jp' },
    });
    const payload = result.data?.member.updateProfile;
    expect(payload?.responseResult.succeeded).toBe(true);
    expect(payload?.member).toEqual({
      id: member.id,
      name: 'Ada Lovelace',
      timezone: 'Asia/Kolkata',
      language: 'ja-jp',
    });
    expect(payload?.jwt).toEqual(expect.any(String));
    expect(await stored(member.id)).toEqual({
      name: 'Ada Lovelace',
      timezone: 'Asia/Kolkata',
      language: 'ja-jp',
    });
    expect(await stored(other.id)).toEqual(ORIGINAL);

    const cookie = memberCookie(result.response);
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: brand.hostname, cookie: cookie ?? '' },
    });
    expect(page.body).toContain('<html lang="ja-JP"');
    expect(page.body).toContain('Asia/Kolkata');

    const events = await t.db.kysely
      .selectFrom('events')
      .select('extras')
      .where('member_id', '=', member.id)
      .where('namespace', '=', 'members')
      .execute();
    expect(events.map((row) => JSON.parse(row.extras) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ action: 'profile_updated', changed: 'name,timezone,language' }),
    );
  });

  it.each([
    ['a name that is too long', { name: 'x'.repeat(81) }, 'name_too_long'],
    ['a name with a line break', { name: 'Ada\nLovelace' }, 'name_control_characters'],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, 'invalid_timezone'],
    ['an unknown language', { language: 'xx-yy' }, 'invalid_language'],
    ['a language the brand does not offer', { language: 'de-de' }, 'unsupported_language'],
  ])('refuses %s and saves nothing', async (_label, change, slug) => {
    const member = await signIn();
    const result = await graphql<UpdateData>(t.app, member.caller, UPDATE, {
      input: { name: 'Changed', timezone: 'Europe/Paris', language: 'fr-ca', ...change },
    });
    expect(result.status).toBe(200);
    expect(result.data?.member.updateProfile).toMatchObject({
      responseResult: { succeeded: false, errorCode: 'BAD_USER_INPUT', slug },
      jwt: null,
      member: null,
    });
    expect(result.data?.member.updateProfile.responseResult.message).toEqual(expect.any(String));
    expect(memberCookie(result.response)).toBeUndefined();
    expect(await stored(member.id)).toEqual(ORIGINAL);
  });

  it('refuses a visitor', async () => {
    const token = await genericToken(t.app, brand.hostname);
    const result = await graphql(t.app, { host: brand.hostname, token }, UPDATE, {
      input: { name: 'Visitor', timezone: 'Europe/Paris', language: 'en-us' },
    });
    expect(result.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });
});
