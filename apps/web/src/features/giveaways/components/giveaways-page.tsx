import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/giveaways`: all, entered, active, future and past giveaways. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function GiveawaysPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('giveaways.title')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { GiveawaysPage as Component };
