import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox-provider';
import { createStripeProvider } from './stripe-provider';

/** The provider named by PAYMENT_PROVIDER: the built-in sandbox (default) or real Stripe. */
export function createPaymentProvider(db: Db, config: Pick<AppConfig, 'payments'>): PaymentProvider {
  const { payments } = config;
  if (payments.provider === 'stripe' && payments.stripeSecretKey) {
    return createStripeProvider({
      secretKey: payments.stripeSecretKey,
      webhookSecret: payments.webhookSecret,
    });
  }
  return createSandboxProvider(db.kysely, payments.webhookSecret);
}
