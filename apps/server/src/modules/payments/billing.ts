import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { createAuthRepository } from '../auth/auth.repository';
import type { AuthService } from '../auth/auth.service';
import type { PlansService } from '../plans/plans.service';
import { createSubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { createSubscriptionsService } from '../subscriptions/subscriptions.service';
import { createWalletRepository } from '../wallet/wallet.repository';
import { createWalletService } from '../wallet/wallet.service';
import { createPaymentProvider } from './payment-provider';
import { createPaymentsRepository } from './payments.repository';
import { createPaymentsService } from './payments.service';
import type { SandboxProvider } from './sandbox-provider';

/**
 * Wires the payment flow and the subscription lifecycle: the configured provider, the sandbox's
 * webhook delivery into the payment flow's own handler, and the wallet for Champion bonus coins.
 */
export function createBilling(db: Db, config: AppConfig, deps: { auth: AuthService; plans: PlansService }) {
  const provider = createPaymentProvider(db, config);
  const payments = createPaymentsService({ repository: createPaymentsRepository(db.kysely), provider });
  if (provider.name === 'sandbox') {
    (provider as SandboxProvider).setWebhookEndpoint(async (rawBody, signature) => {
      await payments.handleWebhook(rawBody, signature);
    });
  }
  const subscriptions = createSubscriptionsService({
    repository: createSubscriptionsRepository(db.kysely),
    payments,
    plans: deps.plans,
    auth: deps.auth,
    authRepository: createAuthRepository(db.kysely),
    wallet: createWalletService({ repository: createWalletRepository(db.kysely) }),
  });
  return { payments, subscriptions };
}
