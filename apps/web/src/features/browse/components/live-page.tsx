import { useLoaderData } from 'react-router';
import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';
import type { BrowseLoader } from '../api/browse-loaders';

/** `/browse/:media/live/:slug?`: live stats. */
export function LivePage() {
  const { t } = useI18n();
  const { media } = useLoaderData<BrowseLoader>();
  return <ComingSoonPage title={t('browse.liveTitle')} subtitle={t(`media.${media}.title`)} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { LivePage as Component };
