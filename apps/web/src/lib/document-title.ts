import { useEffect } from 'react';
import { useI18n } from './i18n';
import { useOptionalSession } from './session';

/** Sets `document.title` to "<page> · <brand>" (or just the page without a brand) while the page shows. */
export function useDocumentTitle(page: string): void {
  const { t } = useI18n();
  const brandName = useOptionalSession()?.brand.name;
  const title = brandName ? t('app.documentTitle', { page, brand: brandName }) : page;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
