import type { Environment } from './environments';
import type { MemberClaims } from './member';
import type { SiteConfig } from './site-config';

/** Boot errors stop the app before it renders a brand; one with a URL sends the browser there. */
export type BootErrorCode = 'brand_not_found' | 'brand_unavailable';

export interface BootError {
  code: BootErrorCode;
  url: string | null;
}

/**
 * What the server writes into index.html as JSON (`<script id="boot-data" type="application/json">`)
 * so the first paint needs no round trip: the brand for the request's hostname and, when the login
 * cookie is valid, the member's claims. Without a member, the page requests a generic token.
 */
export interface BootData {
  env: Environment;
  brand: SiteConfig | null;
  member: MemberClaims | null;
  error: BootError | null;
  sentry: { dsn: string; tracesSampleRate: number; environment: Environment } | null;
  release: string;
}
