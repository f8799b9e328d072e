import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '../../test/console-guard';
import { buildBoot, buildMember, buildMenuItem } from '../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson, requestsTo } from '../../test/render-app';

const MEMBERSHIP = {
  referenceNumber: 'M-7K3QX-9PD2H',
  subscription: {
    isActive: true,
    isCanceled: false,
    displayStatus: 'active',
    activeMediaTypes: ['movie'],
    planName: 'Premium',
    nextBillingDate: '2030-01-15T12:00:00.000Z',
    endDate: null,
  },
  subscriptions: [
    {
      id: 1,
      isActive: true,
      isTrial: false,
      planName: 'Premium',
      nextBillingDate: '2030-01-15T12:00:00.000Z',
      cancelRefId: null,
      startDate: '2029-09-01T12:00:00.000Z',
      endDate: null,
    },
  ],
};

/** The menu for the layout, and `membership` (or a GraphQL error) for the Membership query. */
function mockApi(membership: unknown = { data: { member: { info: MEMBERSHIP } } }) {
  return mockFetch((url, init) => {
    const body = JSON.stringify(requestJson(init));
    if (url.endsWith('/graphql') && body.includes('query Membership')) return jsonResponse(membership);
    if (url.endsWith('/graphql')) {
      return jsonResponse({
        data: { content: { menuItems: [buildMenuItem('home'), buildMenuItem('movie')] } },
      });
    }
    return jsonResponse({}, 404);
  });
}

const boot = () => buildBoot({ member: buildMember() });

describe('account page', () => {
  it('opens on Membership, marked as the current section', async () => {
    mockApi();
    await renderApp('/account', boot());
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(nav).getByRole('link', { name: 'Membership' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Wallet' })).not.toHaveAttribute('aria-current');
    const section = await screen.findByRole('region', { name: 'Membership' });
    expect(within(section).getByText('Premium', { selector: 'dd' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Membership · Aurora Media');
    });
  });

  it('switches to another section without loading the membership again', async () => {
    const fetchMock = mockApi();
    await renderApp('/account/membership', boot());
    await screen.findByRole('region', { name: 'Membership' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Profile' }));

    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    const membershipQueries = requestsTo(fetchMock, '/graphql').filter((init) =>
      JSON.stringify(requestJson(init)).includes('query Membership'),
    );
    expect(membershipQueries).toHaveLength(1);
  });

  it('shows Not Found for a section that does not exist', async () => {
    mockApi();
    await renderApp('/account/no-such-section', boot());
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
  });

  it('shows "information not found" when the membership cannot be loaded', async () => {
    mockApi({ errors: [{ message: 'boom', extensions: { code: 'INTERNAL' } }] });
    // The failure is logged as an error (spec section 8: flag an issue).
    allowConsoleError();
    await renderApp('/account', boot());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Information not found' }),
    ).toBeInTheDocument();
  });

  it('sends a member whose session ended on the server to sign in', async () => {
    mockApi({ errors: [{ message: 'Please sign in', extensions: { code: 'UNAUTHENTICATED' } }] });
    const { router } = await renderApp('/account', boot());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/account');
  });
});
