/* The `payment_customers` table, made by migration 0005-payments. */

export interface PaymentCustomersTable {
  brand_id: number;
  member_id: number;
  provider: string;
  customer_id: string;
  created_at: string;
}
