import { isFlagOn, showOnboarding } from '@member/domain';
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLoaderData, useLocation } from 'react-router';
import { BrandMark } from '../components/ui/brand-mark';
import { Icon } from '../components/ui/icons';
import { MainMenu } from '../features/menu/components/main-menu';
import { MemberMenu } from '../features/member/components/member-menu';
import { useI18n } from '../lib/i18n';
import { onDemand, useOnDemand } from '../lib/on-demand';
import { useSession } from '../lib/session';
import { useDisclosure } from '../lib/use-disclosure';
import type { MainLoader } from './main-loader';
import './main-layout.css';

// The player overlay (spec section 2) loads after the screen, so the first page carries none of it.
const playerHost = onDemand(() => import('../features/player/components/player-host'));
// The onboarding and the migration-to-brand notice load only for members the session says may see them
// (the server then decides); the first page carries neither.
const onboardingOverlay = onDemand(() => import('./onboarding-overlay'));
const brandMoveNotice = onDemand(() => import('../features/notices/components/brand-move-notice'));
// The header cart (its link, its count and the count's query) only serves brands whose menu has the
// marketplace, so it loads for them alone, after the layout; the top bar keeps its place meanwhile
// (`topbar__cart-slot`, the cart link's size), so the search link does not move when it arrives.
const headerCart = onDemand(() => import('../features/marketplace/components/header-cart'));

/**
 * The frame of every member screen: skip link, header (menu button on phones, brand, search link,
 * member menu), the main menu (a side bar on wider screens) and the main landmark.
 */
export function MainLayout() {
  const { menuItems } = useLoaderData<MainLoader>();
  const { t } = useI18n();
  const { brand, member } = useSession();
  const nav = useDisclosure();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const isFirstRender = useRef(true);
  const PlayerHost = useOnDemand(playerHost)?.default;
  const wantsOnboarding = member !== null && showOnboarding(isFlagOn(member.tags, 'onboarding'), member.tags);
  const wantsBrandMove = member !== null && brand.movedTo !== null;
  const Onboarding = useOnDemand(onboardingOverlay, wantsOnboarding)?.OnboardingOverlay;
  const BrandMove = useOnDemand(brandMoveNotice, wantsBrandMove)?.BrandMoveNotice;
  const hasMarketplace = menuItems.some((item) => item.type === 'marketplace');
  const HeaderCart = useOnDemand(headerCart, hasMarketplace)?.HeaderCart;
  const cart = HeaderCart ? <HeaderCart /> : <span className="topbar__cart-slot" />;

  // Move focus to the new screen after in-app navigation, as a page load would, so that screen readers
  // start reading there and keyboard users do not stay in the menu.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <button type="button" className="topbar__menu-button icon-button" {...nav.buttonProps}>
          {nav.isOpen ? <Icon name="close" /> : <Icon name="menu" />}
          <span className="visually-hidden">{t('nav.menuButton')}</span>
        </button>
        <Link className="topbar__brand" to="/">
          <BrandMark name={brand.name} logo={brand.logo} />
        </Link>
        {/* Search from every screen; on phones the label is for screen readers only (main-layout.css). */}
        <NavLink className="topbar__search" to="/search">
          <Icon name="search" />
          <span className="topbar__search-label">{t('nav.search')}</span>
        </NavLink>
        {hasMarketplace ? cart : null}
        {member ? <MemberMenu member={member} /> : null}
      </header>
      <div className="shell__body">
        <MainMenu
          items={menuItems}
          isOpen={nav.isOpen}
          panelId={nav.panelProps.id}
          panelRef={nav.panelProps.ref}
          onNavigate={() => {
            nav.close();
          }}
        />
        <main className="shell__main" id="main" ref={mainRef} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {PlayerHost ? <PlayerHost /> : null}
      {Onboarding && wantsOnboarding ? <Onboarding memberId={member.id} /> : null}
      {BrandMove && wantsBrandMove ? <BrandMove /> : null}
    </div>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { MainLayout as Component };
