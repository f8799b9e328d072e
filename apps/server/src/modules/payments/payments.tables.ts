import type { Generated, Selectable } from 'kysely';

/*
 * Table types of migration 0005-payments. They extend `Database` (db/schema.ts) by declaration merging
 * so the payments and subscriptions modules own their tables without a long edit of the shared file.
 */

export interface SandboxObjectsTable {
  id: string;
  kind: string;
  data: string;
  created_at: string;
}

export interface PaymentCustomersTable {
  brand_id: number;
  member_id: number;
  provider: string;
  customer_id: string;
  created_at: string;
}

export interface PaymentMethodsTable {
  /** The provider's payment method id (pm_…). */
  id: string;
  brand_id: number;
  member_id: number;
  provider: string;
  cc_type: string;
  cc_last: string;
  exp_month: number;
  exp_year: number;
  is_default: number;
  created_at: string;
  updated_at: string;
}

export type CheckoutStatus = 'open' | 'processing' | 'succeeded' | 'expired';

export interface CheckoutsTable {
  id: string;
  brand_id: number;
  member_id: number | null;
  purpose: string;
  amount_minor: number;
  currency: string;
  description: string;
  metadata: string;
  return_path: string;
  locale: string;
  provider: string;
  status: Generated<CheckoutStatus>;
  payment_intent_id: string | null;
  failure_code: string | null;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  updated_at: string;
  /** Added by 0008: the provider-hosted page (Stripe Checkout Session id) and the first return from it. */
  provider_session_id: Generated<string | null>;
  returned_at: Generated<string | null>;
}

/** `pending` (added by 0013): written before the charge, settled after it or by reconciliation. */
export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

export interface PaymentsTable {
  id: string;
  brand_id: number;
  member_id: number | null;
  provider: string;
  /** The provider's intent (pi_…); null while pending, and for a charge the provider never made. */
  provider_payment_id: string | null;
  checkout_id: string | null;
  subscription_id: number | null;
  purpose: string;
  status: PaymentStatus;
  amount_minor: number;
  currency: string;
  description: string;
  metadata: string;
  failure_code: string | null;
  idempotency_key: string | null;
  created_at: string;
}

export interface PaymentFulfilmentsTable {
  payment_id: string;
  purpose: string;
  created_at: string;
  /** Added by 0008: the runner holding the lease, until when, and when the handler finished. */
  claim: string | null;
  claimed_until: string | null;
  completed_at: string | null;
  /** How many times a handler was started for the payment. */
  attempts: Generated<number>;
}

export interface WebhookEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: string;
}

export interface SignupsTable {
  id: Generated<number>;
  brand_id: number;
  email: string;
  name: string;
  password_hash: string;
  language: string;
  timezone: string;
  plan_id: number;
  subscription_ref_id: string;
  checkout_id: string;
  member_id: number | null;
  created_at: string;
}

declare module '../../db/schema' {
  interface SubscriptionsTable {
    /** Added by 0005-payments: the recurring price in minor units of `currency`. */
    price_minor: Generated<number>;
    currency: Generated<string>;
    /** Renewal lease: the runner that claimed the row and until when (several servers run the job). */
    renewal_claim: Generated<string | null>;
    renewal_claimed_until: Generated<string | null>;
    renewal_failures: Generated<number>;
    /** Canceled details are kept 10 months (spec section 9), then the job deletes the row. */
    purge_after: Generated<string | null>;
    cancel_option: Generated<string | null>;
    retention_offer_at: Generated<string | null>;
    renewal_discount_percent: Generated<number>;
  }

  interface Database {
    sandbox_objects: SandboxObjectsTable;
    payment_customers: PaymentCustomersTable;
    payment_methods: PaymentMethodsTable;
    checkouts: CheckoutsTable;
    payments: PaymentsTable;
    payment_fulfilments: PaymentFulfilmentsTable;
    webhook_events: WebhookEventsTable;
    signups: SignupsTable;
  }
}

export type CheckoutRow = Selectable<CheckoutsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type SignupRow = Selectable<SignupsTable>;
