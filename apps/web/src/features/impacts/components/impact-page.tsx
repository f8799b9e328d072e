import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/impacts/id/:id`. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function ImpactPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('impacts.detailTitle')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ImpactPage as Component };
