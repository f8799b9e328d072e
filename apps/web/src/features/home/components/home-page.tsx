import { memberDisplayName } from '@member/domain';
import { useId } from 'react';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/** `/`: a welcome with the member's display name; the shelves arrive with the catalogue. */
export function HomePage() {
  const { t } = useI18n();
  const { member } = useSession();
  const shelvesId = useId();
  const name = member ? memberDisplayName(member) : '';
  return (
    <Page title={t('home.welcome', { name })} documentTitle={t('menu.home')}>
      <section className="section" aria-labelledby={shelvesId}>
        <h2 className="section__title" id={shelvesId}>
          {t('home.shelvesTitle')}
        </h2>
        <ComingSoon headingLevel={3} />
      </section>
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { HomePage as Component };
