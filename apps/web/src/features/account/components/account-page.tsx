import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/account/:slug?`: profile, membership, billing, wallet and the other account sections. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function AccountPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('account.title')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { AccountPage as Component };
