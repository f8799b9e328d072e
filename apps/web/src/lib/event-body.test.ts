import { describe, expect, it } from 'vitest';
import { buildBoot, buildBrand, buildMember } from '../test/factories';
import { buildEventBody } from './event-body';
import { createSessionStore } from './session';

const nav = { userAgent: 'TestAgent/1.0', language: 'fr-CA' };

describe('event body', () => {
  it('describes a member event from the brand, the member and the browser', () => {
    const member = buildMember({ tags: ['layout:clickcoins', 'vpn'], provider: 'test' });
    const session = createSessionStore(buildBoot({ member }), buildBrand()).getSnapshot();
    expect(
      buildEventBody(
        session,
        'fr-ca',
        'members',
        { action: 'language_changed', from: 'en-us', to: 'fr-ca' },
        {},
        nav,
      ),
    ).toEqual({
      namespace: 'members',
      env: 'LOCAL',
      brand_domain_name: 'aurora.localhost',
      brand_country_code: 'US',
      tags: ['layout:clickcoins', 'vpn'],
      language: 'fr-ca',
      user_agent: 'TestAgent/1.0',
      browser_language: 'fr-CA',
      is_test: true,
      layout: 'clickcoins',
      extras: { action: 'language_changed', from: 'en-us', to: 'fr-ca' },
    });
  });

  it('adds vendor and subscription provider only when given', () => {
    const session = createSessionStore(buildBoot(), buildBrand()).getSnapshot();
    const body = buildEventBody(session, 'en-us', 'consumptions', undefined, { vendorId: 'v1' }, nav);
    expect(body).toMatchObject({ namespace: 'consumptions', vendor_id: 'v1', is_test: false, tags: [] });
    expect(body).not.toHaveProperty('subscription_provider');
    expect(body).not.toHaveProperty('extras');
  });
});
