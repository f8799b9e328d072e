import { type ComponentType, useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { SplashCover, isFirstArrival } from '../components/ui/splash-cover';
import { HOME_PATH } from '../config/paths';
import { useI18n } from '../lib/i18n';
import { useOptionalSession } from '../lib/session';

/** Every route's parent: scroll to top after navigation and a slim progress bar while a route loads. */
export function RootLayout() {
  const navigation = useNavigation();
  // Where the view goes after a navigation (lib/scroll.tsx) loads just after the first screen.
  const [ScrollPlaces, setScrollPlaces] = useState<ComponentType | null>(null);
  useEffect(() => {
    import('../lib/scroll').then(
      (module) => {
        setScrollPlaces(() => module.default);
      },
      () => undefined,
    );
  }, []);
  return (
    <>
      <div className="route-progress" data-active={navigation.state !== 'idle'} aria-hidden="true" />
      <Outlet />
      {ScrollPlaces ? <ScrollPlaces /> : null}
    </>
  );
}

/**
 * Shown while the first route's code and data load: a spinner, or, on a member's first arrival at the
 * home page in a browser session, the brand's splash, which the home page then keeps until its shelves
 * are in (spec section 2). The brand shows as soon as the app runs rather than after the first data
 * (issue 19: the first contentful paint on a phone).
 */
export function RouteFallback() {
  const { t } = useI18n();
  const member = useOptionalSession()?.member ?? null;
  const [splash] = useState(
    () => member !== null && window.location.pathname === HOME_PATH && isFirstArrival(),
  );
  return (
    <div className="route-fallback" role="status">
      {splash ? <SplashCover /> : <span className="spinner" aria-hidden="true" />}
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
