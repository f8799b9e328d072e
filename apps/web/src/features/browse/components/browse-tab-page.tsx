import { useLoaderData } from 'react-router';
import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';
import type { BrowseTabLoader } from '../api/browse-loaders';

/** `/browse/:media/:tabSlug`: another tab of a media type's browse page. */
export function BrowseTabPage() {
  const { t } = useI18n();
  const { media, tab } = useLoaderData<BrowseTabLoader>();
  return <ComingSoonPage title={t(`browse.tabs.${tab}`, { media: t(`media.${media}.title`) })} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { BrowseTabPage as Component };
