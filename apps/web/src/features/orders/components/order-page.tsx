import { isOrderChangeable } from '@member/domain';
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { accountHref, changeOrderAddressHref } from '../../../config/paths';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { type TranslationKey, useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { useSession } from '../../../lib/session';
import { useLoaded } from '../../../lib/use-loaded';
import { type MemberOrder, cancelOrder, getOrder } from '../api/orders';
import type { OrderLoader } from '../api/order-loader';
import { OrderSummary, shipToLine, useOrderStatus } from './order-summary';
import '../../../components/ui/account-sections.css';
import '../orders.css';

/** The server's refusals of a cancel, in the member's words. */
const CANCEL_REFUSALS: Record<string, TranslationKey> = {
  order_not_cancellable: 'orders.errors.order_not_cancellable',
  order_not_found: 'orders.errors.order_not_found',
};

/** `/account/orders/:id`: one of the member's orders, with cancel and change address while unshipped. */
export function OrderPage() {
  const { t } = useI18n();
  const data = useLoaderData<OrderLoader>();
  const { state, reload, set } = useLoaded((signal) => getOrder(data.id, signal));
  const order = state.kind === 'ready' ? state.value : null;
  return (
    <Page title={order ? t('orders.order', { reference: order.reference }) : t('orders.detailTitle')}>
      <div className="extras__page">
        <Link className="extras__back" to={accountHref('orders')}>
          {t('orders.back')}
        </Link>
        <SectionState state={state} onRetry={reload} />
        {state.kind === 'ready' && !order ? <p role="alert">{t('orders.errors.order_not_found')}</p> : null}
        {order ? <OrderDetail order={order} onChanged={set} /> : null}
      </div>
    </Page>
  );
}

function OrderDetail({ order, onChanged }: { order: MemberOrder; onChanged: (order: MemberOrder) => void }) {
  const { t, locale } = useI18n();
  const { member } = useSession();
  const statusText = useOrderStatus();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const changeable = isOrderChangeable(order.status);
  const info = order.shippingInfo;

  async function cancel(): Promise<void> {
    setBusy(true);
    setNotice(null);
    try {
      const refunded = await cancelOrder(order.id);
      const amount = formatMoney(refunded.refundedMinor, order.currency, locale);
      setNotice({
        ok: true,
        text:
          refunded.refundedCoins > 0
            ? t('orders.cancelDoneCoins', { amount, coins: formatNumber(refunded.refundedCoins, locale) })
            : t('orders.cancelDone', { amount }),
      });
      const fresh = await getOrder(order.id);
      if (fresh) onChanged(fresh);
    } catch (error) {
      logger.warn('Could not cancel the order', error);
      const slug = slugOf(error);
      const key = slug && Object.hasOwn(CANCEL_REFUSALS, slug) ? CANCEL_REFUSALS[slug] : undefined;
      setNotice({ ok: false, text: t(key ?? 'orders.errors.generic') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="extras__card orders__card" aria-labelledby="order-status">
      <div className="orders__head">
        <p className="account-section__muted">
          {t('orders.placedOn', { date: formatDate(order.createdAt, locale, member?.timezone, 'medium') })}
        </p>
        <span id="order-status" className={`orders__status orders__status--${order.status}`}>
          {statusText(order.status)}
        </span>
      </div>
      <OrderSummary order={order} />
      <h2 className="account-section__subtitle">{t('orders.shipping')}</h2>
      <address className="extras__address">
        {shipToLine(order, locale) || '—'}
        {info.phone ? (
          <>
            <br />
            {info.phone}
          </>
        ) : null}
      </address>
      {info.method ? (
        <p className="account-section__muted">
          {t(info.method === 'express' ? 'orders.methods.express' : 'orders.methods.standard')}
        </p>
      ) : null}
      {changeable ? (
        <div className="extras__actions">
          <Link className="button button--ghost" to={changeOrderAddressHref(order.id)}>
            {t('orders.changeAddress')}
          </Link>
          <button
            type="button"
            className="button button--ghost extras__danger"
            disabled={busy}
            onClick={() => {
              setConfirming(true);
            }}
          >
            {t('orders.cancel')}
          </button>
        </div>
      ) : order.status !== 'cancelled' ? (
        <p className="account-section__muted">{t('orders.cannotChange')}</p>
      ) : null}
      <p role="status" aria-live="polite" className={notice?.ok === false ? 'extras__form-error' : undefined}>
        {notice?.text}
      </p>
      {confirming ? (
        <Dialog
          title={t('orders.cancelTitle', { reference: order.reference })}
          onClose={() => {
            setConfirming(false);
          }}
        >
          <p>
            {order.coinsApplied > 0
              ? t('orders.cancelMessageCoins', {
                  amount: formatMoney(order.orderTotal - order.coinsValueMinor, order.currency, locale),
                  coins: formatNumber(order.coinsApplied, locale),
                })
              : t('orders.cancelMessage', { amount: formatMoney(order.orderTotal, order.currency, locale) })}
          </p>
          <form method="dialog" className="extras__actions">
            <button
              type="submit"
              className="button button--primary extras__danger"
              onClick={() => {
                void cancel();
              }}
            >
              {t('orders.cancelConfirm')}
            </button>
            <button type="submit" className="button button--ghost">
              {t('orders.keep')}
            </button>
          </form>
        </Dialog>
      ) : null}
    </article>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { OrderPage as Component };
