import { isAnalyticsEnabled, tagValue } from '@member/domain';
import { type ConsentChoice, onConsent } from './consent';

declare global {
  interface Window {
    dataLayer?: unknown[];
    /** gtag.js sends nothing for a property while `window['ga-disable-<id>']` is true. */
    [disable: `ga-disable-${string}`]: boolean | undefined;
  }
}

/** The analytics property of a brand that enables analytics (spec section 7), else null. */
function analyticsId(brandTags: readonly string[]): string | null {
  if (!isAnalyticsEnabled(brandTags)) return null;
  const id = tagValue(brandTags, 'google_analytics_id');
  return id === undefined || id === '' ? null : id;
}

/**
 * Loads the third-party analytics script for brands tagged `google_analytics:enabled` with a
 * `google_analytics_id` (spec section 7); for every other brand nothing third-party is requested.
 * Call it only once the member has accepted (`startAnalytics` does).
 */
export function loadAnalytics(brandTags: readonly string[], doc: Document = document): boolean {
  const id = analyticsId(brandTags);
  if (!id) return false;
  window[`ga-disable-${id}`] = false;
  if (doc.querySelector('script[data-analytics]')) return true;
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
  script.dataset.analytics = '';
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  doc.head.append(script);
  return true;
}

/** After a refusal: the script (if it loaded) sends nothing more, and its cookies are removed. */
function stopAnalytics(brandTags: readonly string[], doc: Document = document): void {
  const id = analyticsId(brandTags);
  if (!id) return;
  window[`ga-disable-${id}`] = true;
  for (const name of doc.cookie.split(';').map((part) => part.split('=')[0]?.trim() ?? '')) {
    if (!/^_ga(_|$)|^_gid$/.test(name)) continue;
    const host = window.location.hostname;
    for (const domain of ['', `; domain=${host}`, `; domain=.${host.split('.').slice(-2).join('.')}`]) {
      doc.cookie = `${name}=; Max-Age=0; path=/${domain}`;
    }
  }
}

/**
 * Analytics follows the member's cookie choice (issue 14, item 15): nothing loads until they accept,
 * it loads the moment they do, and a later refusal stops it. Returns the way to stop listening.
 */
export function startAnalytics(brandTags: readonly string[]): () => void {
  if (!analyticsId(brandTags)) return () => undefined;
  let previous: ConsentChoice | null = null;
  return onConsent((choice) => {
    if (choice === 'accepted') loadAnalytics(brandTags);
    else if (choice === 'refused' && previous === 'accepted') stopAnalytics(brandTags);
    previous = choice;
  });
}
