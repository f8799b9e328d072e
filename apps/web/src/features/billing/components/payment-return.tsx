import { parsePaymentReturnState } from '@member/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { formatMoney } from '../../../lib/format';
import { activateSubscription } from '../api/billing-api';

/** Spec section 4: the double-request option reloads the state again after 3 s. */
export const RELOAD_AGAIN_MS = 3_000;

interface Receipt {
  success: boolean;
  amount: string | null;
  planName: string | null;
}

function readExtra(extra: string | null): { amount?: unknown; currency?: unknown; planName?: unknown } {
  try {
    const value: unknown = JSON.parse(extra ?? '{}');
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

/**
 * A payment return (`?state=<JSON>` from the hosted payment page): reads and clears the query,
 * activates the subscription by refId (the server verifies the payment itself; the state proves
 * nothing), shows the receipt, and reloads the account state now and once more 3 s later.
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
    const finish = (next: Receipt) => {
      setReceipt(next);
      void revalidator.revalidate();
      clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(() => void revalidator.revalidate(), RELOAD_AGAIN_MS);
    };
    if (!state.isSuccess) {
      finish({ success: false, amount: null, planName: null });
    } else if (state.subscription) {
      activateSubscription(state.subscription.subscriptionId).then(
        (result) => {
          const extra = readExtra(result.extra);
          finish({
            success: result.responseResult.succeeded,
            amount:
              typeof extra.amount === 'number' && typeof extra.currency === 'string'
                ? formatMoney(extra.amount, extra.currency, locale)
                : null,
            planName: typeof extra.planName === 'string' ? extra.planName : null,
          });
        },
        (error: unknown) => {
          logger.warn('Could not activate the subscription', error);
          finish({ success: false, amount: null, planName: null });
        },
      );
    } else {
      finish({ success: true, amount: null, planName: null });
    }
    // The state is read once per distinct value; the router's helpers are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [raw]);

  if (!receipt) return null;
  return (
    <Dialog
      role="alertdialog"
      title={receipt.success ? t('billing.receipt.successTitle') : t('billing.receipt.failureTitle')}
      onClose={() => {
        setReceipt(null);
      }}
    >
      <p>{receipt.success ? t('billing.receipt.successText') : t('billing.receipt.failureText')}</p>
      {receipt.success && (receipt.planName ?? receipt.amount) ? (
        <dl className="billing-receipt">
          {receipt.planName ? (
            <div>
              <dt>{t('billing.receipt.plan')}</dt>
              <dd>{receipt.planName}</dd>
            </div>
          ) : null}
          {receipt.amount ? (
            <div>
              <dt>{t('billing.receipt.amount')}</dt>
              <dd>{receipt.amount}</dd>
            </div>
          ) : null}
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
