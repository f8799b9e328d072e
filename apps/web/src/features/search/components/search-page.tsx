import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/search`. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function SearchPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('search.title')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { SearchPage as Component };
