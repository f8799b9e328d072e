import {
  type Locale,
  type PaymentOutcome,
  type PaymentPurpose,
  type PaymentReturnState,
  parsePaymentReturnState,
} from '@member/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { formatMoney } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { activateSubscription } from '../api/billing-api';
import { getCheckoutReceipt } from '../api/payment-receipt';

/** Spec section 4: the double-request option reloads the state again after 3 s. */
export const RELOAD_AGAIN_MS = 3_000;

/** A receipt as the dialog shows it: the server's outcome and, when paid, what and how much. */
interface Receipt {
  outcome: PaymentOutcome;
  amount: string | null;
  planName: string | null;
  purchase: string | null;
  /** A membership's payment (sign-up, restart) rather than a purchase's; set once the return is read. */
  membership?: boolean;
}

const NOTHING_MORE = { amount: null, planName: null, purchase: null };

function readExtra(extra: string | null): { amount?: unknown; currency?: unknown; planName?: unknown } {
  try {
    const value: unknown = JSON.parse(extra ?? '{}');
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

/** Reads a purpose's receipt from the server; it never takes the return's `is_success` for a payment. */
type ReceiptReader = (state: PaymentReturnState, locale: Locale) => Promise<Receipt>;

/**
 * A membership's payment (sign-up, restart): activating the subscription is where the server verifies the
 * payment made for it, so its answer is the receipt, with the plan and the amount it verified.
 */
const subscriptionReceipt: ReceiptReader = async (state, locale) => {
  if (!state.subscription) return checkoutReceipt(state, locale);
  const result = await activateSubscription(state.subscription.subscriptionId);
  if (!result.responseResult.succeeded) return { outcome: 'failed', ...NOTHING_MORE };
  const extra = readExtra(result.extra);
  return {
    outcome: 'paid',
    amount:
      typeof extra.amount === 'number' && typeof extra.currency === 'string'
        ? formatMoney(extra.amount, extra.currency, locale)
        : null,
    planName: typeof extra.planName === 'string' ? extra.planName : null,
    purchase: null,
  };
};

/** Any other purpose (coins, entries, an order…): the checkout's receipt, as the server verified it. */
const checkoutReceipt: ReceiptReader = async (state, locale) => {
  // A return without its checkout cannot be looked up: it stays "being confirmed", never "received".
  if (!state.checkoutId) return { outcome: 'pending', ...NOTHING_MORE };
  const receipt = await getCheckoutReceipt(state.checkoutId);
  return {
    outcome: receipt.outcome,
    amount: formatMoney(receipt.amountMinor, receipt.currency, locale),
    planName: null,
    purchase: receipt.description || null,
  };
};

/** Which reader each purpose's receipt comes from; a purpose not listed reads its checkout's. */
const RECEIPT_READERS: Partial<Record<PaymentPurpose, ReceiptReader>> = {
  signup: subscriptionReceipt,
  restart: subscriptionReceipt,
};

/** A membership's payment (sign-up, restart) rather than a purchase (coins, entries, an order…). */
function isSubscriptionReturn(state: PaymentReturnState): boolean {
  return state.slug === 'signup' || state.slug === 'restart' || state.subscription !== null;
}

function readerFor(state: PaymentReturnState): ReceiptReader {
  const listed = Object.hasOwn(RECEIPT_READERS, state.slug)
    ? RECEIPT_READERS[state.slug as PaymentPurpose]
    : undefined;
  return listed ?? (state.subscription ? subscriptionReceipt : checkoutReceipt);
}

const TEXTS = {
  paid: { title: 'billing.receipt.successTitle', text: 'billing.receipt.successText' },
  pending: { title: 'billing.receipt.pendingTitle', text: 'billing.receipt.pendingText' },
  failed: { title: 'billing.receipt.failureTitle', text: 'billing.receipt.failureText' },
} as const;

/**
 * A payment return (`?state=<JSON>` from the hosted payment page): reads and clears the query, asks the
 * server for the payment's verified outcome the way its purpose needs (`RECEIPT_READERS`; the state
 * proves nothing), shows the receipt, and reloads the account state now and once more 3 s later.
 */
export function PaymentReturn() {
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const raw = params.get('state');
  const handled = useRef<string | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The second reload outlives the query (clearing it re-runs the effect below); only leaving stops it.
  useEffect(
    () => () => {
      clearTimeout(reloadTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (raw === null || handled.current === raw) return;
    handled.current = raw;
    const state = parsePaymentReturnState(raw);
    void navigate(pathname, { replace: true });
    if (!state) return;
    // A membership's return (its failure says no subscription started) or a purchase's.
    const membership = isSubscriptionReturn(state);
    const finish = (next: Receipt) => {
      setReceipt({ ...next, membership });
      void revalidator.revalidate();
      clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(() => void revalidator.revalidate(), RELOAD_AGAIN_MS);
    };
    if (!state.isSuccess) {
      // A cancelled or failed purchase still says what it was for and how much (issue 14 item 9); the
      // server's own record decides (a checkout it knows as paid is shown as paid).
      const cancelled = state.checkoutId && !membership ? checkoutReceipt(state, locale) : null;
      if (!cancelled) {
        finish({ outcome: 'failed', ...NOTHING_MORE });
        return;
      }
      cancelled.then(
        (read) => {
          finish({ ...read, outcome: read.outcome === 'paid' ? 'paid' : 'failed' });
        },
        (error: unknown) => {
          logger.warn('Could not read the payment receipt', error);
          finish({ outcome: 'failed', ...NOTHING_MORE });
        },
      );
      return;
    }
    readerFor(state)(state, locale).then(finish, (error: unknown) => {
      logger.warn('Could not read the payment receipt', error);
      finish({ outcome: 'failed', ...NOTHING_MORE });
    });
    // The state is read once per distinct value; the router's helpers are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [raw]);

  if (!receipt) return null;
  const facts =
    receipt.outcome !== 'pending'
      ? [
          { term: t('billing.receipt.purchase'), value: receipt.purchase },
          { term: t('billing.receipt.plan'), value: receipt.planName },
          { term: t('billing.receipt.amount'), value: receipt.amount },
        ].filter((fact): fact is { term: string; value: string } => fact.value !== null)
      : [];
  return (
    <Dialog
      role="alertdialog"
      title={t(TEXTS[receipt.outcome].title)}
      onClose={() => {
        setReceipt(null);
      }}
    >
      <p>
        {receipt.outcome === 'failed' && receipt.membership === false
          ? t('billing.receipt.purchaseFailureText')
          : t(TEXTS[receipt.outcome].text)}
      </p>
      {facts.length > 0 ? (
        <dl className="billing-receipt">
          {facts.map((fact) => (
            <div key={fact.term}>
              <dt>{fact.term}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <form method="dialog">
        <button type="submit" className="button button--primary">
          {t('billing.receipt.close')}
        </button>
      </form>
    </Dialog>
  );
}
