import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render-app';
import { mockBillingApi, renderBilling } from '../test/billing-test-kit';
import { CardForm, type ConfirmedCard } from './card-form';

const SETUP = {
  '/paymentflow/stripe/customer/create': () => jsonResponse({ customerId: 'cus_1' }),
  '/paymentflow/stripe/setup-intent/create': () =>
    jsonResponse({ setupIntentId: 'seti_1', clientSecret: 'seti_1_secret', customerId: 'cus_1' }),
  '/paymentflow/sandbox/setup-intent/confirm': () => jsonResponse({ paymentMethodId: 'pm_1' }),
  '/paymentflow/stripe/payment-method/get': () =>
    jsonResponse({
      paymentMethodId: 'pm_1',
      ccLast: '4444',
      ccType: 'mastercard',
      expMonth: 4,
      expYear: 2033,
    }),
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

async function renderForm(
  rest: Partial<typeof SETUP> & Record<string, (body: unknown) => Response> = {},
  onSave: (card: ConfirmedCard, isDefault: boolean) => Promise<string | null> = () => Promise.resolve(null),
) {
  const api = mockBillingApi({}, { ...SETUP, ...rest });
  const save = vi.fn(onSave);
  await renderBilling(<CardForm title="Add a card" withDefault onSave={save} onCancel={() => undefined} />);
  await screen.findByRole('form', { name: 'Add a card' });
  return { ...api, save };
}

async function fill(card: { number: string; expiry: string; cvc: string }) {
  const user = userEvent.setup();
  if (card.number) await user.type(screen.getByLabelText('Card number'), card.number);
  if (card.expiry) await user.type(screen.getByLabelText('Expiry date'), card.expiry);
  if (card.cvc) await user.type(screen.getByLabelText('Security code (CVC)'), card.cvc);
  await user.click(screen.getByRole('button', { name: 'Save card' }));
  return user;
}

const INVALID = 'Check the card number, the expiry date (MM/YY) and the security code.';
const paymentCalls = (restCalls: ReturnType<typeof mockBillingApi>['restCalls']) =>
  restCalls.map((call) => call.path).filter((path) => path.startsWith('/paymentflow/'));

// Each flow clicks through several screens; a loaded machine needs more than the default 5 s.
describe('card form', { timeout: 30_000 }, () => {
  it.each([
    ['a number that is too short', { number: '4242 4242', expiry: '12/34', cvc: '123' }],
    ['letters in the number', { number: '4242 4242 abcd', expiry: '12/34', cvc: '123' }],
    ['month 13', { number: '4242 4242 4242 4242', expiry: '13/34', cvc: '123' }],
    ['an expiry without its year', { number: '4242 4242 4242 4242', expiry: '12', cvc: '123' }],
    ['a two-digit CVC', { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '12' }],
    ['a missing CVC', { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '' }],
  ])('refuses %s before calling the provider', async (_case, card) => {
    const { restCalls, save } = await renderForm();
    await fill(card);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(paymentCalls(restCalls)).toEqual([]);
    expect(save).not.toHaveBeenCalled();
  });

  it('confirms the card with the provider, then saves what the provider reports', async () => {
    const { restCalls, save } = await renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Use as default card' }));
    await fill({ number: '5555 5555 5555 4444', expiry: '04 / 33', cvc: '123' });
    await waitFor(() => {
      expect(save).toHaveBeenCalledWith(
        { paymentMethodId: 'pm_1', ccLast: '4444', ccType: 'mastercard' },
        true,
      );
    });
    expect(paymentCalls(restCalls)).toEqual([
      '/paymentflow/stripe/customer/create',
      '/paymentflow/stripe/setup-intent/create',
      '/paymentflow/sandbox/setup-intent/confirm',
      '/paymentflow/stripe/payment-method/get',
    ]);
    expect(restCalls.find((call) => call.path.endsWith('/setup-intent/confirm'))?.body).toEqual({
      clientSecret: 'seti_1_secret',
      number: '5555 5555 5555 4444',
      expiry: '04/33',
      cvc: '123',
    });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('formats what is typed: the number in groups, the expiry slash put in (issue 14 item 5)', async () => {
    const { restCalls } = await renderForm();
    await fill({ number: '4242424242424242', expiry: '1230', cvc: '12a3' });
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry date')).toHaveValue('12/30');
    expect(screen.getByLabelText('Security code (CVC)')).toHaveValue('123');
    await waitFor(() => {
      expect(restCalls.some((call) => call.path.endsWith('/setup-intent/confirm'))).toBe(true);
    });
  });

  it.each([
    ['card_declined', 'Payment failed: the card was declined.'],
    ['expired_card', 'Payment failed: the card was declined.'],
    ['invalid_expiry', INVALID],
    ['provider_hosted', 'On this site, cards are entered on the payment provider’s own page when you pay.'],
    ['anything_else', 'The card could not be saved. Please try again later.'],
  ])('explains a provider refusal %s, and saves nothing', async (code, message) => {
    const { save } = await renderForm({
      '/paymentflow/sandbox/setup-intent/confirm': () => jsonResponse({ error: { code } }, 402),
    });
    await fill({ number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeEnabled();
    // What was typed stays, so the member corrects it rather than typing it all again.
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByLabelText('Expiry date')).toHaveValue('12/34');
    expect(screen.getByLabelText('Security code (CVC)')).toHaveValue('123');
  });

  it('shows the refusal of saving the confirmed card', async () => {
    await renderForm({}, () => Promise.resolve('The card details do not match. Please try again.'));
    await fill({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The card details do not match. Please try again.',
    );
  });

  it('treats an unreachable provider as a failure and only logs a warning', async () => {
    const { save } = await renderForm();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await fill({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The card could not be saved.');
    expect(save).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalled();
  });
});
