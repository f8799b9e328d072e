import { Link, useLoaderData, useNavigate } from 'react-router';
import { Page } from '../../../components/ui/page';
import { accountHref } from '../../../config/paths';
import { useI18n } from '../../../lib/i18n';
import type { ChangeAddressLoader } from '../api/change-address-loader';
import { AddressForm } from './address-form';
import '../../../components/ui/account-sections.css';

/** `/account/change-address/:id/:slug?`: add (`new`) or edit one of the member's shipping addresses. */
export function ChangeAddressPage() {
  const { t } = useI18n();
  const data = useLoaderData<ChangeAddressLoader>();
  const navigate = useNavigate();
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

/** The route module's component, as React Router's `lazy` expects it. */
export { ChangeAddressPage as Component };
