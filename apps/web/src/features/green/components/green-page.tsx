import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/green`: tree planting. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function GreenPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('green.title')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { GreenPage as Component };
