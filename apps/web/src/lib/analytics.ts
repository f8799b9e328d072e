import { isAnalyticsEnabled, tagValue } from '@member/domain';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * The third-party analytics script loads only for brands tagged `google_analytics:enabled` with a
 * `google_analytics_id` (spec section 7); for every other brand nothing third-party is requested.
 */
export function loadAnalytics(brandTags: readonly string[], doc: Document = document): boolean {
  if (!isAnalyticsEnabled(brandTags)) return false;
  const id = tagValue(brandTags, 'google_analytics_id');
  if (!id) return false;
  const dataLayer = (window.dataLayer ??= []);
  // gtag.js reads `arguments` objects from the data layer, so this must not be an arrow function.
  function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params -- gtag.js expects the Arguments object itself.
    dataLayer.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', id);
  const script = doc.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  doc.head.append(script);
  return true;
}
