/* The `slot_items` table, made by migration 0003-catalog. */

export interface SlotItemsTable {
  slot_id: number;
  media_id: number;
  position: number;
}
