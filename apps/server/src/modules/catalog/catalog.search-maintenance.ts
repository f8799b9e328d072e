import type { Db } from '../../db/database';
import { createCatalogRepository } from './catalog.repository';
import { hasUnspacedScript } from './catalog.search-text';

/**
 * The text analysis the search index is written with (catalog.search-text.ts; the version a database's
 * index holds is in `search_index_state`, migration 0011):
 * 1. folded runs of letters and digits;
 * 2. the same, with runs of Japanese and Chinese as overlapping character pairs.
 */
export const SEARCH_ANALYSIS_VERSION = 2;

/** Titles read per page while looking for the ones to rewrite. */
const SCAN_PAGE = 2_000;
/** Titles rewritten per transaction. */
const REINDEX_BATCH = 400;

/**
 * Brings the search index up to the current text analysis: rewrites, with the current code, the search
 * rows of the titles that an older analysis indexed differently, then records the version. Runs at
 * start-up after the migrations (main.ts), once per change of the analysis; it is idempotent, so a start
 * interrupted half-way (or two servers starting together) just does the work again. Returns how many
 * titles were rewritten.
 */
export async function refreshSearchIndex(db: Db): Promise<number> {
  const state = await db.kysely
    .selectFrom('search_index_state')
    .select('analysis')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (state === undefined || state.analysis >= SEARCH_ANALYSIS_VERSION) return 0;
  const repository = createCatalogRepository(db.kysely, db.dialect);
  let rewritten = 0;
  let afterId = 0;
  for (;;) {
    const page = await repository.listSearchTexts(afterId, SCAN_PAGE);
    const last = page.at(-1);
    if (last === undefined) break;
    // Version 2 changed only how Japanese and Chinese are indexed.
    const ids = page.filter((title) => title.texts.some(hasUnspacedScript)).map((title) => title.id);
    for (let start = 0; start < ids.length; start += REINDEX_BATCH)
      await repository.reindexTitles(ids.slice(start, start + REINDEX_BATCH));
    rewritten += ids.length;
    afterId = last.id;
  }
  await db.kysely
    .updateTable('search_index_state')
    .set({ analysis: SEARCH_ANALYSIS_VERSION })
    .where('id', '=', 1)
    .execute();
  return rewritten;
}
