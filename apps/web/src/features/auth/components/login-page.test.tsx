import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson, requestsTo } from '../../../test/render-app';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('says the credentials match no account, with the support address, on 401', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/api/auth/login')
        ? jsonResponse({ error: { code: 'invalid_credentials', message: 'Invalid credentials' } }, 401)
        : jsonResponse({}, 404),
    );
    await renderApp('/login');
    await fillAndSubmit('jane@example.com', 'wrong-password');

    await screen.findByText(/These credentials match no account/);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'These credentials match no account for this site. Try again or contact support at help@aurora.example.',
    );
    expect(screen.getByRole('link', { name: 'help@aurora.example' })).toHaveAttribute(
      'href',
      'mailto:help@aurora.example',
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');

    const [init] = requestsTo(fetchMock, '/api/auth/login');
    expect(requestJson(init)).toEqual({ email: 'jane@example.com', password: 'wrong-password' });
    const headers = new Headers(init?.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-transaction-id')).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('confirms a deleted account on the page it lands on (issue 14 item 9)', async () => {
    mockFetch(() => jsonResponse({}, 404));
    await renderApp('/login?deleted=1');
    const notice = await screen.findByText(/account was deleted/);
    expect(notice).toHaveAttribute('role', 'status');
  });

  it('says nothing of a deletion otherwise', async () => {
    mockFetch(() => jsonResponse({}, 404));
    await renderApp('/login');
    await screen.findByLabelText('Email');
    expect(screen.queryByText(/account was deleted/)).not.toBeInTheDocument();
  });

  it('explains the rate limit on 429', async () => {
    mockFetch(() => jsonResponse({ error: { code: 'too_many_attempts', message: 'Slow down' } }, 429));
    await renderApp('/login');
    await fillAndSubmit('jane@example.com', 'secret');
    await screen.findByText(/Too many sign-in attempts/);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Please wait a few minutes, then try again.',
    );
  });

  it('says the account is deactivated, with the support address, on 403 account_deactivated', async () => {
    mockFetch(() =>
      jsonResponse(
        { error: { code: 'account_deactivated', message: 'This account has been deactivated.' } },
        403,
      ),
    );
    await renderApp('/login');
    await fillAndSubmit('jane@example.com', 'secret');
    await screen.findByText(/This account has been deactivated/);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This account has been deactivated. To find out why or to reactivate it, contact support at help@aurora.example.',
    );
    expect(screen.getByRole('link', { name: 'help@aurora.example' })).toHaveAttribute(
      'href',
      'mailto:help@aurora.example',
    );
  });

  it('signs in and goes to a same-origin next path', async () => {
    const member = buildMember();
    mockFetch((url) => {
      if (url.endsWith('/api/auth/login')) return jsonResponse({ member });
      if (url.endsWith('/graphql')) {
        return jsonResponse({
          data: { content: { menuItems: [buildMenuItem('home'), buildMenuItem('movie')] } },
        });
      }
      return jsonResponse({}, 404);
    });
    const { router } = await renderApp('/login?next=%2Fvpn');
    await fillAndSubmit('jane.doe@example.com', 'right-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'VPN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vpn');
  });

  it('ignores a next path that leaves the site', async () => {
    mockFetch((url) => {
      if (url.endsWith('/api/auth/login')) return jsonResponse({ member: buildMember() });
      return jsonResponse({ data: { content: { menuItems: [buildMenuItem('home')] } } });
    });
    const { router } = await renderApp('/login?next=%2F%2Fevil.example%2F');
    await fillAndSubmit('jane.doe@example.com', 'right-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane Doe' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
