import type { BillingSettings, Locale } from '@member/domain';

import type { MemberAuth, RequestContext } from '../../context';
import { AppError, badInput, notFound } from '../../errors';
import type { DbTransaction } from '../../db/transaction';
import { COIN_PACKS, findCoinPack } from './coin-packs';
import type { LedgerLine, LedgerReference, WalletRepository } from './wallet.repository';

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
  /** Where the coins came from, e.g. `{ kind: 'payment', id }`. */
  reference: LedgerReference;
}

export interface SpendInput {
  brandId: number;
  memberId: number;
  amount: number;
  description: string;
  idempotencyKey: string;
  /** What the coins pay for, e.g. `{ kind: 'order', id }`. */
  reference: LedgerReference;
}

export interface LedgerResult {
  /** False when the idempotency key had been applied before; `balance` is then the current one. */
  applied: boolean;
  balance: number;
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
    locale?: Locale;
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
    input: SpendInput,
    direction: 1 | -1,
    source: string,
    tx: DbTransaction | undefined,
  ): Promise<LedgerResult> {
    const description = checkEntry(input.amount, input.description, input.idempotencyKey);
    const result = await repository.applyEntry(
      {
        brandId: input.brandId,
        memberId: input.memberId,
        amount: direction * input.amount,
        description,
        source,
        reference: input.reference,
        idempotencyKey: input.idempotencyKey,
      },
      tx,
    );
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
        reference: { kind: 'payment', id: payment.id },
      },
      1,
      'payment',
      undefined,
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
        // The payment page in the member's language.
        locale: member.claims.language,
      });
      return { url };
    },

    /** Adds coins once per idempotency key, in the caller's transaction `tx` when there is one. */
    credit: (input: CreditInput, tx?: DbTransaction): Promise<LedgerResult> =>
      apply(input, 1, input.source, tx),

    /**
     * Takes coins once per idempotency key; refused with `insufficient_coins` rather than overdrawn.
     * Given the caller's transaction `tx`, the spend commits or rolls back with what it pays for.
     */
    spend: (input: SpendInput, tx?: DbTransaction): Promise<LedgerResult> => apply(input, -1, 'spend', tx),

    balance: (brandId: number, memberId: number): Promise<number> => repository.balance(brandId, memberId),

    /** Newest first, at most `limit` (1 to 100) entries older than the `before` id. */
    transactions: async (
      brandId: number,
      memberId: number,
      options: { limit?: number; before?: number | null } = {},
    ): Promise<{ items: LedgerLine[]; nextBefore: number | null }> => {
      const limit = Math.min(Math.max(Math.trunc(options.limit ?? 20), 1), 100);
      const lines = await repository.listEntries(brandId, memberId, limit + 1, options.before ?? null);
      const page = lines.slice(0, limit);
      return {
        items: page,
        nextBefore: lines.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
