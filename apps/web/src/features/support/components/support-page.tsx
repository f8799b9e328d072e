import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/faq` and `/support`: one screen. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function SupportPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('support.title')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { SupportPage as Component };
