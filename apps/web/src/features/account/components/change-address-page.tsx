import { isOrderChangeable } from '@member/domain';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { Page } from '../../../components/ui/page';
import { accountHref, orderHref } from '../../../config/paths';
import { useI18n } from '../../../lib/i18n';
import { slugOf } from '../../../lib/refusal';
import type { ChangeAddressLoader } from '../api/change-address-loader';
import { type OrderAddress, changeOrderAddress } from '../api/order-address';
import { AddressForm } from './address-form';
import '../../../components/ui/account-sections.css';

/**
 * `/account/change-address/:id/:slug?`: add (`new`) or edit one of the member's saved addresses, or
 * (slug `order`) change where an order that has not shipped goes.
 */
export function ChangeAddressPage() {
  const { t } = useI18n();
  const data = useLoaderData<ChangeAddressLoader>();
  const navigate = useNavigate();
  if (data?.kind === 'order') return <OrderAddressScreen order={data.order} />;
  const adding = !data?.address && !data?.missing;
  const title = adding ? t('account.addresses.addTitle') : t('account.addresses.editTitle');

  return (
    <Page title={title}>
      <div className="extras__page">
        <Link className="extras__back" to={accountHref('addresses')}>
          {t('account.addresses.backToAddresses')}
        </Link>
        {data?.missing ? (
          <p role="alert">{t('account.addresses.notFound')}</p>
        ) : data ? (
          <AddressForm
            address={data.address}
            onSaved={() => {
              void navigate(accountHref('addresses'));
            }}
          />
        ) : null}
      </div>
    </Page>
  );
}

function OrderAddressScreen({ order }: { order: OrderAddress | null }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Page
      title={t('account.orderAddress.title')}
      subtitle={order ? t('account.orderAddress.subtitle', { reference: order.reference }) : undefined}
    >
      <div className="extras__page">
        <Link className="extras__back" to={order ? orderHref(order.id) : accountHref('orders')}>
          {order ? t('account.orderAddress.back') : t('account.orderAddress.backToOrders')}
        </Link>
        {!order ? (
          <p role="alert">{t('account.orderAddress.notFound')}</p>
        ) : !isOrderChangeable(order.status) ? (
          <p role="alert">
            {order.status === 'cancelled'
              ? t('account.orderAddress.cancelled')
              : t('account.orderAddress.shipped')}
          </p>
        ) : (
          <AddressForm
            address={order.address}
            offerSaved
            save={(address) => changeOrderAddress(order.id, address)}
            errorText={(error) =>
              slugOf(error) === 'order_not_changeable'
                ? t('account.orderAddress.shipped')
                : t('account.addresses.saveError')
            }
            onSaved={() => {
              void navigate(orderHref(order.id));
            }}
          />
        )}
      </div>
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ChangeAddressPage as Component };
