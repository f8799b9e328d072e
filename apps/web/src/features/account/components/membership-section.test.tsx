import type { Locale } from '@member/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, createI18n } from '../../../lib/i18n';
import { loadAccountStrings } from '../api/account-strings';
import type { Membership, MembershipSubscription, SubscriptionSummary } from '../api/get-membership';
import { MembershipSection } from './membership-section';

function buildSubscription(overrides: Partial<MembershipSubscription> = {}): MembershipSubscription {
  return {
    id: 1,
    isActive: true,
    isTrial: false,
    planName: 'Premium',
    nextBillingDate: '2030-01-15T12:00:00.000Z',
    cancelRefId: null,
    startDate: '2029-09-01T12:00:00.000Z',
    endDate: null,
    renewalDiscountPercent: 0,
    priceMinor: 1999,
    currency: 'USD',
    ...overrides,
  };
}

function buildMembership(
  summary: Partial<SubscriptionSummary> = {},
  subscriptions: MembershipSubscription[] = [buildSubscription()],
): Membership {
  return {
    referenceNumber: 'M-7K3QX-9PD2H',
    subscription: {
      isActive: true,
      isCanceled: false,
      displayStatus: 'active',
      activeMediaTypes: ['music', 'movie'],
      planName: 'Premium',
      nextBillingDate: '2030-01-15T12:00:00.000Z',
      endDate: null,
      ...summary,
    },
    subscriptions,
  };
}

async function renderSection(
  membership: Membership,
  locale: Locale = 'en-us',
  timeZone = 'America/New_York',
) {
  const i18n = createI18n();
  await i18n.setLocale(locale);
  await loadAccountStrings(i18n);
  return render(
    <I18nProvider store={i18n}>
      <MembershipSection membership={membership} timeZone={timeZone} />
    </I18nProvider>,
  );
}

/** The summary's terms and their values, read as a screen reader lists them. */
function summary(): Record<string, string | null> {
  const terms = screen.getAllByRole('term');
  const values = screen.getAllByRole('definition');
  return Object.fromEntries(
    terms.map((term, index) => [term.textContent, values[index]?.textContent ?? null]),
  );
}

const summaryValue = (term: string) => summary()[term];

describe('membership section', () => {
  it('shows the plan, status, next billing date and media types of an active member', async () => {
    await renderSection(buildMembership());
    const section = screen.getByRole('region', { name: 'Membership' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Membership' })).toBeInTheDocument();
    expect(summaryValue('Plan')).toBe('Premium');
    expect(summaryValue('Status')).toBe('Active');
    expect(summaryValue('Next billing date')).toBe('January 15, 2030');
    const media = screen.getByRole('list', { name: 'Included in your membership' });
    expect(
      within(media)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Music', 'Movies']);
    const list = screen.getByRole('list', { name: 'Your subscriptions' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'PremiumActiveStarted September 1, 2029 · Renews January 15, 2030',
    );
    expect(screen.getByText('M-7K3QX-9PD2H')).toBeInTheDocument();
  });

  it('shows a trial as Trial', async () => {
    await renderSection(buildMembership({ displayStatus: 'trial' }, [buildSubscription({ isTrial: true })]));
    expect(summaryValue('Status')).toBe('Trial');
  });

  it('says a canceled member keeps access until the end date, with no next payment', async () => {
    await renderSection(
      buildMembership(
        { isCanceled: true, endDate: '2030-02-01T12:00:00.000Z', activeMediaTypes: ['movie', 'vpn'] },
        [buildSubscription({ cancelRefId: 'c-1', endDate: '2030-02-01T12:00:00.000Z' })],
      ),
    );
    expect(summaryValue('Status')).toBe('Canceled');
    expect(summaryValue('Next billing date')).toBe('No upcoming payment');
    expect(
      screen.getByText('Your membership is canceled. You keep access until February 1, 2030.'),
    ).toBeInTheDocument();
    const media = screen.getByRole('list', { name: 'Included in your membership' });
    expect(
      within(media)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Movies', 'VPN']);
  });

  it('shows an ended membership as canceled, with the date it ended and nothing included', async () => {
    await renderSection(
      buildMembership(
        {
          isActive: false,
          isCanceled: true,
          displayStatus: 'inactive',
          activeMediaTypes: [],
          nextBillingDate: null,
          endDate: '2029-12-01T12:00:00.000Z',
        },
        [buildSubscription({ isActive: false, cancelRefId: 'c-2', endDate: '2029-12-01T12:00:00.000Z' })],
      ),
    );
    expect(summaryValue('Status')).toBe('Canceled');
    expect(screen.getByText('Your membership ended on December 1, 2029.')).toBeInTheDocument();
    expect(screen.getByText('Nothing at the moment')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Your subscriptions' })).getByRole('listitem'),
    ).toHaveTextContent('Ended December 1, 2029');
  });

  it('explains that an account without subscriptions has no membership', async () => {
    await renderSection(
      buildMembership(
        {
          isActive: false,
          isCanceled: true,
          displayStatus: 'inactive',
          activeMediaTypes: [],
          planName: null,
          nextBillingDate: null,
        },
        [],
      ),
    );
    expect(
      screen.getByRole('heading', { level: 3, name: 'No membership on this account' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your subscriptions' })).not.toBeInTheDocument();
  });

  it("uses the member's language and time zone for dates", async () => {
    await renderSection(
      buildMembership({ nextBillingDate: '2030-01-15T02:00:00.000Z' }),
      'fr-ca',
      'America/Los_Angeles',
    );
    expect(summaryValue('Prochaine date de facturation')).toBe('14 janvier 2030');
    expect(summaryValue('Statut')).toBe('Actif');
    expect(screen.getByRole('list', { name: 'Inclus dans votre abonnement' })).toHaveTextContent('Musique');
  });
});
