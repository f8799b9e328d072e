import { Outlet, useNavigation } from 'react-router';
import { useI18n } from '../lib/i18n';
import { useScrollToTopOnNavigation } from '../lib/scroll';

/** Every route's parent: scroll to top after navigation and a slim progress bar while a route loads. */
export function RootLayout() {
  const navigation = useNavigation();
  useScrollToTopOnNavigation();
  return (
    <>
      <div className="route-progress" data-active={navigation.state !== 'idle'} aria-hidden="true" />
      <Outlet />
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
