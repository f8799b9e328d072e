import type { AppConfig } from './config';
import type { Db } from './db/database';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createBrandsRepository } from './modules/brands/brands.repository';
import { createBrandsService } from './modules/brands/brands.service';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createContentService } from './modules/content/content.service';
import { createEventsRepository } from './modules/events/events.repository';
import { createEventsService } from './modules/events/events.service';
import { createMembersRepository } from './modules/members/members.repository';
import { createMembersService } from './modules/members/members.service';
import { createPlansRepository } from './modules/plans/plans.repository';
import { createPlansService } from './modules/plans/plans.service';

/** Wires each service with only the repositories it uses. */
export function createServices(db: Db, config: AppConfig) {
  const events = createEventsService(createEventsRepository(db.kysely), config);
  const auth = createAuthService({
    repository: createAuthRepository(db.kysely),
    events,
    secret: config.jwtSecret,
  });
  return {
    brands: createBrandsService(createBrandsRepository(db.kysely)),
    events,
    auth,
    members: createMembersService({ repository: createMembersRepository(db.kysely), auth, events }),
    content: createContentService(),
    catalog: createCatalogService({
      repository: createCatalogRepository(db.kysely, db.dialect),
      subscriptions: createMembersRepository(db.kysely),
    }),
    plans: createPlansService({ repository: createPlansRepository(db.kysely) }),
  };
}

export type Services = ReturnType<typeof createServices>;
