/**
 * What the load generator (api-throughput.ts) and the server child (server-process.ts) share: the
 * query both targets answer, and the IPC messages between the two processes.
 */

/** The demo brand served on `streamhub.localhost` (first brand of the demo seed). */
export const BENCH_HOST = 'streamhub.localhost';
export const BENCH_BRAND_ID = 1;

/**
 * The menu fields, in the order of the GraphQL selection set. GraphQL writes fields in selection
 * order, so the plain route writes them in this same order to produce identical bytes.
 */
export const MENU_FIELDS = [
  'type',
  'title',
  'display_area_slug',
  'icon',
  'color',
  'lightColor',
  'subTextColor',
  'mainTextColor',
  'secondaryColor',
  'submenu_type',
] as const;

export const MENU_QUERY = `query Menu { content { menuItems(brandId: ${BENCH_BRAND_ID}) { ${MENU_FIELDS.join(' ')} } } }`;

/** Body of the GraphQL request; the plain POST target sends the same bytes (and ignores them). */
export const GRAPHQL_BODY = JSON.stringify({ query: MENU_QUERY, operationName: 'Menu' });

export const API_PREFIX = '/membergraphapi';
export const GRAPHQL_URL_PATH = `${API_PREFIX}/graphql`;
export const GENERIC_TOKEN_PATH = `${API_PREFIX}/api/auth/token/generic`;
/** Registered through `extendApi` as `/bench/plain`, so it lives inside the API scope and its hooks. */
export const PLAIN_ROUTE = '/bench/plain';
export const PLAIN_URL_PATH = `${API_PREFIX}${PLAIN_ROUTE}?brandId=${BENCH_BRAND_ID}`;
/**
 * The bare baseline: a second Fastify instance in the same child, with no plugin and no hook, whose
 * one GET route sends the same object (the GraphQL answer, parsed once at start-up) through Fastify's
 * default JSON serializer. What any Fastify route costs; the product's routes add their hooks to it.
 */
export const BARE_URL_PATH = '/bare';

/*
 * The marketplace home (marketplace-home.ts): the web's `MarketplaceHome` query
 * (apps/web/src/features/marketplace/api/marketplace.ts) and its REST twin, for a member of the
 * ClickCoins demo brand, which offers the marketplace.
 */
export const MARKETPLACE_HOST = 'clickcoins.localhost';
export const MARKETPLACE_MEMBER_EMAIL = 'active@clickcoins.demo';
export const MARKETPLACE_CATEGORY_FIELDS = ['id', 'slug', 'name', 'productCount'] as const;
export const MARKETPLACE_PRODUCT_FIELDS = [
  'id',
  'slug',
  'name',
  'description',
  'categorySlug',
  'images',
  'currency',
  'price',
  'memberPrice',
  'isMemberPriceApplied',
  'stock',
  'inStock',
] as const;
export const MARKETPLACE_PRODUCTS_LIMIT = 60;
export const MARKETPLACE_HOME_QUERY = `query MarketplaceHome { ecommerce { listCategories { ${MARKETPLACE_CATEGORY_FIELDS.join(' ')} } products(limit: ${MARKETPLACE_PRODUCTS_LIMIT}) { ${MARKETPLACE_PRODUCT_FIELDS.join(' ')} } } }`;
export const MARKETPLACE_HOME_BODY = JSON.stringify({
  query: MARKETPLACE_HOME_QUERY,
  operationName: 'MarketplaceHome',
});
/** Registered through `extendApi`, inside the API scope and its hooks (bench-only). */
export const MARKETPLACE_HOME_ROUTE = '/bench/marketplace-home';
export const MARKETPLACE_HOME_URL_PATH = `${API_PREFIX}${MARKETPLACE_HOME_ROUTE}`;
export const LOGIN_PATH = `${API_PREFIX}/api/auth/login`;

/** Messages the parent sends to the server child. */
export type ParentMessage = { type: 'cpu'; id: number } | { type: 'stop' };

/** Messages the server child sends to the parent. */
export type ServerMessage =
  | { type: 'ready'; port: number; barePort: number }
  | { type: 'cpu'; id: number; usage: NodeJS.CpuUsage; rssBytes: number }
  | { type: 'failed'; message: string };

export function isServerMessage(value: unknown): value is ServerMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    (value.type === 'ready' || value.type === 'cpu' || value.type === 'failed')
  );
}

export function isParentMessage(value: unknown): value is ParentMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    (value.type === 'cpu' || value.type === 'stop')
  );
}
