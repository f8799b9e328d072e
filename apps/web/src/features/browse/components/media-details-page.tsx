import { useLoaderData } from 'react-router';
import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';
import type { MediaDetailsLoader } from '../api/browse-loaders';

/** `/browse/:media/id/:id/:slug?`: one title's details. */
export function MediaDetailsPage() {
  const { t } = useI18n();
  const { media } = useLoaderData<MediaDetailsLoader>();
  return <ComingSoonPage title={t('browse.detailsTitle')} subtitle={t(`media.${media}.title`)} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { MediaDetailsPage as Component };
