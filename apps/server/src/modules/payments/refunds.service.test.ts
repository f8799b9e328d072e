import { describe, expect, it } from 'vitest';

import { providerRefundKey } from './refunds.service';

describe('the key a refund goes to the provider with (decision 038)', () => {
  it('is what owes it, until the operator sends a failed one again', () => {
    expect(providerRefundKey({ idempotency_key: 'order-refund:42', resends: 0 })).toBe('order-refund:42');
  });

  it('changes with each resend, since the provider answers a known key with its first, failed, refund', () => {
    expect(providerRefundKey({ idempotency_key: 'order-refund:42', resends: 1 })).toBe(
      'order-refund:42:resend-1',
    );
    expect(providerRefundKey({ idempotency_key: 'checkout-refund:mk_1', resends: 3 })).toBe(
      'checkout-refund:mk_1:resend-3',
    );
  });
});
