import { chooseLocale, isAnalyticsEnabled, type BootData } from '@member/domain';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createMenuCache } from '../features/menu/api/get-menu-items';
import { needsTokenRefresh, readBootData } from '../lib/boot';
import { listenForPreloadErrors } from '../lib/chunk-load';
import { requestGenericToken } from '../lib/generic-token';
import { createI18n, type I18nStore } from '../lib/i18n';
import { logger } from '../lib/logger';
import { createSessionStore } from '../lib/session';
import { applyBrandIcon, applyBrandTheme } from '../lib/theme';
import { readVisitorLocale } from '../lib/visitor-locale';
import '../styles/index.css';
import type { AppDeps } from './deps';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** The failure screens load only when needed (app/boot-failure.tsx). */
async function showBootFailure(root: Root, i18n: I18nStore, boot: BootData | null): Promise<void> {
  const { renderBootFailure } = await import('./boot-failure');
  await renderBootFailure(root, i18n, boot);
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  listenForPreloadErrors();
  const i18n = createI18n();

  let boot: BootData;
  try {
    boot = await readBootData();
  } catch (error) {
    logger.error('Boot data could not be read', error);
    await showBootFailure(root, i18n, null);
    return;
  }

  // Error reporting and analytics are off for most brands, so their code loads only when switched on.
  const errorReporting = boot.sentry
    ? import('../lib/sentry').then(({ startErrorReporting }) => startErrorReporting(boot))
    : Promise.resolve();
  if (boot.error || !boot.brand) {
    await errorReporting;
    await showBootFailure(root, i18n, boot);
    return;
  }

  const brand = boot.brand;
  // The brand's colours and icon come with the page the server renders (http/spa.ts); Vite's dev server
  // serves its own index.html, so there they are set here (a production build leaves this out).
  if (import.meta.env.DEV) {
    applyBrandTheme(brand.colors);
    applyBrandIcon(brand.icon);
  }
  if (isAnalyticsEnabled(brand.brandTags)) {
    // It loads only once the member accepts the cookie notice (lib/consent.ts).
    void import('../lib/analytics').then(({ startAnalytics }) => startAnalytics(brand.brandTags));
  }
  const session = createSessionStore(boot, brand);
  const member = session.activeMember();
  if (!member) {
    void requestGenericToken();
  } else if (needsTokenRefresh(member, Date.now())) {
    // Only members close to expiry need it, so the mutation's code loads on demand.
    void import('../features/member/api/refresh-token')
      .then(({ refreshMemberToken }) => refreshMemberToken())
      .then((claims) => {
        if (claims) session.setMember(claims);
      });
  }
  // A member's stored preference; for a visitor, the language picked on the sign-in page.
  await i18n.setLocale(chooseLocale(member?.language ?? readVisitorLocale(), brand.languages));

  const deps: AppDeps = { session, i18n, menu: createMenuCache() };
  const router = createAppRouter(deps);
  // A transition: React renders the first screen in slices of a few milliseconds instead of one long
  // task, so a phone's main thread stays free for input while the app starts (issue 19).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders deps={deps}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

start().catch((error: unknown) => {
  logger.error('The app could not start', error);
});
