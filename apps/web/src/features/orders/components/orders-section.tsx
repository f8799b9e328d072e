import { useId } from 'react';
import { Link } from 'react-router';
import { orderHref } from '../../../config/paths';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { getOrders } from '../api/orders';
import { formatDate } from '../../../lib/format';
import { SectionState } from '../../../components/ui/section-state';
import { useLoaded } from '../../../lib/use-loaded';
import { OrderSummary, shipToLine, useOrderStatus } from './order-summary';
import '../orders.css';

/** Account → Orders: the member's orders, newest first, each linking to its detail; or an empty state. */
export function OrdersSection() {
  const { t, locale } = useI18n();
  const { member } = useSession();
  const headingId = useId();
  const statusText = useOrderStatus();
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
          <Link className="button button--ghost" to="/marketplace">
            {t('orders.shop')}
          </Link>
        </div>
      ) : null}
      {state.kind === 'ready' && state.value.length > 0 ? (
        <ul className="extras__list">
          {state.value.map((order) => {
            const shipTo = shipToLine(order, locale);
            return (
              <li key={order.id} className="extras__card">
                <article
                  className="orders__card"
                  aria-label={t('orders.order', { reference: order.reference })}
                >
                  <div className="orders__head">
                    <h3 className="account-section__subtitle">
                      {t('orders.order', { reference: order.reference })}
                    </h3>
                    <span className={`orders__status orders__status--${order.status}`}>
                      {statusText(order.status)}
                    </span>
                  </div>
                  <p className="account-section__muted">
                    {t('orders.placedOn', {
                      date: formatDate(order.createdAt, locale, member?.timezone, 'medium'),
                    })}
                  </p>
                  <OrderSummary order={order} />
                  {shipTo ? (
                    <p className="account-section__muted">{t('orders.shipsTo', { address: shipTo })}</p>
                  ) : null}
                  <p>
                    <Link
                      to={orderHref(order.id)}
                      aria-label={t('orders.viewLabel', { reference: order.reference })}
                    >
                      {t('orders.view')}
                    </Link>
                  </p>
                </article>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
