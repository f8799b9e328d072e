import type { PaymentPurpose as CheckoutPurpose } from '@member/domain';

import type { AppConfig } from './config';
import type { Db } from './db/database';
import { createTransactionRunner } from './db/transaction';
import type { CacheInvalidation } from './shared/shared-store';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createBrandsRepository } from './modules/brands/brands.repository';
import { createBrandsService } from './modules/brands/brands.service';
import { createBrandsOperator } from './modules/brands/brands.operator';
import { localInvalidation } from './shared/shared-store';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createThumbnailSizes, readDemoThumbnailSizes } from './modules/catalog/catalog.thumbnail-sizes';
import { createLiveRepository } from './modules/live/live.repository';
import { createLiveService } from './modules/live/live.service';
import { createEventsRepository } from './modules/events/events.repository';
import { createEventsService } from './modules/events/events.service';
import { createBookmarksRepository } from './modules/bookmarks/bookmarks.repository';
import { createBookmarksService } from './modules/bookmarks/bookmarks.service';
import { createLibraryRepository } from './modules/library/library.repository';
import { createLibraryService } from './modules/library/library.service';
import { createHomeService } from './modules/home/home.service';
import { createWebAppIcons } from './modules/brands/brands.web-app';
import { createMembersRepository } from './modules/members/members.repository';
import { createMembersService } from './modules/members/members.service';
import { createMembersOperator } from './modules/members/members.operator';
import { createMembersOperatorRepository } from './modules/members/members.operator.repository';
import { createPlansRepository } from './modules/plans/plans.repository';
import { createPlansOperator } from './modules/plans/plans.operator';
import { createPlansService } from './modules/plans/plans.service';
import { createMediaRepository } from './modules/media/media.repository';
import { createMediaService } from './modules/media/media.service';
import { createAccountRepository } from './modules/account/account.repository';
import { createAccountService } from './modules/account/account.service';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { createOrdersService } from './modules/orders/orders.service';
import { createMarketplaceRepository } from './modules/marketplace/marketplace.repository';
import { createMarketplaceService } from './modules/marketplace/marketplace.service';
import { createMailRepository } from './modules/mail/mail.repository';
import { createMailService } from './modules/mail/mail.service';
import { createSmtpMailer } from './modules/mail/mail.smtp';
import { createMenuService } from './modules/menu/menu.service';
import { createRecoveryRepository } from './modules/recovery/recovery.repository';
import { createRecoveryService } from './modules/recovery/recovery.service';
import { createWalletRepository } from './modules/wallet/wallet.repository';
import { createWalletService } from './modules/wallet/wallet.service';
import { createImpactsRepository } from './modules/impacts/impacts.repository';
import { createImpactsService } from './modules/impacts/impacts.service';
import { createGreenRepository } from './modules/impacts/green.repository';
import { createGreenService } from './modules/impacts/green.service';
import { createOnboardingRepository } from './modules/onboarding/onboarding.repository';
import { createOnboardingService } from './modules/onboarding/onboarding.service';
import { createNoticesRepository } from './modules/notices/notices.repository';
import { createNoticesService } from './modules/notices/notices.service';
import { createPaymentProvider } from './modules/payments/payment-provider';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { createRefundsRepository } from './modules/payments/refunds.repository';
import { type PaymentHandler, createPaymentsService } from './modules/payments/payments.service';
import { isSandboxProvider } from './modules/payments/sandbox-provider';
import { createSubscriptionsRepository } from './modules/subscriptions/subscriptions.repository';
import { createSignupsService } from './modules/subscriptions/signups.service';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { createSweepsRepository } from './modules/sweeps/sweeps.repository';
import { createSweepsService } from './modules/sweeps/sweeps.service';
import { createUpsellService } from './modules/sweeps/upsell.service';
import { createAuthorityStore } from './modules/vpn/vpn.authority';
import { createVpnRepository } from './modules/vpn/vpn.repository';
import { createVpnService } from './modules/vpn/vpn.service';
import { createSupportRepository } from './modules/support/support.repository';
import { createSupportService } from './modules/support/support.service';

export interface ServicesOptions {
  /**
   * Handlers for purposes the table leaves without one (tests that pay for a purpose whose feature
   * is still to come). The server itself passes none.
   */
  paymentHandlers?: Partial<Record<PaymentPurpose, PaymentHandler>>;
  /** Tells every server of a cached record's change (shared/shared-store.ts); this process alone by default. */
  invalidation?: CacheInvalidation;
}

/**
 * What the server takes payments for: the keys of the payment purpose table in createServices. The
 * purposes a checkout (and the web's receipt) knows are the domain's; renewals are charged on the
 * saved card without one.
 */
export type PaymentPurpose = CheckoutPurpose | 'renewal';

/**
 * The composition root: every service built once, each with only the repositories it uses and the
 * services it asks. No module builds another module's service or repository.
 */
export function createServices(db: Db, config: AppConfig, options: ServicesOptions = {}) {
  // One catalog service for every module that asks about titles, so its caches (the PostgreSQL
  // search statistics) are read once per server rather than once per caller.
  const catalog = createCatalogService({
    repository: createCatalogRepository(db.kysely, db.dialect),
    subscriptions: createMembersRepository(db.kysely),
    thumbnailSizes: createThumbnailSizes(readDemoThumbnailSizes(config.media.demoDir)),
  });
  const events = createEventsService({
    repository: createEventsRepository(db.kysely),
    config,
    catalog,
  });
  const authRepository = createAuthRepository(db.kysely);
  const auth = createAuthService({ repository: authRepository, events, secret: config.jwtSecret });
  const members = createMembersService({ repository: createMembersRepository(db.kysely), auth, events });
  // One bus for every cache a change must clear (decision 027): Redis when the caller made one.
  const invalidation = options.invalidation ?? localInvalidation();
  const plans = createPlansService({ repository: createPlansRepository(db.kysely) });

  /*
   * The payment purposes, each with the handler that runs once per verified payment of it: the owning
   * service's (the sign-ups service fulfils sign-ups, the subscriptions service restarts, the wallet
   * credits bought coins). A purpose whose feature is still to come has none yet, so a checkout for it
   * is refused. Renewals are charged on the saved card by the billing job, which applies their outcome
   * itself. The handlers are called once a payment is verified, after every service below is built.
   */
  const paymentHandlers: Record<PaymentPurpose, PaymentHandler | null> = {
    signup: (payment) => signups.fulfilSignup(payment),
    restart: (payment) => subscriptions.fulfilRestart(payment),
    renewal: null,
    coins: (payment) => wallet.creditCoinPayment(payment),
    entries: (payment) => sweeps.grantPaidEntries(payment),
    // The giveaways' upsell offers (decision 032): membership access or entries, with cm_upsell.
    upsell: (payment) => upsells.fulfilUpsell(payment),
    // Marketplace orders are placed by the marketplace service, once per verified payment (decision 024).
    order: (payment) => marketplace.fulfilOrderPayment(payment),
    ...options.paymentHandlers,
  };
  const provider = createPaymentProvider(db, config);
  const payments = createPaymentsService({
    repository: createPaymentsRepository(db.kysely),
    refundsRepository: createRefundsRepository(db.kysely),
    provider,
    purposes: paymentHandlers,
    // Giveaway entry checkouts hold cap space; the billing job gives it back once they can no longer
    // be paid, and so does the provider's page-expired event (decision 023).
    holds: {
      releaseAbandoned: (limit) => sweeps.releaseAbandonedHolds(limit),
      releaseOf: (checkoutId) => sweeps.releaseHoldOf(checkoutId),
    },
  });
  // The sandbox delivers its signed webhooks in-process, into the payment flow's own handler.
  if (isSandboxProvider(provider)) {
    provider.setWebhookEndpoint(async (rawBody, signature) => {
      await payments.handleWebhook(rawBody, signature);
    });
  }
  const wallet = createWalletService({ repository: createWalletRepository(db.kysely), payments });
  const subscriptionsRepository = createSubscriptionsRepository(db.kysely);
  const signups = createSignupsService({
    repository: subscriptionsRepository,
    payments,
    plans,
    members,
    auth,
    authRepository,
    wallet,
  });
  const subscriptions = createSubscriptionsService({
    repository: subscriptionsRepository,
    payments,
    members,
    wallet,
    transactions: createTransactionRunner(db.kysely),
    // The giveaway cancel option forfeits monthly-exclusive free entries in the cancelling transaction.
    giveawayEntries: {
      forfeitMonthlyExclusive: (brandId, memberId, within) =>
        sweeps.forfeitMonthlyExclusive(brandId, memberId, within),
    },
  });
  const mail = createMailService({
    repository: createMailRepository(db.kysely),
    sendMail: createSmtpMailer(config.mail.smtpUrl, config.mail.from),
  });
  const marketplace = createMarketplaceService({
    repository: createMarketplaceRepository(db.kysely),
    transactions: createTransactionRunner(db.kysely),
    wallet,
    payments,
    refunds: payments,
    mail,
  });
  const onboardingRepository = createOnboardingRepository(db.kysely);
  const impacts = createImpactsService({
    repository: createImpactsRepository(db.kysely),
    wallet,
    transactions: createTransactionRunner(db.kysely),
  });
  const recovery = createRecoveryService({
    repository: createRecoveryRepository(db.kysely),
    mail,
    cardDigitsKnown: payments.providerName === 'sandbox',
  });
  const sweeps = createSweepsService({
    repository: createSweepsRepository(db.kysely),
    transactions: createTransactionRunner(db.kysely),
    members,
    payments,
    checkouts: payments,
    mail,
  });
  const upsells = createUpsellService({
    repository: createSweepsRepository(db.kysely),
    transactions: createTransactionRunner(db.kysely),
    members,
    sweeps,
    plans,
    payments,
    access: signups,
  });
  const library = createLibraryService({
    repository: createLibraryRepository(db.kysely, db.dialect),
    catalog,
  });
  const media = createMediaService({
    catalog,
    events,
    repository: createMediaRepository(db.kysely),
    config,
  });
  return {
    payments,
    signups,
    subscriptions,
    brands: createBrandsService(createBrandsRepository(db.kysely), { invalidation }),
    webAppIcons: createWebAppIcons({ assetsDir: config.assetsDir }),
    brandsOperator: createBrandsOperator(createBrandsRepository(db.kysely), invalidation),
    plansOperator: createPlansOperator(
      createPlansRepository(db.kysely),
      createBrandsRepository(db.kysely),
      invalidation,
    ),
    membersOperator: createMembersOperator(
      createMembersOperatorRepository(db.kysely),
      createBrandsRepository(db.kysely),
    ),
    events,
    auth,
    members,
    menu: createMenuService(),
    catalog,
    plans,
    library,
    home: createHomeService({ catalog, library }),
    bookmarks: createBookmarksService({
      repository: createBookmarksRepository(db.kysely, db.dialect),
      catalog,
    }),
    wallet,
    orders: createOrdersService({
      repository: createOrdersRepository(db.kysely),
      wallet,
      transactions: createTransactionRunner(db.kysely),
      refunds: payments,
    }),
    account: createAccountService({
      repository: createAccountRepository(db.kysely),
      auth,
      events,
      notices: recovery,
    }),
    recovery,
    mail,
    marketplace,
    media,
    live: createLiveService({
      catalog,
      media,
      repository: createLiveRepository(db.kysely),
      mail,
      transactions: createTransactionRunner(db.kysely),
    }),
    sweeps,
    upsells,
    vpn: createVpnService({
      repository: createVpnRepository(db.kysely),
      members: createMembersRepository(db.kysely),
      authorities: createAuthorityStore(config.vpn.caDir),
      config: config.vpn,
    }),
    support: createSupportService({ repository: createSupportRepository(db.kysely), mail }),
    impacts,
    green: createGreenService({ repository: createGreenRepository(db.kysely) }),
    onboarding: createOnboardingService({
      repository: onboardingRepository,
      wallet,
      transactions: createTransactionRunner(db.kysely),
      giveawayEntries: { hasEntered: (memberId) => sweeps.hasEntered(memberId) },
      welcomeGift: {
        hasClaimed: (brandId, memberId) => onboardingRepository.hasFreeGiftOrder(brandId, memberId),
        offer: (brandId, memberId, locale) => marketplace.welcomeGift(brandId, memberId, locale),
        claim: (brand, member, address) => marketplace.claimWelcomeGift(brand, member, address),
      },
      impacts,
    }),
    notices: createNoticesService({ repository: createNoticesRepository(db.kysely) }),
  };
}

export type Services = ReturnType<typeof createServices>;
