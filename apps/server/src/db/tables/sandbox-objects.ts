/* The `sandbox_objects` table, made by migration 0005-payments. */

export interface SandboxObjectsTable {
  id: string;
  kind: string;
  data: string;
  created_at: string;
}
