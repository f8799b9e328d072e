import type { AppConfig } from './config';
import type { Db } from './db/database';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createBrandsRepository } from './modules/brands/brands.repository';
import { createBrandsService } from './modules/brands/brands.service';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createEventsRepository } from './modules/events/events.repository';
import { createEventsService } from './modules/events/events.service';
import { createLibraryRepository } from './modules/library/library.repository';
import { createLibraryService } from './modules/library/library.service';
import { createMembersRepository } from './modules/members/members.repository';
import { createMembersService } from './modules/members/members.service';
import { createPlansRepository } from './modules/plans/plans.repository';
import { createPlansService } from './modules/plans/plans.service';
import { createMediaRepository } from './modules/media/media.repository';
import { createMediaService } from './modules/media/media.service';
import { createAccountRepository } from './modules/account/account.repository';
import { createAccountService } from './modules/account/account.service';
import { createMailRepository } from './modules/mail/mail.repository';
import { createMailService } from './modules/mail/mail.service';
import { createSmtpMailer } from './modules/mail/mail.smtp';
import { createMenuService } from './modules/menu/menu.service';
import { createRecoveryRepository } from './modules/recovery/recovery.repository';
import { createRecoveryService } from './modules/recovery/recovery.service';
import { createWalletRepository } from './modules/wallet/wallet.repository';
import { createWalletService } from './modules/wallet/wallet.service';
import { createBilling } from './modules/payments/billing';

/** Wires each service with only the repositories it uses. */
export function createServices(db: Db, config: AppConfig) {
  // One catalog service for every module that asks about titles, so its caches (the PostgreSQL
  // search statistics) are read once per server rather than once per caller.
  const catalog = createCatalogService({
    repository: createCatalogRepository(db.kysely, db.dialect),
    subscriptions: createMembersRepository(db.kysely),
  });
  const events = createEventsService({
    repository: createEventsRepository(db.kysely),
    config,
    catalog,
  });
  const auth = createAuthService({
    repository: createAuthRepository(db.kysely),
    events,
    secret: config.jwtSecret,
  });
  const billing = createBilling(db, config, {
    auth,
    plans: createPlansService({ repository: createPlansRepository(db.kysely) }),
  });
  const mail = createMailService({
    repository: createMailRepository(db.kysely),
    sendMail: createSmtpMailer(config.mail.smtpUrl, config.mail.from),
  });
  const recovery = createRecoveryService({
    repository: createRecoveryRepository(db.kysely),
    mail,
    cardDigitsKnown: billing.payments.providerName === 'sandbox',
  });
  return {
    payments: billing.payments,
    subscriptions: billing.subscriptions,
    brands: createBrandsService(createBrandsRepository(db.kysely)),
    events,
    auth,
    members: createMembersService({ repository: createMembersRepository(db.kysely), auth, events }),
    menu: createMenuService(),
    catalog,
    plans: createPlansService({ repository: createPlansRepository(db.kysely) }),
    library: createLibraryService({
      repository: createLibraryRepository(db.kysely, db.dialect),
      catalog,
    }),
    wallet: createWalletService({
      repository: createWalletRepository(db.kysely),
      payments: billing.payments,
    }),
    account: createAccountService({
      repository: createAccountRepository(db.kysely),
      auth,
      events,
      notices: recovery,
    }),
    recovery,
    mail,
    media: createMediaService({
      catalog,
      events,
      repository: createMediaRepository(db.kysely),
      config,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
