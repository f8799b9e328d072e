import type { Kysely } from 'kysely';

import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { createCatalogReads } from './catalog.reads.repository';
import { createCatalogSearch } from './catalog.search.repository';
import { createCatalogWrites } from './catalog.writes.repository';

/*
 * The catalog repository the rest of the server sees: its reads (catalog.reads.repository.ts), search
 * (catalog.search.repository.ts) and writes (catalog.writes.repository.ts) over one connection or
 * transaction, and the objects they answer (catalog.records.ts). See docs/decisions/005-catalog-search.md.
 */

export type {
  Genre,
  LiveEvent,
  MediaCard,
  MediaChanges,
  MediaDetail,
  MediaDetails,
  MediaRecord,
  MediaTranslation,
  NewMedia,
  Page,
  Person,
  PersonRole,
  SearchOptions,
  SlotWithItems,
  Thumbnail,
} from './catalog.records';

export function createCatalogRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    ...createCatalogReads(db),
    ...createCatalogSearch(db, dialect),
    ...createCatalogWrites(db, dialect),
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
