import type { Locale } from '@member/domain';
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

/** The products (with their pictures), the totals, the tracking once shipped and the refund once cancelled. */
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
        {order.refundedMinor > 0 ? (
          <>
            <dt>{t('orders.refunded')}</dt>
            <dd>{money(order.refundedMinor)}</dd>
          </>
        ) : null}
      </dl>
      {order.freeGift ? <p>{t('orders.freeGift', { gift: order.freeGift })}</p> : null}
      {order.tracking ? (
        <p className="orders__tracking">{t('orders.tracking', { tracking: order.tracking })}</p>
      ) : null}
    </>
  );
}
