import { useLoaderData } from 'react-router';
import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';
import type { BrowseLoader } from '../api/browse-loaders';

/** `/browse/:media/genre/:genreId`. */
export function GenrePage() {
  const { t } = useI18n();
  const { media } = useLoaderData<BrowseLoader>();
  return <ComingSoonPage title={t('browse.genreTitle', { media: t(`media.${media}.title`) })} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { GenrePage as Component };
