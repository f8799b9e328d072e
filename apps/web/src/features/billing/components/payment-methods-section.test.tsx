import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('removes a card after asking, and shows the default the server passed on', async () => {
    const master = {
      ...card,
      paymentMethodId: 'pm_2',
      ccLast: '4444',
      ccType: 'mastercard',
      isDefault: false,
    };
    const { calls } = mockBillingApi({
      Billing: () => ({ member: { paymentMethods: [card, master], billingHistory: [] } }),
      RemovePaymentMethod: () => ({
        member: {
          removePaymentMethod: {
            responseResult: { succeeded: true, errorCode: null, slug: null, message: null },
            paymentMethods: [{ ...master, isDefault: true }],
          },
        },
      }),
    });
    await renderBilling(<PaymentMethodsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove: VISA ending in 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove VISA ending in 4242?' });
    expect(dialog).toHaveTextContent(/newest other card becomes the default/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep card' }));
    expect(calls.some((call) => call.operation === 'RemovePaymentMethod')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove: VISA ending in 4242' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByRole('status')).toHaveTextContent('VISA ending in 4242 was removed.');
    expect(calls.find((call) => call.operation === 'RemovePaymentMethod')?.variables).toEqual({
      paymentMethodId: 'pm_1',
    });
    const list = screen.getByRole('list', { name: 'Saved cards' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Default')).toBeInTheDocument();
  });
});
