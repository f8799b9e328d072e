import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/collection`: saved titles. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function CollectionPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('library.collectionTitle')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { CollectionPage as Component };
