import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/account/change-address/:id/:slug?`. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function ChangeAddressPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('account.changeAddressTitle')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ChangeAddressPage as Component };
