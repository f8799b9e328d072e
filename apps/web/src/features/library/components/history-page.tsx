import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/history`: play history. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function HistoryPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('library.historyTitle')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { HistoryPage as Component };
