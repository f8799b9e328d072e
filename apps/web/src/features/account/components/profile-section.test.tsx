import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildBoot, buildBrand, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson, requestsTo } from '../../../test/render-app';

type UpdateAnswer = (input: Record<string, string>) => unknown;

function mockApi(answer: UpdateAnswer) {
  return mockFetch((url, init) => {
    const body = requestJson(init) as { query?: string; variables?: { input?: Record<string, string> } };
    if (url.endsWith('/graphql') && body.query?.includes('mutation UpdateProfile')) {
      return jsonResponse(answer(body.variables?.input ?? {}));
    }
    if (url.endsWith('/graphql')) {
      return jsonResponse({ data: { content: { menuItems: [buildMenuItem('home')] } } });
    }
    return jsonResponse({}, 404);
  });
}

const succeeded = { succeeded: true, errorCode: null, slug: null, message: null };

const boot = () => buildBoot({ brand: buildBrand({ languages: ['en-us', 'fr-ca'] }), member: buildMember() });

describe('account profile', () => {
  it('saves the name and time zone and shows that it is saved', async () => {
    const fetchMock = mockApi((input) => ({
      data: { member: { updateProfile: { responseResult: succeeded, member: buildMember(input) } } },
    }));
    await renderApp('/account/profile', boot());
    const section = await screen.findByRole('region', { name: 'Profile' });
    const user = userEvent.setup();
    const name = within(section).getByRole('textbox', { name: 'Display name' });
    expect(name).toHaveValue('Jane Doe');
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Time zone' }), 'Asia/Kolkata');
    expect(within(section).getByRole('option', { name: '(GMT+05:30) Asia/Kolkata' })).toBeInTheDocument();
    expect(
      within(within(section).getByRole('combobox', { name: 'Default language' })).getByRole('option', {
        name: 'Français',
      }),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Save changes' }));

    expect(await within(section).findByRole('status')).toHaveTextContent('Your profile is saved.');
    const sent = requestsTo(fetchMock, '/graphql')
      .map((init) => requestJson(init) as { query: string; variables?: unknown })
      .find((body) => body.query.includes('mutation UpdateProfile'));
    expect(sent?.variables).toEqual({
      input: { name: 'Ada Lovelace', timezone: 'Asia/Kolkata', language: 'en-us' },
    });
    // The session member is updated: the member menu shows the new name.
    expect(screen.getByRole('button', { name: /Ada Lovelace/ })).toBeInTheDocument();
  });

  it('switches the interface when the default language changes', async () => {
    mockApi((input) => ({
      data: { member: { updateProfile: { responseResult: succeeded, member: buildMember(input) } } },
    }));
    await renderApp('/account/profile', boot());
    const section = await screen.findByRole('region', { name: 'Profile' });
    const user = userEvent.setup();
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Default language' }), 'fr-ca');
    await user.click(within(section).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('region', { name: 'Profil' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Profil' });
    expect(within(profile).getByText('Votre profil est enregistré.')).toHaveAttribute('role', 'status');
  });

  it('shows the server error in an alert', async () => {
    mockApi(() => ({
      data: {
        member: {
          updateProfile: {
            responseResult: {
              succeeded: false,
              errorCode: 'BAD_USER_INPUT',
              slug: 'invalid_timezone',
              message: 'Choose a time zone from the list.',
            },
            member: null,
          },
        },
      },
    }));
    await renderApp('/account/profile', boot());
    const section = await screen.findByRole('region', { name: 'Profile' });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Save changes' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Choose a time zone from the list.');
  });

  it('shows the server’s refusal in the member’s language, not the server’s English', async () => {
    const refusal = (slug: string | null, message: string) => ({
      data: {
        member: {
          updateProfile: {
            responseResult: { succeeded: false, errorCode: 'BAD_USER_INPUT', slug, message },
            member: null,
          },
        },
      },
    });
    const answers = [
      refusal('unsupported_language', 'The language "de-de" is not offered on this site.'),
      refusal('name_too_long', 'The name can be at most 80 characters long.'),
      refusal('something_new', 'An English message the screen does not know.'),
    ];
    mockApi(() => answers.shift());
    await renderApp(
      '/account/profile',
      buildBoot({
        brand: buildBrand({ languages: ['en-us', 'fr-ca'] }),
        member: buildMember({ language: 'fr-ca' }),
      }),
    );
    const section = await screen.findByRole('region', { name: 'Profil' });
    const user = userEvent.setup();
    const save = within(section).getByRole('button', { name: 'Enregistrer' });
    await user.click(save);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Cette langue n’est pas offerte sur ce site. Choisissez-en une dans la liste.',
    );
    await user.click(save);
    await waitFor(() => {
      expect(within(section).getByRole('alert')).toHaveTextContent(
        'Le nom peut contenir au plus 80 caractères.',
      );
    });
    await user.click(save);
    await waitFor(() => {
      expect(within(section).getByRole('alert')).not.toHaveTextContent(/English/);
    });
    expect(within(section).getByRole('alert')).toHaveTextContent(/\S/);
  });

  it('refuses a name with a line break before sending it', async () => {
    const fetchMock = mockApi(() => ({}));
    await renderApp('/account/profile', boot());
    const section = await screen.findByRole('region', { name: 'Profile' });
    const user = userEvent.setup();
    await user.clear(within(section).getByRole('textbox', { name: 'Display name' }));
    await user.paste('Ada\u0007');
    await user.click(within(section).getByRole('button', { name: 'Save changes' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The name cannot contain line breaks or control characters.',
    );
    expect(
      requestsTo(fetchMock, '/graphql').filter((init) =>
        JSON.stringify(requestJson(init)).includes('UpdateProfile'),
      ),
    ).toHaveLength(0);
  });
});
