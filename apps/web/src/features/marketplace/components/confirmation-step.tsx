import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SectionState } from '../../../components/ui/section-state';
import { orderHref } from '../../../config/paths';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useLoaded } from '../../../lib/use-loaded';
import { type ShopCheckout, getCheckout, getOrder } from '../api/marketplace';

/** How often, and how many times, the page asks whether the returned payment was verified. */
export const CONFIRM_POLL_MS = 1_500;
export const CONFIRM_POLLS = 20;

/**
 * Back from the payment page before the server has verified the payment: asks the server again a
 * bounded number of times (the return's own word is never taken), then offers to check again.
 */
export function ConfirmingStep({ onChecked }: { onChecked: (checkout: ShopCheckout) => void }) {
  const { t } = useI18n();
  const [round, setRound] = useState(0);
  const polls = useRef(0);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (gaveUp) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      polls.current += 1;
      getCheckout(controller.signal).then(
        (checkout) => {
          if (checkout.status !== 'paying') onChecked(checkout);
          else if (polls.current >= CONFIRM_POLLS) setGaveUp(true);
          else setRound((value) => value + 1);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          logger.warn('Could not check the payment', error);
          setGaveUp(true);
        },
      );
    }, CONFIRM_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [round, gaveUp, onChecked]);

  return (
    <div className="market-form">
      <p role="status" aria-live="polite">
        {gaveUp
          ? t('marketplace.checkout.confirmation.stillPending')
          : t('marketplace.checkout.confirmation.pending')}
      </p>
      {gaveUp ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            polls.current = 0;
            setGaveUp(false);
          }}
        >
          {t('marketplace.checkout.confirmation.refresh')}
        </button>
      ) : null}
    </div>
  );
}

/** The placed order as the server recorded it: its number, items, delivery fee and total. */
export function ConfirmationStep({ checkout }: { checkout: ShopCheckout }) {
  const { t, locale } = useI18n();
  const orderId = checkout.orderId;
  const { state, reload } = useLoaded((signal) =>
    orderId === null ? Promise.resolve(null) : getOrder(orderId, signal),
  );
  const order = state.kind === 'ready' ? state.value : null;
  const money = (minor: number) => formatMoney(minor, order?.currency ?? checkout.currency, locale);
  return (
    <section className="market-confirmation" aria-labelledby="market-confirmation-title">
      <h2 id="market-confirmation-title" className="market-cart__title">
        {t('marketplace.checkout.confirmation.thanks')}
      </h2>
      <SectionState state={state} onRetry={reload} />
      {order ? (
        <>
          <dl className="market-totals">
            <div>
              <dt>{t('marketplace.checkout.confirmation.number')}</dt>
              <dd>{order.reference}</dd>
            </div>
          </dl>
          <h3 className="market-confirmation__subtitle">{t('marketplace.checkout.confirmation.items')}</h3>
          <ul className="market-cart__lines">
            {order.products.map((item) => (
              <li key={item.productId} className="market-summary__line">
                <span>
                  {item.name} × {item.quantity}
                </span>
                <span>{money(item.unitPrice * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="market-totals">
            <div>
              <dt>{t('marketplace.checkout.subtotal')}</dt>
              <dd>{money(order.subtotal)}</dd>
            </div>
            <div>
              <dt>{t('marketplace.checkout.delivery')}</dt>
              <dd>{order.deliveryFee === 0 ? t('marketplace.checkout.free') : money(order.deliveryFee)}</dd>
            </div>
            <div className="market-totals__total">
              <dt>{t('marketplace.checkout.total')}</dt>
              <dd>{money(order.orderTotal)}</dd>
            </div>
            {order.coinsApplied > 0 ? (
              <div>
                <dt>
                  {t('marketplace.checkout.confirmation.coins', {
                    coins: formatNumber(order.coinsApplied, locale),
                  })}
                </dt>
                <dd>−{money(order.coinsValueMinor)}</dd>
              </div>
            ) : null}
          </dl>
        </>
      ) : null}
      <div className="market-confirmation__actions">
        {order ? (
          <Link className="button button--ghost" to={orderHref(order.id)}>
            {t('marketplace.checkout.confirmation.viewOrder')}
          </Link>
        ) : null}
        <Link className="button button--primary" to="/marketplace">
          {t('marketplace.checkout.confirmation.continue')}
        </Link>
      </div>
    </section>
  );
}
