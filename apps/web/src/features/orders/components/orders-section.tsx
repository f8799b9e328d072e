import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { getOrders } from '../api/orders';
import { formatDate, formatMoney } from '../../../lib/format';
import { SectionState } from '../../../components/ui/section-state';
import { useLoaded } from '../../../lib/use-loaded';

/** Account → Orders: the member's marketplace orders, newest first, or an empty state. */
export function OrdersSection() {
  const { t, locale } = useI18n();
  const { member } = useSession();
  const headingId = useId();
  const { state, reload } = useLoaded((signal) => getOrders(signal));

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="account-section__title" id={headingId}>
        {t('orders.title')}
      </h2>
      <SectionState state={state} onRetry={reload} />
      {state.kind === 'ready' && state.value.length === 0 ? (
        <div className="extras__empty">
          <h3 className="account-section__subtitle">{t('orders.emptyTitle')}</h3>
          <p className="account-section__muted">{t('orders.emptyMessage')}</p>
        </div>
      ) : null}
      {state.kind === 'ready' && state.value.length > 0 ? (
        <ul className="extras__list">
          {state.value.map((order) => {
            const money = (minor: number) => formatMoney(minor, order.currency, locale);
            const shipTo = [order.shippingInfo.name, order.shippingInfo.address, order.shippingInfo.city]
              .filter(Boolean)
              .join(', ');
            return (
              <li key={order.id} className="extras__card">
                <article aria-label={t('orders.order', { reference: order.reference })}>
                  <h3 className="account-section__subtitle">
                    {t('orders.order', { reference: order.reference })}
                  </h3>
                  <p className="account-section__muted">
                    {t('orders.placedOn', {
                      date: formatDate(order.createdAt, locale, member?.timezone, 'medium'),
                    })}
                    {' · '}
                    {t('orders.status', { status: order.status })}
                  </p>
                  <ul className="extras__order-lines">
                    {order.products.map((product) => (
                      <li key={product.productId}>
                        <span>{product.name}</span>
                        <span>
                          {t('orders.quantity', {
                            quantity: product.quantity,
                            price: money(product.unitPrice),
                          })}
                        </span>
                      </li>
                    ))}
                  </ul>
                  <dl className="extras__totals">
                    <dt>{t('orders.deliveryFee')}</dt>
                    <dd>{money(order.deliveryFee)}</dd>
                    <dt>{t('orders.total')}</dt>
                    <dd>{money(order.orderTotal)}</dd>
                  </dl>
                  {order.freeGift ? <p>{t('orders.freeGift', { gift: order.freeGift })}</p> : null}
                  {shipTo ? (
                    <p className="account-section__muted">{t('orders.shipsTo', { address: shipTo })}</p>
                  ) : null}
                </article>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
