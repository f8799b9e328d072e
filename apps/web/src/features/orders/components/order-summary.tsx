import type { Locale, RefundState } from '@member/domain';
import { addressLines } from '../../../lib/address-format';
import { formatMoney, formatNumber } from '../../../lib/format';
import { type TranslationKey, useI18n } from '../../../lib/i18n';
import type { MemberOrder } from '../api/orders';

const STATUS_KEYS: Record<string, TranslationKey> = {
  placed: 'orders.statuses.placed',
  paid: 'orders.statuses.placed',
  shipped: 'orders.statuses.shipped',
  delivered: 'orders.statuses.delivered',
  cancelled: 'orders.statuses.cancelled',
};

/** A cancelled order's refund as the payment provider has it (decision 038), in the member's words. */
const REFUND_KEYS: Record<RefundState, TranslationKey> = {
  pending: 'orders.refund.pending',
  succeeded: 'orders.refund.succeeded',
  failed: 'orders.refund.failed',
};

/** An order's status in the member's words (a coin order's `paid` reads as placed). */
export function useOrderStatus(): (status: string) => string {
  const { t } = useI18n();
  return (status) => t(STATUS_KEYS[status] ?? 'orders.statuses.placed');
}

/** The one-line address an order ships to, as its country writes it (issue 14 item 9). */
export function shipToLine(order: MemberOrder, locale: Locale): string {
  const info = order.shippingInfo;
  return addressLines(info, locale).join(' · ');
}

/**
 * The products (with their pictures), the totals, the tracking once shipped and, once cancelled, the
 * refund as it stands: on its way, refunded, or failed (support then follows up).
 */
export function OrderSummary({ order }: { order: MemberOrder }) {
  const { t, locale } = useI18n();
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  return (
    <>
      <ul className="extras__order-lines orders__lines">
        {order.products.map((product) => (
          <li key={product.productId} className="orders__line">
            {product.image ? (
              <img className="orders__picture" src={product.image} alt="" width={48} height={48} />
            ) : (
              <span className="orders__picture" aria-hidden="true" />
            )}
            <span className="orders__name">{product.name}</span>
            <span className="orders__price">
              {t('orders.quantity', { quantity: product.quantity, price: money(product.unitPrice) })}
            </span>
          </li>
        ))}
      </ul>
      <dl className="extras__totals">
        <dt>{t('orders.subtotal')}</dt>
        <dd>{money(order.subtotal)}</dd>
        <dt>{t('orders.deliveryFee')}</dt>
        <dd>{order.deliveryFee === 0 ? t('orders.free') : money(order.deliveryFee)}</dd>
        <dt>{t('orders.total')}</dt>
        <dd>{money(order.orderTotal)}</dd>
        {order.coinsApplied > 0 ? (
          <>
            <dt>{t('orders.coinsPaid', { coins: formatNumber(order.coinsApplied, locale) })}</dt>
            <dd>−{money(order.coinsValueMinor)}</dd>
          </>
        ) : null}
        {order.refundStatus ? (
          <>
            <dt className={`orders__refund orders__refund--${order.refundStatus}`}>
              {t(REFUND_KEYS[order.refundStatus])}
            </dt>
            <dd>
              {order.refundedMinor > 0
                ? money(order.refundedMinor)
                : t('orders.refund.coins', { coins: formatNumber(order.coinsApplied, locale) })}
            </dd>
          </>
        ) : null}
      </dl>
      {order.refundStatus === 'failed' ? (
        <p className="orders__refund-note">{t('orders.refund.failedNote')}</p>
      ) : null}
      {order.freeGift ? <p>{t('orders.freeGift', { gift: order.freeGift })}</p> : null}
      {order.tracking ? (
        <p className="orders__tracking">{t('orders.tracking', { tracking: order.tracking })}</p>
      ) : null}
    </>
  );
}
