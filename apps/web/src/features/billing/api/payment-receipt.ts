import { type PaymentReceipt, parsePaymentReceipt } from '@member/domain';
import { apiFetch, readJson } from '../../../lib/api-client';
import { RefusalError } from '../../../lib/refusal';
import { refusalOfRest } from '../../../lib/rest-refusal';

/**
 * The server's receipt of the member's checkout (`GET /paymentflow/checkout/:id/receipt`): whether the
 * payment is verified, and what it paid for. The payment return shows this, not its `state`.
 */
export async function getCheckoutReceipt(checkoutId: string): Promise<PaymentReceipt> {
  let response: Response;
  try {
    response = await apiFetch(`/paymentflow/checkout/${encodeURIComponent(checkoutId)}/receipt`);
  } catch (error) {
    throw new RefusalError('NETWORK', 'The receipt could not be fetched', null, { cause: error });
  }
  const body = await readJson(response);
  if (!response.ok) throw refusalOfRest(response.status, body, 'receipt_unavailable');
  const receipt = parsePaymentReceipt(body);
  if (!receipt) throw new RefusalError('INTERNAL', 'The answer is not a receipt');
  return receipt;
}
