import type { ReactNode } from 'react';
import { I18nProvider } from '../lib/i18n';
import { SessionProvider } from '../lib/session';
import type { AppDeps } from './deps';

/** What every screen reads: the brand and member, and the interface language. */
export function AppProviders({
  deps,
  children,
}: {
  deps: Pick<AppDeps, 'session' | 'i18n'>;
  children: ReactNode;
}) {
  return (
    <SessionProvider store={deps.session}>
      <I18nProvider store={deps.i18n}>{children}</I18nProvider>
    </SessionProvider>
  );
}
