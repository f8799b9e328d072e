import { DEFAULT_LOCALE, chooseLocale, type BootData } from '@member/domain';
import type { Root } from 'react-dom/client';
import { StandalonePage } from '../components/ui/standalone-page';
import { NO_BRAND_HREF } from '../config/paths';
import { BrandNotFoundPage, BrandUnavailablePage } from '../features/brand/components/brand-error-pages';
import { SomethingWentWrongState } from '../features/errors/components/error-state';
import { I18nProvider, type I18nStore } from '../lib/i18n';
import { logger } from '../lib/logger';

/**
 * What the page shows when it cannot start normally; loaded only then. Without boot data: "something went
 * wrong". With a boot error: a URL redirects the browser, otherwise the brand error page (spec section 8).
 */
export async function renderBootFailure(root: Root, i18n: I18nStore, boot: BootData | null): Promise<void> {
  if (!boot) {
    await i18n.setLocale(DEFAULT_LOCALE);
    root.render(
      <I18nProvider store={i18n}>
        <StandalonePage>
          <SomethingWentWrongState />
        </StandalonePage>
      </I18nProvider>,
    );
    return;
  }
  const code = boot.error?.code ?? 'brand_not_found';
  logger.error(`Boot error: ${code}`, new Error(code), { url: boot.error?.url ?? null });
  if (boot.error?.url) {
    window.location.assign(boot.error.url);
    return;
  }
  await i18n.setLocale(chooseLocale(null, boot.brand?.languages ?? []));
  if (code === 'brand_not_found' && window.location.pathname !== NO_BRAND_HREF) {
    window.history.replaceState(null, '', NO_BRAND_HREF);
  }
  const Page = code === 'brand_not_found' ? BrandNotFoundPage : BrandUnavailablePage;
  root.render(
    <I18nProvider store={i18n}>
      <Page />
    </I18nProvider>,
  );
}
