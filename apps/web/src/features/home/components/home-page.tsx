import { memberDisplayName } from '@member/domain';
import { useLoaderData } from 'react-router';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import type { HomeData } from '../api/home-loader';

/**
 * `/`: a welcome with the member's display name, then the shelves (spec section 2), whose code the
 * route's loader brought (`HomeData.Content`) so that this module stays within the first page's budget.
 */
export function HomePage() {
  const { t } = useI18n();
  const { member } = useSession();
  const home = useLoaderData<HomeData | null>();
  return (
    <Page
      title={t('home.welcome', { name: member ? memberDisplayName(member) : '' })}
      documentTitle={t('menu.home')}
    >
      {home && <home.Content home={home} />}
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { HomePage as Component };
