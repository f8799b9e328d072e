import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/marketplace/category/:slug`. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function MarketplaceCategoryPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('marketplace.categoryTitle')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { MarketplaceCategoryPage as Component };
