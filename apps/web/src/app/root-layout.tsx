import { type ComponentType, useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useI18n } from '../lib/i18n';

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

/** Shown while the first route's code and data load. */
export function RouteFallback() {
  const { t } = useI18n();
  return (
    <div className="route-fallback" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
