import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installBillingTestHooks, mockBillingApi, renderBilling } from '../test/billing-test-kit';
import { PaymentMethodsSection } from './payment-methods-section';

installBillingTestHooks();

const card = {
  paymentMethodId: 'pm_1',
  ccLast: '4242',
  ccType: 'visa',
  isDefault: true,
  expMonth: 12,
  expYear: 2030,
};

describe('payment methods', { timeout: 30_000 }, () => {
  it('says once that there is no card, and offers only to add one', async () => {
    mockBillingApi({ Billing: () => ({ member: { paymentMethods: [], billingHistory: [] } }) });
    await renderBilling(<PaymentMethodsSection />);
    expect(
      await screen.findAllByText('There is no payment method on the account. Add one first.'),
    ).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update card' })).not.toBeInTheDocument();
  });

  it('offers to update a saved card', async () => {
    mockBillingApi({ Billing: () => ({ member: { paymentMethods: [card], billingHistory: [] } }) });
    await renderBilling(<PaymentMethodsSection />);
    expect(await screen.findByRole('button', { name: 'Update card' })).toBeInTheDocument();
  });
});
