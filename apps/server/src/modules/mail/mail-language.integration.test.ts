import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';

const CHANGE_EMAIL = `mutation ($input: ChangeEmailInput!) { member { changeEmail(input: $input) {
  responseResult { succeeded slug } } } }`;
const CHANGE_PASSWORD = `mutation ($input: ChangePasswordInput!) { member { changePassword(input: $input) {
  responseResult { succeeded slug } } } }`;

describe.each(ENGINES)('mail in the member’s language (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine, { loginRateLimitPerMinute: 10_000 });
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const outbox = async () =>
    (await t.app.inject({ url: '/membergraphapi/api/dev/outbox', headers: { host: brand.hostname } })).json<{
      mails: { to: string; subject: string; text: string; kind?: string }[];
    }>().mails;

  it('writes the notice to the old address and the password notice in French for a French member', async () => {
    const member = await signInNewMember(t, brand, { language: 'fr-ca' });
    const oldAddress = member.email;
    const newAddress = `nouveau-${String(member.id)}@example.com`;
    const changed = await graphql<{ member: { changeEmail: { responseResult: { succeeded: boolean } } } }>(
      t.app,
      member.caller,
      CHANGE_EMAIL,
      { input: { newEmail: newAddress, confirmEmail: newAddress, currentPassword: member.password } },
    );
    expect(changed.data?.member.changeEmail.responseResult.succeeded).toBe(true);
    const notice = (await outbox()).find((mail) => mail.to === oldAddress);
    expect(notice?.subject).toContain('votre adresse courriel a été modifiée');
    expect(notice?.text).toMatch(/^Bonjour/);
    expect(notice?.text).not.toContain(newAddress);

    const relogin = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/api/auth/login',
      headers: { host: brand.hostname },
      payload: { email: newAddress, password: member.password },
    });
    const cookie = relogin.cookies.find((c) => c.value && c.name.endsWith('mb-jwt'));
    const password = await graphql<{
      member: { changePassword: { responseResult: { succeeded: boolean } } };
    }>(
      t.app,
      { host: brand.hostname, cookie: `${cookie?.name ?? ''}=${cookie?.value ?? ''}` },
      CHANGE_PASSWORD,
      {
        input: {
          currentPassword: member.password,
          newPassword: 'un tout nouveau mot de passe',
          confirmPassword: 'un tout nouveau mot de passe',
        },
      },
    );
    expect(password.data?.member.changePassword.responseResult.succeeded).toBe(true);
    const passwordNotice = (await outbox()).find((mail) => mail.to === newAddress);
    expect(passwordNotice?.subject).toContain('votre mot de passe a été modifié');
  });

  it('sends the reset link in Japanese to a Japanese member, and in English to an English one', async () => {
    const japanese = await signInNewMember(t, brand, { language: 'ja-jp' });
    const english = await signInNewMember(t, brand, { language: 'en-us' });
    for (const member of [japanese, english]) {
      await t.app.inject({
        method: 'POST',
        url: '/membergraphapi/api/auth/forgot-password',
        headers: { host: brand.hostname },
        payload: { email: member.email },
      });
    }
    const mails = await outbox();
    const inJapanese = mails.find((mail) => mail.to === japanese.email);
    expect(inJapanese?.subject).toContain('パスワードの再設定');
    expect(inJapanese?.text).toContain('/reset-password/');
    expect(mails.find((mail) => mail.to === english.email)?.subject).toContain('reset your password');
  });
});
