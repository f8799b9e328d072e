import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type GraphqlCall,
  installBillingTestHooks,
  mockBillingApi,
  ok,
  refused,
  renderBilling,
} from '../test/billing-test-kit';
import { MembershipBilling } from './membership-billing';

const subscription = {
  refId: 'sub-1',
  planName: 'Premium',
  isActive: true,
  cancelRefId: null,
  endDate: null,
  nextBillingDate: '2030-01-15T12:00:00.000Z',
  offers: [{ id: 1 }],
};
const plan = (id: number, name: string, mediaTypes: string[]) => ({
  id,
  name,
  group: name,
  description: `${name} plan`,
  trialPeriod: 0,
  priceRecurring: 1999,
  priceInitial: 1999,
  currency: 'USD',
  recurring: { interval: 'month', interval_count: 1 },
  mediaTypes,
});
const plans = [
  plan(1, 'Premium', ['movie', 'music']),
  plan(2, 'Books', ['ebook']),
  { ...plan(9, 'Free', []), priceInitial: 0, priceRecurring: 0 },
];
const offer = { discountPercent: 50, regularPriceMinor: 1999, priceMinor: 999, currency: 'USD' };
const receipt = {
  cancelRefId: 'CXL-123',
  planName: 'Premium',
  cancelledAt: '2029-12-01T12:00:00.000Z',
  accessUntil: '2030-01-15T12:00:00.000Z',
};

const API: Record<string, (variables: unknown) => unknown> = {
  MySubscriptions: () => ({ member: { info: { subscriptions: [subscription] } } }),
  Billing: () => ({ member: { paymentMethods: [], billingHistory: [] } }),
  Plans: () => ({ plan: { getPlans: plans } }),
  PresentRetentionOffer: () => ({ member: { presentRetentionOffer: { responseResult: ok, offer } } }),
  AcceptRetentionOffer: () => ({ member: { acceptRetentionOffer: { responseResult: ok, offer } } }),
  CancelSubscription: () => ({ member: { cancelSubscription: { responseResult: ok, receipt } } }),
};

installBillingTestHooks();

const mutations = (calls: GraphqlCall[]) =>
  calls
    .map((call) => call.operation)
    .filter((name) => !['MySubscriptions', 'Billing', 'Plans'].includes(name));

async function openCancellation(api: Record<string, (variables: unknown) => unknown> = {}) {
  const mocked = mockBillingApi({ ...API, ...api });
  await renderBilling(<MembershipBilling timeZone="America/New_York" />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Cancel membership' }));
  return { ...mocked, user };
}

// Each flow clicks through several screens; a loaded machine needs more than the default 5 s.
describe('cancellation flow', { timeout: 30_000 }, () => {
  it('goes retention offer → confirmation → giveaway forfeit agreement → receipt, in that order', async () => {
    const { calls, user } = await openCancellation();
    const offerDialog = await screen.findByRole('dialog', { name: 'Before you go' });
    expect(
      within(offerDialog).getByText(
        'Stay with us and pay $9.99 instead of $19.99 for your next billing period.',
      ),
    ).toBeInTheDocument();
    expect(mutations(calls)).toEqual(['PresentRetentionOffer']);
    await user.click(within(offerDialog).getByRole('button', { name: 'Continue to cancel' }));

    const confirm = await screen.findByRole('dialog', { name: 'Cancel your membership' });
    expect(within(confirm).getByText(/Your access continues until January 15, 2030/)).toBeInTheDocument();
    const finish = within(confirm).getByRole('button', { name: 'Finish cancellation' });
    await user.click(finish);
    expect(within(confirm).getByRole('alert')).toHaveTextContent('Tick the box to confirm the cancellation.');

    await user.click(
      within(confirm).getByRole('radio', {
        name: 'Cancel my membership and my monthly-exclusive giveaway entries',
      }),
    );
    await user.click(
      within(confirm).getByRole('checkbox', { name: 'I confirm that I want to cancel my membership.' }),
    );
    await user.click(finish);
    expect(within(confirm).getByRole('alert')).toHaveTextContent(
      'Agree to forfeit your monthly-exclusive entries to choose this option.',
    );
    // Nothing is canceled until every agreement is given.
    expect(mutations(calls)).toEqual(['PresentRetentionOffer']);

    await user.click(within(confirm).getByRole('checkbox', { name: /I agree to forfeit/ }));
    await user.click(finish);
    const done = await screen.findByRole('alertdialog', { name: 'Your membership is canceled' });
    expect(
      within(done).getByText(/Access continues until January 15, 2030\. Your reference is CXL-123\./),
    ).toBeInTheDocument();
    expect(mutations(calls)).toEqual(['PresentRetentionOffer', 'CancelSubscription']);
    expect(calls.find((call) => call.operation === 'CancelSubscription')?.variables).toEqual({
      input: {
        subscriptionId: 'sub-1',
        confirm: true,
        option: 'giveaway',
        forfeitMonthlyExclusiveEntries: true,
      },
    });

    // Closing the receipt reloads the membership.
    const loadsBefore = calls.filter((call) => call.operation === 'MySubscriptions').length;
    await user.click(within(done).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(calls.filter((call) => call.operation === 'MySubscriptions').length).toBeGreaterThan(
        loadsBefore,
      );
    });
  });

  it('cancels with the standard option without asking for the giveaway agreement', async () => {
    const { calls, user } = await openCancellation();
    await user.click(await screen.findByRole('button', { name: 'Continue to cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel your membership' });
    expect(within(confirm).queryByRole('checkbox', { name: /I agree to forfeit/ })).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('checkbox', { name: /I confirm/ }));
    await user.click(within(confirm).getByRole('button', { name: 'Finish cancellation' }));
    await screen.findByRole('alertdialog', { name: 'Your membership is canceled' });
    expect(calls.find((call) => call.operation === 'CancelSubscription')?.variables).toMatchObject({
      input: { option: 'standard', forfeitMonthlyExclusiveEntries: false },
    });
  });

  it('keeps the membership when the offer is accepted, and cancels nothing', async () => {
    const { calls, user } = await openCancellation();
    await user.click(await screen.findByRole('button', { name: 'Keep my membership at $9.99' }));
    await waitFor(() => {
      expect(screen.getByText('Done! Your next billing period costs $9.99.')).toHaveAttribute(
        'role',
        'status',
      );
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mutations(calls)).toEqual(['PresentRetentionOffer', 'AcceptRetentionOffer']);
  });

  it('says so when the cancellation cannot start', async () => {
    const { calls } = await openCancellation({
      PresentRetentionOffer: () => ({
        member: { presentRetentionOffer: { responseResult: refused('subscription_not_found'), offer: null } },
      }),
    });
    expect(await screen.findByText('The cancellation did not go through. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mutations(calls)).toEqual(['PresentRetentionOffer']);
  });

  it("keeps the confirmation open with the server's reason when it refuses the cancellation", async () => {
    const { user } = await openCancellation({
      CancelSubscription: () => ({
        member: { cancelSubscription: { responseResult: refused('confirmation_required'), receipt: null } },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue to cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel your membership' });
    await user.click(within(confirm).getByRole('checkbox', { name: /I confirm/ }));
    await user.click(within(confirm).getByRole('button', { name: 'Finish cancellation' }));
    await waitFor(() => {
      expect(within(confirm).getByRole('alert')).toHaveTextContent(
        'Tick the box to confirm the cancellation.',
      );
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('goes straight to the confirmation when the server makes no offer (a membership without a price)', async () => {
    const { calls } = await openCancellation({
      PresentRetentionOffer: () => ({
        member: { presentRetentionOffer: { responseResult: ok, offer: null } },
      }),
    });
    await screen.findByRole('dialog', { name: 'Cancel your membership' });
    expect(screen.queryByText(/instead of/)).not.toBeInTheDocument();
    expect(mutations(calls)).toEqual(['PresentRetentionOffer']);
  });
});

describe('the way back in', { timeout: 30_000 }, () => {
  const canceled = {
    ...subscription,
    isActive: false,
    cancelRefId: 'CXL-9',
    endDate: '2029-01-01T00:00:00.000Z',
  };

  it("shows the server's reason when a membership cannot be restarted, and the plans to join again", async () => {
    const { calls } = mockBillingApi({
      ...API,
      MySubscriptions: () => ({ member: { info: { subscriptions: [canceled] } } }),
      RestartSubscription: () => ({
        member: {
          restartSubscription: {
            responseResult: refused('not_restartable'),
            restarted: false,
            checkoutUrl: null,
          },
        },
      }),
    });
    await renderBilling(<MembershipBilling timeZone="America/New_York" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restart membership' }));
    expect(
      await screen.findByText('This membership cannot be restarted. Choose a plan below to join again.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/try again/)).not.toBeInTheDocument();
    const picker = screen.getByRole('region', { name: 'Choose a plan' });
    expect(within(picker).getByRole('button', { name: 'Choose Premium' })).toBeEnabled();
    expect(within(picker).getByRole('button', { name: 'Choose Books' })).toBeEnabled();
    // A plan with nothing to pay cannot be joined here, so it is not offered.
    expect(within(picker).queryByText('Free')).not.toBeInTheDocument();
    expect(mutations(calls)).toEqual(['RestartSubscription']);
  });

  it('marks the running plan, puts the plans with a refused media type first, and shows a refused join', async () => {
    const { calls } = mockBillingApi({
      ...API,
      JoinPlan: () => ({
        member: {
          joinPlan: { responseResult: refused('already_on_plan'), checkoutUrl: null, subscriptionId: null },
        },
      }),
    });
    await renderBilling(<MembershipBilling timeZone="America/New_York" />, '/account/membership?for=ebook');
    const picker = await screen.findByRole('region', { name: 'Add to your membership' });
    expect(within(picker).getByText(/^These plans include /)).toBeInTheDocument();
    const [first, second] = await within(picker).findAllByRole('listitem');
    if (!first || !second) throw new Error('two plans are listed');
    expect(within(first).getByRole('heading', { name: 'Books' })).toBeInTheDocument();
    expect(within(first).getByText(/^Includes /)).toBeInTheDocument();
    expect(within(second).getByText('Your current plan')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(picker).getByRole('button', { name: 'Choose Books' }));
    expect(await within(picker).findByText('Your membership already includes this plan.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(calls.find((call) => call.operation === 'JoinPlan')?.variables).toEqual({ planId: 2 });
  });
});
