import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { I18nProvider, createI18n } from '../../../lib/i18n';
import { SessionProvider, createSessionStore } from '../../../lib/session';
import { buildBoot, buildBrand, buildMember } from '../../../test/factories';
import { jsonResponse, mockFetch, requestJson, requestsTo } from '../../../test/render-app';
import { loadAccountStrings } from '../api/account-strings';
import { SecuritySection } from './security-section';

async function renderSection() {
  const member = buildMember();
  const session = createSessionStore(buildBoot({ member }), buildBrand());
  const i18n = createI18n();
  await i18n.setLocale('en-us');
  await loadAccountStrings(i18n);
  render(
    <SessionProvider store={session}>
      <I18nProvider store={i18n}>
        <SecuritySection />
      </I18nProvider>
    </SessionProvider>,
  );
  return { member, session };
}

const refused = (field: string, slug: string) =>
  jsonResponse({
    data: {
      member: {
        [field]: { responseResult: { succeeded: false, errorCode: 'FORBIDDEN', slug, message: slug } },
      },
    },
  });

describe('change password form', () => {
  it('refuses a weak or mistyped password before sending anything', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}, 500));
    await renderSection();
    const form = screen.getByRole('form', { name: 'Change password' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Current password'), 'old password 1');
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.type(within(form).getByLabelText('Retype new password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The new password needs at least 10 characters.',
    );
    expect(within(form).getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'a long new passphrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The passwords do not match.');
    expect(requestsTo(fetchMock, '/graphql')).toHaveLength(0);
  });

  it('sends the change and says other devices were signed out; shows a wrong current password', async () => {
    let attempt = 0;
    const fetchMock = mockFetch(() => {
      attempt += 1;
      return attempt === 1
        ? refused('changePassword', 'wrong_password')
        : jsonResponse({
            data: {
              member: {
                changePassword: {
                  responseResult: { succeeded: true, errorCode: null, slug: null, message: null },
                },
              },
            },
          });
    });
    await renderSection();
    const form = screen.getByRole('form', { name: 'Change password' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Current password'), 'not it');
    await user.type(within(form).getByLabelText('New password'), 'a long new passphrase');
    await user.type(within(form).getByLabelText('Retype new password'), 'a long new passphrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The current password is not correct.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await within(form).findByText('Your password was changed. Other devices were signed out.'),
    ).toBeInTheDocument();
    const [, second] = requestsTo(fetchMock, '/graphql');
    expect(requestJson(second)).toMatchObject({
      variables: {
        input: {
          currentPassword: 'not it',
          newPassword: 'a long new passphrase',
          confirmPassword: 'a long new passphrase',
        },
      },
    });
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  });
});

describe('change email form', () => {
  it('needs the confirmation to match, then updates the signed-in member', async () => {
    const { member, session } = await renderSection();
    const updated = { ...member, email: 'new@example.com' };
    const fetchMock = mockFetch(() =>
      jsonResponse({
        data: {
          member: {
            changeEmail: {
              responseResult: { succeeded: true, errorCode: null, slug: null, message: null },
              member: updated,
            },
          },
        },
      }),
    );
    const form = screen.getByRole('form', { name: 'Change email' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('New email'), 'New@Example.com');
    await user.type(within(form).getByLabelText('Confirm new email'), 'other@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'secret');
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The email addresses do not match.');
    expect(requestsTo(fetchMock, '/graphql')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Confirm new email'));
    await user.type(within(form).getByLabelText('Confirm new email'), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    expect(await within(form).findByText('Your email address was changed.')).toBeInTheDocument();
    expect(requestJson(requestsTo(fetchMock, '/graphql')[0])).toMatchObject({
      variables: {
        input: { newEmail: 'new@example.com', confirmEmail: 'new@example.com', currentPassword: 'secret' },
      },
    });
    expect(session.getSnapshot().member?.email).toBe('new@example.com');
  });
});

describe('lockout after wrong current passwords', () => {
  it('says to wait when the server refuses more attempts, on both forms', async () => {
    mockFetch((_url, init) => {
      const body = requestJson(init) as { query?: string };
      return refused(
        body.query?.includes('changeEmail') ? 'changeEmail' : 'changePassword',
        'too_many_attempts',
      );
    });
    await renderSection();
    const user = userEvent.setup();
    const message = 'Too many wrong passwords. Try again in 15 minutes.';

    const password = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(password).getByLabelText('Current password'), 'old password 1');
    await user.type(within(password).getByLabelText('New password'), 'a long new passphrase');
    await user.type(within(password).getByLabelText('Retype new password'), 'a long new passphrase');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText(message)).toHaveAttribute('role', 'alert');

    const email = screen.getByRole('form', { name: 'Change email' });
    await user.type(within(email).getByLabelText('New email'), 'new@example.com');
    await user.type(within(email).getByLabelText('Confirm new email'), 'new@example.com');
    await user.type(within(email).getByLabelText('Current password'), 'secret');
    await user.click(within(email).getByRole('button', { name: 'Change email' }));
    expect(await within(email).findByText(message)).toHaveAttribute('role', 'alert');
  });
});
