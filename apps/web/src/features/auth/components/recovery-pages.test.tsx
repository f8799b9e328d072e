import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, requestJson, requestsTo } from '../../../test/render-app';

const KEY = 'k'.repeat(43);

describe('forgot password', () => {
  it('checks the address, then says a link is on its way whatever the answer', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ accepted: true }, 202));
    await renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address.');
    expect(requestsTo(fetchMock, '/api/auth/forgot-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'Jane@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/a reset link is on its way/)).toBeInTheDocument();
    expect(requestJson(requestsTo(fetchMock, '/api/auth/forgot-password')[0])).toEqual({
      email: 'jane@example.com',
    });
    expect(screen.getByRole('link', { name: 'Forgot your email address?' })).toHaveAttribute(
      'href',
      '/forgot-email',
    );
  });

  it('explains the rate limit', async () => {
    mockFetch(() => jsonResponse({ error: { code: 'too_many_attempts', message: 'Slow down' } }, 429));
    await renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('Too many requests. Please wait an hour and try again.'),
    ).toBeInTheDocument();
  });
});

describe('reset password', () => {
  async function fill(newPassword: string, confirmPassword: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), newPassword);
    await user.type(screen.getByLabelText('Retype new password'), confirmPassword);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
  }

  it('refuses mismatched passwords without a request, then saves with the key', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ reset: true }));
    await renderApp(`/reset-password/${KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    await fill('a long new passphrase', 'something else');
    expect(screen.getByRole('alert')).toHaveTextContent('The passwords do not match.');
    expect(requestsTo(fetchMock, '/api/auth/reset-password')).toHaveLength(0);

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Retype new password'));
    await user.type(screen.getByLabelText('Retype new password'), 'a long new passphrase');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(/Your password was changed/)).toBeInTheDocument();
    expect(requestJson(requestsTo(fetchMock, '/api/auth/reset-password')[0])).toEqual({
      key: KEY,
      newPassword: 'a long new passphrase',
      confirmPassword: 'a long new passphrase',
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('refuses a used or expired link before showing the form (issue 14 item 9)', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse({ error: { code: 'invalid_or_expired_key', message: 'expired' } }, 400),
    );
    await renderApp(`/reset-password/${KEY}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/This reset link is not valid any more/);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(requestJson(requestsTo(fetchMock, '/api/auth/reset-password/check')[0])).toEqual({ key: KEY });
  });

  it('offers a new link when the key is used meanwhile', async () => {
    mockFetch((url) =>
      url.endsWith('/check')
        ? jsonResponse({ valid: true })
        : jsonResponse({ error: { code: 'invalid_or_expired_key', message: 'expired' } }, 400),
    );
    await renderApp(`/reset-password/${KEY}`);
    await fill('a long new passphrase', 'a long new passphrase');
    expect(await screen.findByText(/This reset link is not valid any more/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('forgot email', () => {
  it('needs 6 and 4 digits and shows only the masked address', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ maskedEmails: ['j***@e***.com'] }));
    await renderApp('/forgot-email');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First 6 digits'), '4242');
    await user.type(screen.getByLabelText('Last 4 digits'), '4242');
    await user.click(screen.getByRole('button', { name: 'Find my email' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter exactly 6 digits and 4 digits.');
    expect(requestsTo(fetchMock, '/api/auth/forgot-email')).toHaveLength(0);

    await user.type(screen.getByLabelText('First 6 digits'), '42');
    await user.click(screen.getByRole('button', { name: 'Find my email' }));
    expect(await screen.findByText('j***@e***.com')).toBeInTheDocument();
    expect(requestJson(requestsTo(fetchMock, '/api/auth/forgot-email')[0])).toEqual({
      first6: '424242',
      last4: '4242',
    });
  });

  it('says when the site cannot find accounts by card, and reveals nothing', async () => {
    mockFetch(() => jsonResponse({ error: { code: 'card_recovery_unavailable', message: 'x' } }, 503));
    await renderApp('/forgot-email');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First 6 digits'), '424242');
    await user.type(screen.getByLabelText('Last 4 digits'), '4242');
    await user.click(screen.getByRole('button', { name: 'Find my email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Recovery by card is not available on this site. Reset your password by email, or contact support.',
    );
  });
});
