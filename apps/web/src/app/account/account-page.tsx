import { useId } from 'react';
import { Link, useLoaderData } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';
import { Page } from '../../components/ui/page';
import { accountHref } from '../../config/paths';
import { AddressesSection } from '../../features/account/components/addresses-section';
import { AvatarSection } from '../../features/account/components/avatar-section';
import { DeactivateSection } from '../../features/account/components/deactivate-section';
import { MembershipSection } from '../../features/account/components/membership-section';
import { ProfileSection } from '../../features/account/components/profile-section';
import { SecuritySection } from '../../features/account/components/security-section';
import {
  MembershipBilling,
  PaymentMethodsSection,
  PaymentReturn,
} from '../../features/billing/components/billing-sections';
import { CookieSettings } from '../../features/home/components/cookie-settings';
import { BadgesSection } from '../../features/onboarding/components/badges-section';
import { OrdersSection } from '../../features/orders/components/orders-section';
import { WalletSection } from '../../features/wallet/components/wallet-section';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { ACCOUNT_SECTIONS, type AccountLoader } from './account-loader';
import '../../features/account/account.css';
import '../../components/ui/account-sections.css';

function ComingSoonSection({ title }: { title: string }) {
  const headingId = useId();
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="account-section__title" id={headingId}>
        {title}
      </h2>
      <ComingSoon headingLevel={3} />
    </section>
  );
}

/**
 * `/account/:slug?`: the account area, a section navigation beside the chosen section. Membership is
 * and Profile are
 * real; the other sections of spec section 1 show as coming soon until their release.
 */
export function AccountPage() {
  const { t } = useI18n();
  const { member } = useSession();
  const data = useLoaderData<AccountLoader>();
  const section = data?.section ?? 'membership';

  return (
    <Page title={t('account.title')} documentTitle={t(`account.sections.${section}`)}>
      <div className="account">
        <nav className="account__nav" aria-label={t('account.sectionsLabel')}>
          <ul className="account__nav-list">
            {ACCOUNT_SECTIONS.map((item) => (
              <li key={item}>
                <Link
                  className="account__nav-link"
                  to={accountHref(item)}
                  aria-current={item === section ? 'page' : undefined}
                >
                  {t(`account.sections.${item}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account__content">
          <PaymentReturn />
          {section === 'profile' && member ? (
            <div className="extras__stack">
              <AvatarSection />
              <ProfileSection member={member} />
              <BadgesSection />
              <SecuritySection />
              <CookieSettings />
              <DeactivateSection />
            </div>
          ) : section === 'wallet' && member ? (
            <WalletSection />
          ) : section === 'orders' && member ? (
            <OrdersSection />
          ) : section === 'addresses' && member ? (
            <AddressesSection />
          ) : section === 'payment-methods' && member ? (
            <PaymentMethodsSection />
          ) : data?.membership ? (
            <>
              <MembershipSection membership={data.membership} timeZone={member?.timezone ?? null} />
              <MembershipBilling timeZone={member?.timezone ?? null} />
            </>
          ) : section !== 'membership' ? (
            <ComingSoonSection title={t(`account.sections.${section}`)} />
          ) : null}
        </div>
      </div>
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { AccountPage as Component };
