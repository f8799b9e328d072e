import type { BillingSettings } from '@member/domain';

import type { MemberAuth, RequestContext } from '../../context';
import { AppError, badInput, notFound } from '../../errors';
import { COIN_PACKS, findCoinPack } from './coin-packs';
import type { WalletRepository } from './wallet.repository';

/** Where credited coins come from; every one is a server-verified event, never a member's word. */
export type CoinSource =
  'payment' | 'subscription_bonus' | 'onboarding' | 'refund' | 'giveaway' | 'support_grant';

export interface CreditInput {
  brandId: number;
  memberId: number;
  /** Whole coins, 1 to MAX_COIN_AMOUNT. */
  amount: number;
  description: string;
  /** Unique per brand: a retried credit with the same key applies once (e.g. `payment:<id>`). */
  idempotencyKey: string;
  source: CoinSource;
}

export interface SpendInput {
  brandId: number;
  memberId: number;
  amount: number;
  description: string;
  idempotencyKey: string;
}

export interface LedgerResult {
  /** False when the idempotency key had been applied before; `balance` is then the current one. */
  applied: boolean;
  balance: number;
}

export interface WalletTransaction {
  id: number;
  date: string;
  description: string;
  /** Positive for a credit, negative for a spend. */
  amount: number;
  balanceAfter: number;
  source: string;
}

export const MAX_COIN_AMOUNT = 1_000_000;
const MAX_DESCRIPTION = 200;
const MAX_KEY = 200;

/** Stable slug of a spend that would take the balance below zero. */
export const INSUFFICIENT_COINS = 'insufficient_coins';

function checkEntry(amount: number, description: string, idempotencyKey: string): string {
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_COIN_AMOUNT) {
    throw badInput(
      `The amount must be a whole number of coins from 1 to ${MAX_COIN_AMOUNT}.`,
      'invalid_amount',
    );
  }
  const trimmed = description.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_DESCRIPTION) {
    throw badInput(`The description must have 1 to ${MAX_DESCRIPTION} characters.`, 'invalid_description');
  }
  if (idempotencyKey.length === 0 || idempotencyKey.length > MAX_KEY) {
    throw badInput('The idempotency key is missing or too long.', 'invalid_idempotency_key');
  }
  return trimmed;
}

/**
 * The coin wallet: balances come from the append-only ledger (docs: migration 0006). Callers are
 * other services acting on verified events (a verified payment, a billing period's Champion bonus, a
 * purchase); no GraphQL mutation lets a member credit themselves.
 */
/** The part of the payments service that buying coins uses (modules/payments). */
export interface CoinPayments {
  createCheckout(input: {
    brandId: number;
    memberId: number;
    purpose: 'coins';
    amountMinor: number;
    currency: string;
    description: string;
    metadata: Record<string, string | number>;
    returnPath: string;
  }): Promise<{ checkoutId: string; url: string }>;
}

export interface WalletServiceDeps {
  repository: WalletRepository;
  /** Absent in tests of the ledger alone; buying coins is then refused as unavailable. */
  payments?: CoinPayments | undefined;
}

/** Where the hosted payment page sends the member back to. */
export const WALLET_RETURN_PATH = '/account/wallet';

export function createWalletService({ repository, payments }: WalletServiceDeps) {
  async function apply(
    input: { brandId: number; memberId: number; amount: number; description: string; idempotencyKey: string },
    direction: 1 | -1,
    source: string,
  ): Promise<LedgerResult> {
    const description = checkEntry(input.amount, input.description, input.idempotencyKey);
    const result = await repository.applyEntry({
      brandId: input.brandId,
      memberId: input.memberId,
      amount: direction * input.amount,
      description,
      source,
      idempotencyKey: input.idempotencyKey,
    });
    switch (result.outcome) {
      case 'applied':
        return { applied: true, balance: result.balance };
      case 'replayed':
        return { applied: false, balance: result.balance };
      case 'key_conflict':
        throw badInput(
          'This idempotency key was already used for another entry.',
          'idempotency_key_conflict',
        );
      case 'insufficient':
        throw new AppError('BAD_USER_INPUT', 'Not enough coins for this purchase.', INSUFFICIENT_COINS);
      case 'no_member':
        throw notFound('Member not found');
    }
  }

  /**
   * A verified coin payment: credits the coins its checkout sold (the server wrote them into the
   * checkout's metadata), once per payment (`payment:<id>`).
   */
  async function creditCoinPayment(payment: {
    id: string;
    brandId: number;
    memberId: number | null;
    metadata: Record<string, string | number>;
  }): Promise<LedgerResult> {
    const coins = Number(payment.metadata.coins);
    if (!Number.isSafeInteger(coins) || coins < 1 || payment.memberId === null) {
      throw badInput('The payment names no coins or no member.', 'invalid_coin_payment');
    }
    return apply(
      {
        brandId: payment.brandId,
        memberId: payment.memberId,
        amount: coins,
        description: `${coins} coins purchased`,
        idempotencyKey: `payment:${payment.id}`,
      },
      1,
      'payment',
    );
  }

  return {
    creditCoinPayment,

    coinPacks: (billing: Pick<BillingSettings, 'currency' | 'symbol'>) =>
      COIN_PACKS.map((pack) => ({ ...pack, currency: billing.currency, symbol: billing.symbol })),

    /** Starts the hosted checkout for a pack; the server prices it from its own list. */
    buyCoins: async (ctx: RequestContext, member: MemberAuth, packId: string) => {
      const pack = findCoinPack(packId);
      if (!pack) throw badInput('Choose one of the coin packs offered.', 'unknown_coin_pack');
      if (!payments) {
        throw new AppError('UNAVAILABLE', 'Buying coins is not available right now.', 'payments_unavailable');
      }
      const { url } = await payments.createCheckout({
        brandId: ctx.brand.config.id,
        memberId: member.claims.id,
        purpose: 'coins',
        amountMinor: pack.priceMinor,
        currency: ctx.brand.config.billing.currency,
        description: `${pack.coins} coins`,
        metadata: { packId: pack.id, coins: pack.coins },
        returnPath: WALLET_RETURN_PATH,
      });
      return { url };
    },

    /** Adds coins once per idempotency key. */
    credit: (input: CreditInput): Promise<LedgerResult> => apply(input, 1, input.source),

    /** Takes coins once per idempotency key; refused with `insufficient_coins` rather than overdrawn. */
    spend: (input: SpendInput): Promise<LedgerResult> => apply(input, -1, 'spend'),

    balance: (brandId: number, memberId: number): Promise<number> => repository.balance(brandId, memberId),

    /** Newest first, at most `limit` (1 to 100) entries older than the `before` id. */
    transactions: async (
      brandId: number,
      memberId: number,
      options: { limit?: number; before?: number | null } = {},
    ): Promise<{ items: WalletTransaction[]; nextBefore: number | null }> => {
      const limit = Math.min(Math.max(Math.trunc(options.limit ?? 20), 1), 100);
      const rows = await repository.listEntries(brandId, memberId, limit + 1, options.before ?? null);
      const page = rows.slice(0, limit);
      return {
        items: page.map((row) => ({
          id: row.id,
          date: row.created_at,
          description: row.description,
          amount: row.amount,
          balanceAfter: row.balance_after,
          source: row.source,
        })),
        nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
