import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/vpn`: the VPN offer and downloads. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function VpnPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('vpn.title')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { VpnPage as Component };
