/* The `schema_breaks` table, made by migration 0024-member-deactivation. */

/**
 * The migrations the previous release cannot read, as they were applied (decision 034): a release that
 * finds one it does not know in the database refuses to start, where it would otherwise start on a
 * database it cannot read; migrations it does not know and that are not here only added.
 */
export interface SchemaBreaksTable {
  name: string;
  reason: string;
  applied_at: string;
}
