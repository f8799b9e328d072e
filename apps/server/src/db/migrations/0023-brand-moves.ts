import type { Kysely } from 'kysely';

/*
 * Issue 18 item 6 (docs/decisions/033): a brand's site config may say it has moved to another brand
 * (`{ name, url }` as JSON, null while it has not). Its members are told once; what they have seen is
 * kept in `member_notices` (migration 0020).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('brands').addColumn('moved_to', 'text').execute();
}
