import { use } from 'react';
import { Page } from '../../../components/ui/page';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { supportStringsLoaded } from '../api/support';
import { ContactSection } from './contact-section';
import { FaqSection } from './faq-section';
import { MemberSupport } from './member-support';
import '../support.css';

/** `/faq` and `/support`: one screen: the brand's FAQ, its contacts, and (for a member) the forms and their reports. */
export function SupportPage() {
  use(supportStringsLoaded(useI18nStore()));
  const { t } = useI18n();
  const { member } = useSession();
  return (
    <Page title={t('support.title')} subtitle={t('support.page.subtitle')}>
      <div className="support">
        <FaqSection />
        {member ? <MemberSupport /> : <p className="support__muted">{t('support.forms.signIn')}</p>}
        <ContactSection />
      </div>
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { SupportPage as Component };
