/**
 * The authorization matrix (issue 12): every GraphQL field of the printed schema and every REST route,
 * each called as every kind of caller, with placeholder arguments that name another member's rows.
 *
 * - The field list comes from `apps/server/schema.graphql` and the route list from `app.printRoutes()`,
 *   so a new field or route without a rule in FIELD_RULES or ROUTE_RULES fails the first test.
 * - No answer is a 5xx. Members-only fields refuse (UNAUTHENTICATED, or a refusing responseResult) the
 *   anonymous, the visitor, an expired, forged (another secret, `alg: none`) or logged-out token, and a
 *   member of another brand presenting their token to this brand.
 * - Member A owns one of everything (playlist, history, collection, progress, card, address, order,
 *   coins, subscription, charge, picture, checkout), each carrying a sentinel string. Every other caller
 *   gets A's ids as arguments; no answer may hold a sentinel of A, and A's rows must be byte-identical
 *   after all their calls. A's own calls run last and must see A's sentinels (so the ids are right and
 *   the matrix would see a leak).
 *
 * The app runs as STAGING (a deployed, non-production server): the development mail viewer is closed.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { MEDIA_TYPES } from '@member/domain';
import type { LightMyRequestResponse } from 'fastify';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../db/database';
import { isoNow } from '../db/json';
import { MEMBER_COOKIE } from '../modules/auth/auth.cookies';
import { signMemberToken } from '../modules/auth/tokens';
import { createWalletRepository } from '../modules/wallet/wallet.repository';
import { seedCatalog } from '../seed/catalog';
import { seedPlans } from '../seed/demo';
import { buildBrand, buildMember, buildSubscription } from '../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../test/harness';
import { genericToken, login } from '../test/http';
import {
  type PlaceholderLookup,
  type PrintedRoute,
  type SchemaField,
  documentFor,
  parsePrintedRoutes,
  reachableFields,
} from './schema-documents';

/** A valid shipping address, for the arguments typed ShippingAddressInput. */
const MATRIX_ADDRESS = {
  firstName: 'Matrix',
  lastName: 'Caller',
  address: '2 Side Street',
  apartment: null,
  city: 'Laval',
  region: 'QC',
  country: 'CA',
  postcode: 'H7A 1A1',
  phone: '+1 514 555 0199',
};

const SCHEMA_FILE = resolve(import.meta.dirname, '../../schema.graphql');

/** `caller`: any visitor or member token of the brand; `member`: a signed-in member only. */
type FieldAccess = 'caller' | 'member';

/** Every field of the schema, classified. A field missing here fails the matrix. */
const FIELD_RULES: Record<string, FieldAccess> = {
  'query content.bookmarks': 'member',
  'query content.collection': 'member',
  'query content.continueList': 'member',
  'query content.featured': 'caller',
  'query content.genres': 'caller',
  'query content.history': 'member',
  'query content.list': 'caller',
  'query content.liveStream': 'caller',
  'query content.media': 'caller',
  'query content.menuItems': 'caller',
  'query content.playlist': 'member',
  'query content.playlists': 'member',
  'query content.slot': 'caller',
  'query content.progress': 'member',
  'query content.search': 'caller',
  'query content.searchPage': 'caller',
  'query content.liveStats': 'caller',
  'query member.liveReminders': 'member',
  'mutation member.setLiveReminder': 'member',
  'mutation member.removeLiveReminder': 'member',
  'query content.slotsWithTags': 'caller',
  'query ecommerce.getMemberOrders': 'member',
  'query member.billingHistory': 'member',
  'query member.canDeactivate': 'member',
  'query member.coinPacks': 'member',
  'query member.creditTransactions': 'member',
  'query member.getCreditBalance': 'member',
  'query member.info': 'member',
  'query member.paymentMethods': 'member',
  'query member.shippingAddress': 'member',
  'query member.shippingAddresses': 'member',
  'query plan.getPlans': 'caller',
  'mutation content.addBookmark': 'member',
  'mutation content.addPlaylistTrack': 'member',
  'mutation content.addToCollection': 'member',
  'mutation content.addToHistory': 'member',
  'mutation content.createPlaylist': 'member',
  'mutation content.deleteBookmark': 'member',
  'mutation content.deletePlaylist': 'member',
  'mutation content.removeAllFromHistory': 'member',
  'mutation content.removeFromCollection': 'member',
  'mutation content.removeFromHistory': 'member',
  'mutation content.removePlaylistTrack': 'member',
  'mutation content.renameBookmark': 'member',
  'mutation content.renamePlaylist': 'member',
  'mutation content.reorderPlaylist': 'member',
  'mutation content.startPlayback': 'member',
  'mutation content.updateMediaProgress': 'member',
  'mutation member.acceptRetentionOffer': 'member',
  'mutation member.activateSubscription': 'member',
  'mutation member.addCredits': 'member',
  'mutation member.addPaymentMethod': 'member',
  'mutation member.addShippingAddress': 'member',
  'mutation member.buyCoins': 'member',
  'mutation member.cancelSubscription': 'member',
  'mutation member.changeEmail': 'member',
  'mutation member.changePassword': 'member',
  'mutation member.deactivateAccount': 'member',
  'mutation member.deleteShippingAddress': 'member',
  'mutation member.joinPlan': 'member',
  'mutation member.presentRetentionOffer': 'member',
  'mutation member.refreshToken': 'member',
  'mutation member.restartSubscription': 'member',
  'mutation member.setDefaultPaymentMethod': 'member',
  'mutation member.removePaymentMethod': 'member',
  'mutation member.payWithSavedCard': 'member',
  'mutation member.setLanguage': 'member',
  'mutation member.setTags': 'member',
  'mutation member.updatePaymentMethod': 'member',
  'mutation member.updateProfile': 'member',
  'mutation member.updateShippingAddress': 'member',
  // Giveaways, marketplace, impacts, green page, onboarding, VPN and support (issues 16, 17, 18).
  'query ecommerce.cart': 'member',
  'query ecommerce.checkout': 'member',
  'query ecommerce.listCategories': 'member',
  'query ecommerce.order': 'member',
  'query ecommerce.product': 'member',
  'query ecommerce.products': 'member',
  'query impacts.item': 'member',
  'query impacts.listCategories': 'member',
  'query impacts.page': 'member',
  'query member.green': 'member',
  'query member.onboarding': 'member',
  'query member.welcomeGift': 'member',
  'query member.brandMove': 'member',
  'query member.vpn': 'member',
  'query sweep.byId': 'member',
  'query sweep.listByBrand': 'member',
  'query sweep.receipt': 'member',
  'query sweep.upsellOffers': 'member',
  'query sweep.winnerQueue': 'member',
  'mutation ecommerce.addReview': 'member',
  'mutation ecommerce.cancelOrder': 'member',
  'mutation ecommerce.changeOrderAddress': 'member',
  'mutation ecommerce.chooseShipping': 'member',
  'mutation ecommerce.payCheckout': 'member',
  'mutation ecommerce.saveCheckoutInformation': 'member',
  'mutation ecommerce.setCartQuantity': 'member',
  'mutation member.completeOnboarding': 'member',
  'mutation member.claimWelcomeGift': 'member',
  'mutation member.acknowledgeBrandMove': 'member',
  'mutation member.contributeToImpact': 'member',
  'mutation member.setImpactTarget': 'member',
  'mutation member.submitReport': 'member',
  'mutation member.vpnProfileLink': 'member',
  'mutation sweep.addEntriesAfterPaypalSuccess': 'member',
  'mutation sweep.buyEntries': 'member',
  'mutation sweep.claimPrize': 'member',
  'mutation sweep.enterFree': 'member',
  'mutation sweep.markWinnerDisplayed': 'member',
  'mutation sweep.showUpsell': 'member',
  'mutation sweep.takeUpsell': 'member',
};

/**
 * - `public`: anyone (only "no 5xx" is checked);
 * - `caller`: a visitor or member token (401 otherwise);
 * - `member`: a signed-in member (401 otherwise);
 * - `owner`: member A's own resource by id: 2xx for A, 401/403/404 for everyone else;
 * - `capability`: a hosted page whose unguessable id is the permission (any caller of the brand may
 *   open it, as with a payment link); another brand's host answers 404;
 * - `dev-only`: the development mail viewer, 404 outside LOCAL and DEV.
 */
type RouteAccess = 'public' | 'caller' | 'member' | 'owner' | 'capability' | 'dev-only';

interface RouteRule {
  access: RouteAccess;
  /** The URL to call when the pattern has parameters or a wildcard. */
  url?: (ids: Ids) => string;
  json?: (ids: Ids) => Record<string, unknown>;
  form?: (ids: Ids) => string;
  /** Signs the caller out: run once per caller after everything else. */
  endsSession?: boolean;
}

const ROUTE_RULES: Record<string, RouteRule> = {
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  'GET /static/*': { access: 'public', url: () => '/static/brands/none/logo.svg' },
  // The brand's installable app (issue 14, item 14): the same for every caller of the hostname.
  'GET /manifest.webmanifest': { access: 'public' },
  'GET /web-app/:name': { access: 'public', url: () => '/web-app/icon-192.png' },
  'GET /media/*': { access: 'public', url: () => '/media/demo/video/fractal-tides.mp4' },
  'GET /media/covers/*': { access: 'public', url: () => '/media/covers/v1/movie/0/-/Matrix.svg' },
  'POST /membergraphapi/api/auth/token/generic': { access: 'public' },
  'GET /membergraphapi/api/auth/sign': { access: 'caller' },
  'POST /membergraphapi/api/auth/login': {
    access: 'public',
    json: () => ({ email: 'nobody@example.com', password: 'not-a-password' }),
  },
  'POST /membergraphapi/api/auth/logout': { access: 'public', json: () => ({}), endsSession: true },
  'POST /membergraphapi/api/auth/forgot-password': {
    access: 'public',
    json: () => ({ email: 'nobody@example.com' }),
  },
  'POST /membergraphapi/api/auth/forgot-email': {
    access: 'public',
    json: () => ({ first6: '555555', last4: '4444' }),
  },
  'POST /membergraphapi/api/auth/reset-password': {
    access: 'public',
    json: () => ({
      key: 'k'.repeat(43),
      newPassword: 'another-Strong-pass-2026',
      confirmPassword: 'another-Strong-pass-2026',
    }),
  },
  'POST /membergraphapi/api/auth/reset-password/check': {
    access: 'public',
    json: () => ({ key: 'k'.repeat(43) }),
  },
  'POST /membergraphapi/api/account/avatar': { access: 'member', json: () => ({}) },
  'GET /membergraphapi/api/avatars/:memberId/:file': {
    access: 'owner',
    url: (ids) => `/membergraphapi/api/avatars/${String(ids.memberA)}/${ids.avatarVersion}.jpg`,
  },
  'POST /membergraphapi/api/event': { access: 'public', json: () => ({ namespace: 'members' }) },
  'GET /membergraphapi/api/dev/outbox': { access: 'dev-only' },
  // Operator-only: refused without the METRICS_TOKEN bearer, which no member caller holds (404 when
  // metrics are off, as here); metrics.integration.test.ts checks the refusals.
  'GET /metrics': { access: 'public' },
  // A signed, expiring download link: the signature and the member's own VPN access are checked by the
  // route (vpn.integration.test.ts forges, alters and replays them); here a forged link for A.
  'GET /membergraphapi/api/vpn/profile/*': {
    access: 'public',
    url: (ids) =>
      `/membergraphapi/api/vpn/profile/9999999999/1/forged/vpn/1/${String(ids.memberA)}/1/member.ovpn`,
  },
  'GET /membergraphapi/api/dev/mail': { access: 'dev-only' },
  'GET /membergraphapi/api/boot': { access: 'public' },
  'GET /membergraphapi/graphql': { access: 'public' },
  'POST /membergraphapi/graphql': { access: 'public', json: () => ({ query: '{ __typename }' }) },
  'POST /paymentflow/stripe/webhook': { access: 'public', json: () => ({ id: 'evt_matrix' }) },
  'POST /paymentflow/stripe/customer/create': { access: 'member', json: () => ({}) },
  'POST /paymentflow/stripe/setup-intent/create': { access: 'member', json: () => ({}) },
  'POST /paymentflow/stripe/payment-method/get': {
    access: 'owner',
    json: (ids) => ({ paymentMethodId: ids.paymentMethod }),
  },
  'POST /paymentflow/sandbox/setup-intent/confirm': {
    access: 'owner',
    json: (ids) => ({
      clientSecret: ids.openSetupSecret,
      number: '4242 4242 4242 4242',
      expiry: '04/33',
      cvc: '123',
    }),
  },
  'GET /paymentflow/checkout/:id': {
    access: 'capability',
    url: (ids) => `/paymentflow/checkout/${ids.checkout}`,
  },
  'POST /paymentflow/checkout/:id': {
    access: 'capability',
    url: (ids) => `/paymentflow/checkout/${ids.checkout}`,
    // An invalid card: a stranger holding the link may try to pay, but nothing is charged here.
    form: () => 'cardnumber=1&expiry=01%2F20&cvc=1&name=x',
  },
  // The receipt of a checkout tells its outcome and amount: only the member who checked out reads it.
  'GET /paymentflow/checkout/:id/receipt': {
    access: 'owner',
    url: (ids) => `/paymentflow/checkout/${ids.checkout}/receipt`,
  },
  'GET /paymentflow/checkout/:id/complete': {
    access: 'capability',
    url: (ids) => `/paymentflow/checkout/${ids.checkout}/complete?session_id=cs_matrix`,
  },
  'POST /subscriptionflow/v1/signup': { access: 'public', json: () => ({}) },
  'POST /subscriptionflow/v1/signup_plan/funnels/get': {
    access: 'caller',
    json: (ids) => ({ plan: ids.plan }),
  },
};

interface Ids {
  brandA: number;
  memberA: number;
  movie0: number;
  movie1: number;
  tracks: [number, number, number];
  streamSlug: string;
  stream: number;
  playlist: number;
  address: number;
  subscriptionRef: string;
  paymentMethod: string;
  openSetupSecret: string;
  checkout: string;
  avatarVersion: string;
  plan: number;
}

/**
 * - `refused`: reads as anonymous (no token, an expired, forged or revoked one, another brand's);
 * - `visitor`: the generic token; `owner`: member A; `stranger`: a member who is not A.
 */
type CallerKind = 'refused' | 'visitor' | 'owner' | 'stranger';

interface MatrixCaller {
  name: string;
  kind: CallerKind;
  host: string;
  headers: Record<string, string>;
  /** Each caller its own address, so the per-address rate limits never answer for the matrix. */
  ip: string;
}

interface Sentinels {
  /** Strings only member A's rows hold: no other caller may ever see one. */
  member: string[];
  /** A's picture, only served by its REST route. */
  picture: string;
  /** A's history, collection and progress title: no other caller's member field may show it. */
  library: string;
  /** Brand A's catalog titles: a caller on brand B's host may never see one. */
  brand: string[];
}

const RESULT = 'responseResult { succeeded errorCode slug message }';

function placeholders(ids: Ids): PlaceholderLookup {
  const [track0, track1, track2] = ids.tracks;
  const byField: Record<string, Record<string, unknown>> = {
    'query content.menuItems': { brandId: ids.brandA },
    'query content.media': { id: ids.movie0, country: null },
    'query content.liveStream': { slug: ids.streamSlug },
    'query content.list': { after: null, genreId: null, first: 5 },
    'query content.playlist': { id: ids.playlist },
    'query content.progress': { id: ids.movie1 },
    'query content.bookmarks': { mediaType: 'audiobook', id: ids.movie1 },
    'mutation content.addBookmark': {
      input: { mediaType: 'audiobook', id: ids.movie0, position: 1, location: null, name: 'matrix' },
    },
    'mutation content.renameBookmark': { input: { bookmarkId: 1, name: 'matrix' } },
    'mutation content.deleteBookmark': { input: { bookmarkId: 1 } },
    'query content.search': { query: 'the', first: 3 },
    'query content.searchPage': { query: 'the', mediaType: 'movie', after: null, first: 3 },
    'query content.liveStats': { slug: ids.streamSlug },
    'mutation member.setLiveReminder': { mediaId: ids.stream, startsAt: '2099-01-01T12:00:00.000Z' },
    'mutation member.removeLiveReminder': { mediaId: ids.stream, startsAt: '2099-01-01T12:00:00.000Z' },
    'query content.slotsWithTags': { tags: ['new_releases'] },
    'query member.shippingAddress': { id: ids.address },
    'query member.creditTransactions': { before: null, limit: 5 },
    'mutation content.addPlaylistTrack': { trackId: track2 },
    'mutation content.addToCollection': { id: ids.movie0 },
    'mutation content.addToHistory': { id: ids.movie0 },
    'mutation content.removeFromCollection': { id: ids.movie1 },
    'mutation content.removeFromHistory': { id: ids.movie1 },
    'mutation content.removePlaylistTrack': { trackId: track0 },
    'mutation content.startPlayback': { id: ids.movie0 },
    'mutation content.updateMediaProgress': { id: ids.movie1, position: null, progress: 12 },
    'mutation member.addCredits': { amount: 100, description: 'matrix' },
    'mutation member.addPaymentMethod': { isDefault: true },
    'mutation member.buyCoins': { packId: 'coins-100' },
    'mutation member.cancelSubscription': { option: 'standard', forfeitMonthlyExclusiveEntries: null },
    'mutation member.deleteShippingAddress': { id: ids.address },
    'mutation member.setTags': { tags: ['matrix'] },
    'mutation member.updateShippingAddress': { id: ids.address },
    // Arguments that take a whole address (the field-name placeholders would give its street line).
    'mutation ecommerce.changeOrderAddress': { address: MATRIX_ADDRESS },
    'mutation ecommerce.saveCheckoutInformation': {
      input: { email: 'matrix-caller@example.com', address: MATRIX_ADDRESS },
    },
    'mutation sweep.claimPrize': { address: MATRIX_ADDRESS },
    'mutation member.claimWelcomeGift': { address: MATRIX_ADDRESS },
    // Not member A's card: removing theirs would leave the card routes below nothing to serve.
    'mutation member.removePaymentMethod': { paymentMethodId: 'pm_matrix_not_a_card' },
  };
  const byName: Record<string, unknown> = {
    mediaType: 'movie',
    type: 'movie',
    order: 'NEW_RELEASES',
    artist: null,
    duration: null,
    thumbnail: null,
    title: null,
    first: 5,
    limit: 5,
    playlistId: ids.playlist,
    trackIds: [track1, track0],
    name: 'matrix',
    subscriptionId: ids.subscriptionRef,
    paymentMethodId: ids.paymentMethod,
    ccLast: '4444',
    ccType: 'mastercard',
    language: 'en-us',
    timezone: 'America/New_York',
    currentPassword: 'not-the-password',
    newPassword: 'another-Strong-pass-2026',
    confirmPassword: 'another-Strong-pass-2026',
    newEmail: 'matrix-new@example.com',
    confirmEmail: 'matrix-new@example.com',
    confirm: true,
    country: 'CA',
    firstName: 'Matrix',
    lastName: 'Caller',
    address: '2 Side Street',
    apartment: null,
    city: 'Laval',
    region: 'QC',
    postcode: 'H7A 1A1',
    phone: '+1 514 555 0199',
  };
  return (key, name) => {
    const specific = byField[key];
    if (specific && name in specific) return specific[name];
    return byName[name];
  };
}

interface GraphQLBody {
  data?: Record<string, Record<string, unknown> | null> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

function parseBody(response: LightMyRequestResponse): GraphQLBody | null {
  try {
    return response.json<GraphQLBody>();
  } catch {
    return null;
  }
}

function errorCodes(body: GraphQLBody | null): string[] {
  return (body?.errors ?? []).map((error) => error.extensions?.code ?? 'NONE');
}

/** UNAUTHENTICATED, or a responseResult that did not succeed. */
function isRefusal(body: GraphQLBody | null, target: SchemaField): boolean {
  if (errorCodes(body).includes('UNAUTHENTICATED')) return true;
  const namespace = target.namespace ? body?.data?.[target.namespace] : body?.data;
  const value = namespace?.[target.name] as { responseResult?: { succeeded?: boolean } } | null | undefined;
  return value?.responseResult?.succeeded === false;
}

function excerpt(response: LightMyRequestResponse): string {
  return `${String(response.statusCode)} ${response.body.slice(0, 300)}`;
}

/** Runs the tasks at most `width` at a time: enough to finish quickly, few enough for a pool of 10. */
async function inBatches(tasks: (() => Promise<void>)[], width = 12): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

const MEMBER_TABLES = [
  'sessions',
  'playlists',
  'library_entries',
  'media_progress',
  'shipping_addresses',
  'orders',
  'payment_methods',
  'payment_customers',
  'wallets',
  'coin_ledger',
  'subscriptions',
  'payments',
  'checkouts',
  'member_avatars',
  'events',
] as const;

/** Every row member A owns (and A's objects at the payment provider), for a before/after comparison. */
async function snapshotOf(db: Db, memberId: number, sandboxIds: string[]): Promise<Record<string, string[]>> {
  const k = db.kysely;
  const rows = (list: object[]) => list.map((row) => JSON.stringify(row)).sort();
  const snapshot: Record<string, string[]> = {
    members: rows(await k.selectFrom('members').selectAll().where('id', '=', memberId).execute()),
    playlist_tracks: rows(
      await k
        .selectFrom('playlist_tracks')
        .selectAll()
        .where('playlist_id', 'in', k.selectFrom('playlists').select('id').where('member_id', '=', memberId))
        .execute(),
    ),
    order_items: rows(
      await k
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', 'in', k.selectFrom('orders').select('id').where('member_id', '=', memberId))
        .execute(),
    ),
    sandbox_objects: rows(
      await k.selectFrom('sandbox_objects').selectAll().where('id', 'in', sandboxIds).execute(),
    ),
  };
  for (const table of MEMBER_TABLES) {
    snapshot[table] = rows(await k.selectFrom(table).selectAll().where('member_id', '=', memberId).execute());
  }
  return snapshot;
}

/** The tables whose rows of A differ between two snapshots, with both versions. */
function changedTables(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  return Object.keys(before)
    .filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]))
    .map(
      (table) => `${table}: before ${JSON.stringify(before[table])}\n  after ${JSON.stringify(after[table])}`,
    );
}

/** A token with A's claims and live session that is not signed with the server's key. */
function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

const schemaFields = reachableFields(buildSchema(readFileSync(SCHEMA_FILE, 'utf8')));

describe.each(ENGINES)('authorization matrix (%s)', (engine) => {
  let t: TestApp;
  let ids: Ids;
  let sentinels: Sentinels;
  let callers: MatrixCaller[];
  let sandboxIds: string[];
  let before: Record<string, string[]>;
  let routes: PrintedRoute[];
  const owner = () => {
    const found = callers.find((caller) => caller.kind === 'owner');
    if (!found) throw new Error('no owner');
    return found;
  };

  const request = (
    caller: MatrixCaller,
    method: string,
    url: string,
    payload?: { json?: unknown; form?: string },
  ) =>
    t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      remoteAddress: caller.ip,
      headers: {
        host: caller.host,
        ...caller.headers,
        ...(payload?.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(payload?.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(payload?.json !== undefined ? { payload: JSON.stringify(payload.json) } : {}),
      ...(payload?.form !== undefined ? { payload: payload.form } : {}),
    });

  const graphqlAs = (caller: MatrixCaller, query: string, variables: Record<string, unknown> = {}) =>
    request(caller, 'POST', '/membergraphapi/graphql', { json: { query, variables } });

  beforeAll(async () => {
    t = await createTestApp(engine, { env: 'STAGING' });
    await seedPlans(t.db);
    const brandA = await buildBrand(t.db);
    const brandB = await buildBrand(t.db);
    const counts = { movie: 3, music: 1, ebook: 1, audiobook: 1, game: 1, software: 1, stream: 1 };
    await seedCatalog(
      t.db,
      [
        { id: brandA.id, mediaTypes: MEDIA_TYPES },
        { id: brandB.id, mediaTypes: MEDIA_TYPES },
      ],
      { counts, slotSize: 4 },
    );
    const suffix = randomBytes(4).toString('hex');
    const topLevel = (type: string) =>
      t.db.kysely
        .selectFrom('media_items')
        .select(['id', 'slug'])
        .where('brand_id', '=', brandA.id)
        .where('media_type', '=', type)
        .where('parent_id', 'is', null)
        .where('geo_allow', 'is', null)
        .orderBy('id')
        .execute();
    const [movie0, movie1] = await topLevel('movie');
    const [album] = await topLevel('music');
    const [stream] = await topLevel('stream');
    if (!movie0 || !movie1 || !album || !stream) throw new Error('the seed made too few titles');
    const trackRows = await t.db.kysely
      .selectFrom('media_items')
      .select('id')
      .where('parent_id', '=', album.id)
      .orderBy('position')
      .execute();
    const [track0, track1, track2] = trackRows.map((row) => row.id);
    if (track0 === undefined || track1 === undefined || track2 === undefined)
      throw new Error('the seed made an album with too few tracks');
    // Brand A's titles get names no other brand's seed can share.
    const titles = [`Matrix Alpha ${suffix}`, `Matrix Beta ${suffix}`] as const;
    await t.db.kysely
      .updateTable('media_items')
      .set({ title: titles[0] })
      .where('id', '=', movie0.id)
      .execute();
    await t.db.kysely
      .updateTable('media_items')
      .set({ title: titles[1] })
      .where('id', '=', movie1.id)
      .execute();

    const alice = await buildMember(t.db, brandA.id, {
      email: `alice-${suffix}@example.com`,
      name: `Alice Sentinel ${suffix}`,
    });
    const bob = await buildMember(t.db, brandA.id);
    const carol = await buildMember(t.db, brandB.id);
    const signIn = async (host: string, member: { email: string; password: string }) => {
      const { response, cookie } = await login(t.app, host, member.email, member.password);
      if (!cookie) throw new Error(`sign-in failed: ${response.body}`);
      return { cookie, claims: response.json<{ member: Record<string, unknown> }>().member };
    };
    const aliceSession = await signIn(brandA.hostname, alice);
    const aliceLoggedOut = await signIn(brandA.hostname, alice);
    const bobSession = await signIn(brandA.hostname, bob);
    const carolSession = await signIn(brandB.hostname, carol);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/api/auth/logout',
      headers: { host: brandA.hostname, cookie: aliceLoggedOut.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(logout.statusCode).toBe(204);
    const visitor = await genericToken(t.app, brandA.hostname);

    // Tokens with A's claims and A's live session: expired, signed with another key, and unsigned.
    // The cookie's name depends on the environment (decision 012); forged tokens ride the same name.
    const [cookieName = MEMBER_COOKIE, ...cookieValue] = aliceSession.cookie.split('=');
    const aliceToken = decodeURIComponent(cookieValue.join('='));
    const tokenPayload = JSON.parse(
      Buffer.from(aliceToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const sessionId = String(tokenPayload.sid);
    const { exp: _exp, ...claims } = aliceSession.claims;
    const claimsForSigning = claims as unknown as Parameters<typeof signMemberToken>[1];
    const expired = await signMemberToken(
      t.config.jwtSecret,
      claimsForSigning,
      sessionId,
      new Date(Date.now() - 60_000),
    );
    const forged = await signMemberToken(
      new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'),
      claimsForSigning,
      sessionId,
      new Date(Date.now() + 3_600_000),
    );
    const unsigned = unsignedToken({ ...tokenPayload, exp: Math.floor(Date.now() / 1000) + 3600 });
    const asCookieAndBearer = (token: string) => ({
      cookie: `${cookieName}=${token}`,
      authorization: `Bearer ${token}`,
    });

    const A = brandA.hostname;
    const list: [string, CallerKind, string, Record<string, string>][] = [
      ['anonymous', 'refused', A, {}],
      ['visitor', 'visitor', A, { authorization: `Bearer ${visitor}` }],
      ['member', 'owner', A, { cookie: aliceSession.cookie }],
      ['other member', 'stranger', A, { cookie: bobSession.cookie }],
      ['other brand', 'refused', A, { cookie: carolSession.cookie }],
      ['other brand, own host', 'stranger', brandB.hostname, { cookie: carolSession.cookie }],
      ['expired', 'refused', A, asCookieAndBearer(expired.token)],
      ['forged (other secret)', 'refused', A, asCookieAndBearer(forged.token)],
      ['forged (alg none)', 'refused', A, asCookieAndBearer(unsigned)],
      ['logged out', 'refused', A, { cookie: aliceLoggedOut.cookie }],
    ];
    callers = list.map(([name, kind, host, headers], index) => ({
      name,
      kind,
      host,
      headers,
      ip: `10.12.0.${String(index + 1)}`,
    }));
    const asAlice = owner();

    // A's rows, made through the API where there is one.
    const callAsAlice = async (query: string, variables: Record<string, unknown> = {}) => {
      const response = await graphqlAs(asAlice, query, variables);
      const body = parseBody(response);
      if (response.statusCode !== 200 || body?.errors) throw new Error(`setup: ${excerpt(response)}`);
      return body?.data ?? {};
    };
    const playlistName = `Alice playlist ${suffix}`;
    const created = await callAsAlice(
      `mutation($name: String!) { content { createPlaylist(input: { name: $name }) { ${RESULT} playlist { id } } } }`,
      { name: playlistName },
    );
    const playlistId = (created.content?.createPlaylist as { playlist: { id: number } }).playlist.id;
    for (const trackId of [track0, track1]) {
      await callAsAlice(
        `mutation($p: Int!, $t: Int!) { content { addPlaylistTrack(input: { playlistId: $p, trackId: $t }) { ${RESULT} } } }`,
        { p: playlistId, t: trackId },
      );
    }
    for (const list of ['addToHistory', 'addToCollection']) {
      await callAsAlice(`mutation($id: Int!) { content { ${list}(type: "movie", id: $id) { ${RESULT} } } }`, {
        id: movie1.id,
      });
    }
    await callAsAlice(
      `mutation($id: Int!) { content { updateMediaProgress(mediaType: "movie", id: $id, progress: 30) { ${RESULT} } } }`,
      { id: movie1.id },
    );
    const addressName = `Alicestreet${suffix}`;
    const address = await callAsAlice(
      `mutation($input: ShippingAddressInput!) { member { addShippingAddress(input: $input) { ${RESULT} address { id } } } }`,
      {
        input: {
          country: 'CA',
          firstName: 'Alice',
          lastName: 'Owner',
          address: `1 ${addressName}`,
          apartment: '',
          city: 'Montréal',
          region: 'QC',
          postcode: 'H2X 1Y4',
          phone: '+1 514 555 0100',
        },
      },
    );
    const addressId = (address.member?.addShippingAddress as { address: { id: number } }).address.id;

    // A card confirmed at the sandbox and saved, and a second setup intent left open.
    const post = async (caller: MatrixCaller, url: string, json: Record<string, unknown>) => {
      const response = await request(caller, 'POST', url, { json });
      if (response.statusCode !== 200) throw new Error(`setup ${url}: ${excerpt(response)}`);
      return response.json<Record<string, string>>();
    };
    const customer = await post(asAlice, '/paymentflow/stripe/customer/create', {});
    const intent = await post(asAlice, '/paymentflow/stripe/setup-intent/create', {});
    const confirmed = await post(asAlice, '/paymentflow/sandbox/setup-intent/confirm', {
      clientSecret: intent.clientSecret,
      number: '5555 5555 5555 4444',
      expiry: '04/33',
      cvc: '123',
    });
    const paymentMethod = confirmed.paymentMethodId ?? '';
    await callAsAlice(
      `mutation($id: String!) { member { addPaymentMethod(paymentMethodId: $id, ccLast: "4444", ccType: "mastercard", isDefault: true) { ${RESULT} } } }`,
      { id: paymentMethod },
    );
    const openIntent = await post(asAlice, '/paymentflow/stripe/setup-intent/create', {});
    const bobCaller = callers.find((caller) => caller.name === 'other member');
    if (bobCaller) await post(bobCaller, '/paymentflow/stripe/customer/create', {});
    const checkout = await callAsAlice(
      `mutation { member { buyCoins(packId: "coins-100") { ${RESULT} url } } }`,
    );
    const checkoutUrl = (checkout.member?.buyCoins as { url: string }).url;
    const checkoutId = /\/checkout\/([\w-]+)/.exec(checkoutUrl)?.[1] ?? '';

    // Rows without an API of their own: an order, coins, a charge, a subscription, a picture.
    const orderReference = `ORDER-${suffix}`;
    const { id: orderId } = await t.db.kysely
      .insertInto('orders')
      .values({
        brand_id: brandA.id,
        member_id: alice.id,
        reference: orderReference,
        status: 'paid',
        currency: 'USD',
        subtotal: 2000,
        delivery_fee: 500,
        total: 2500,
        free_gift: null,
        shipping_info: JSON.stringify({ city: 'Boston', method: 'standard' }),
        created_at: isoNow(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('order_items')
      .values({
        order_id: orderId,
        product_id: 'p1',
        name: 'Mug',
        quantity: 1,
        unit_price: 2000,
        image: null,
      })
      .execute();
    const coinsDescription = `Coins of Alice ${suffix}`;
    await createWalletRepository(t.db.kysely).applyEntry({
      brandId: brandA.id,
      memberId: alice.id,
      amount: 50,
      description: coinsDescription,
      source: 'support_grant',
      reference: { kind: 'payment', id: `matrix-${suffix}` },
      idempotencyKey: `matrix-${suffix}`,
    });
    const chargeDescription = `Charge of Alice ${suffix}`;
    await t.db.kysely
      .insertInto('payments')
      .values({
        id: `pay_matrix_${suffix}`,
        brand_id: brandA.id,
        member_id: alice.id,
        provider: 'sandbox',
        provider_payment_id: `pi_matrix_${suffix}`,
        checkout_id: null,
        subscription_id: null,
        purpose: 'coins',
        status: 'succeeded',
        amount_minor: 199,
        currency: 'USD',
        description: chargeDescription,
        metadata: '{}',
        failure_code: null,
        idempotency_key: `matrix-charge-${suffix}`,
        created_at: isoNow(),
      })
      .execute();
    const planName = `Alice plan ${suffix}`;
    const subscription = await buildSubscription(t.db, brandA.id, alice.id, { planName });
    const avatarVersion = `matrix${suffix}`;
    await t.db.kysely
      .insertInto('member_avatars')
      .values({
        member_id: alice.id,
        brand_id: brandA.id,
        version: avatarVersion,
        content_type: 'image/jpeg',
        data: Buffer.from(`picture of alice ${suffix}`).toString('base64'),
        updated_at: isoNow(),
      })
      .execute();
    // The reference number is made on the first read of member.info.
    const info = await callAsAlice('query { member { info { referenceNumber } } }');
    const referenceNumber = (info.member?.info as { referenceNumber: string }).referenceNumber;
    const plan = await t.db.kysely
      .selectFrom('plans')
      .select('id')
      .orderBy('sort_order')
      .executeTakeFirstOrThrow();

    ids = {
      brandA: brandA.id,
      memberA: alice.id,
      movie0: movie0.id,
      movie1: movie1.id,
      tracks: [track0, track1, track2],
      streamSlug: stream.slug,
      stream: stream.id,
      playlist: playlistId,
      address: addressId,
      subscriptionRef: subscription.refId,
      paymentMethod,
      openSetupSecret: openIntent.clientSecret ?? '',
      checkout: checkoutId,
      avatarVersion,
      plan: plan.id,
    };
    sentinels = {
      member: [
        alice.email,
        `Alice Sentinel ${suffix}`,
        playlistName,
        addressName,
        orderReference,
        coinsDescription,
        chargeDescription,
        planName,
        paymentMethod,
        referenceNumber,
      ],
      picture: `picture of alice ${suffix}`,
      library: titles[1],
      brand: [...titles],
    };
    sandboxIds = [
      customer.customerId ?? '',
      intent.setupIntentId ?? '',
      openIntent.setupIntentId ?? '',
      paymentMethod,
    ];
    before = await snapshotOf(t.db, alice.id, sandboxIds);
    routes = parsePrintedRoutes(t.app.printRoutes());
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  /** Sentinels of A found in an answer to `caller`, leaving out what the caller itself sent. */
  const leaks = (caller: MatrixCaller, sent: string, answer: string, memberField: boolean): string[] => {
    if (caller.kind === 'owner') return [];
    const candidates = [
      ...sentinels.member,
      sentinels.picture,
      ...(memberField ? [sentinels.library] : []),
      ...(caller.host !== callers[0]?.host ? sentinels.brand : []),
    ];
    return candidates.filter((sentinel) => !sent.includes(sentinel) && answer.includes(sentinel));
  };

  const routeKey = (route: PrintedRoute) => `${route.method} ${route.url}`;

  it('has a rule for every field of the printed schema and every route, and none for what is gone', () => {
    const fieldKeys = schemaFields.map((field) => field.key);
    expect(fieldKeys.length).toBeGreaterThan(50);
    expect(fieldKeys.filter((key) => !(key in FIELD_RULES))).toEqual([]);
    expect(Object.keys(FIELD_RULES).filter((key) => !fieldKeys.includes(key))).toEqual([]);
    const routeKeys = routes.map(routeKey);
    expect(routeKeys.length).toBeGreaterThan(25);
    expect(routeKeys.filter((key) => !(key in ROUTE_RULES))).toEqual([]);
    expect(Object.keys(ROUTE_RULES).filter((key) => !routeKeys.includes(key))).toEqual([]);
  });

  /** Calls one field as one caller and lists what went wrong. */
  const callField = async (
    target: SchemaField,
    caller: MatrixCaller,
    failures: string[],
    answers?: string[],
  ) => {
    const access = FIELD_RULES[target.key] ?? 'member';
    const document = documentFor(target, placeholders(ids));
    const response = await graphqlAs(caller, document.query, document.variables);
    const body = parseBody(response);
    const where = `${caller.name} × ${target.key}`;
    if (response.statusCode >= 500 || errorCodes(body).includes('INTERNAL') || !body) {
      failures.push(`${where}: server error ${excerpt(response)}`);
      return;
    }
    const mustRefuse = caller.kind === 'refused' || (caller.kind === 'visitor' && access === 'member');
    if (mustRefuse && !isRefusal(body, target)) failures.push(`${where}: not refused: ${excerpt(response)}`);
    if (!mustRefuse && errorCodes(body).includes('UNAUTHENTICATED'))
      failures.push(`${where}: refused a caller it should serve: ${excerpt(response)}`);
    const found = leaks(caller, JSON.stringify(document), response.body, access === 'member');
    if (found.length > 0)
      failures.push(`${where}: answered member A's ${found.join(', ')}: ${excerpt(response)}`);
    answers?.push(response.body);
  };

  it('answers every query field to every caller without a 5xx, a wrong grant or a leak of A', async () => {
    const failures: string[] = [];
    const ownerAnswers: string[] = [];
    const queries = schemaFields.filter((field) => field.operation === 'query');
    await inBatches(
      queries.flatMap((target) =>
        callers.map(
          (caller) => () =>
            callField(
              target,
              caller,
              failures,
              caller.kind === 'owner' && FIELD_RULES[target.key] === 'member' ? ownerAnswers : undefined,
            ),
        ),
      ),
    );
    expect(failures).toEqual([]);
    // A's own reads show every sentinel: the ids are right and a leak would have been seen.
    const seen = ownerAnswers.join('\n');
    const unseen = [...sentinels.member, sentinels.library].filter((sentinel) => !seen.includes(sentinel));
    expect(unseen).toEqual([]);
  }, 60_000);

  it('lets no other caller change a row of A through any mutation', async () => {
    const failures: string[] = [];
    const mutations = schemaFields.filter((field) => field.operation === 'mutation');
    await inBatches(
      mutations.flatMap((target) =>
        callers
          .filter((caller) => caller.kind !== 'owner')
          .map((caller) => () => callField(target, caller, failures)),
      ),
    );
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshotOf(t.db, ids.memberA, sandboxIds))).toEqual([]);
  }, 60_000);

  /** Calls one route as one caller and lists what went wrong. */
  const callRoute = async (route: PrintedRoute, caller: MatrixCaller, failures: string[]) => {
    const rule = ROUTE_RULES[routeKey(route)];
    if (!rule) return;
    const url = rule.url?.(ids) ?? route.url;
    const payload = rule.json
      ? { json: rule.json(ids) }
      : rule.form
        ? { form: rule.form(ids) }
        : route.method === 'POST'
          ? { json: {} }
          : undefined;
    const response = await request(caller, route.method, url, payload);
    const status = response.statusCode;
    const where = `${caller.name} × ${routeKey(route)}`;
    if (status >= 500) {
      failures.push(`${where}: server error ${excerpt(response)}`);
      return;
    }
    const denied = [401, 403, 404].includes(status);
    switch (rule.access) {
      case 'caller':
        if (caller.kind === 'refused' && status !== 401)
          failures.push(`${where}: not 401: ${excerpt(response)}`);
        if (caller.kind !== 'refused' && status === 401)
          failures.push(`${where}: refused: ${excerpt(response)}`);
        break;
      case 'member':
        if ((caller.kind === 'refused' || caller.kind === 'visitor') && status !== 401)
          failures.push(`${where}: not 401: ${excerpt(response)}`);
        if ((caller.kind === 'owner' || caller.kind === 'stranger') && status === 401)
          failures.push(`${where}: refused: ${excerpt(response)}`);
        break;
      case 'owner':
        if (caller.kind === 'owner' && (status < 200 || status > 299))
          failures.push(`${where}: not served: ${excerpt(response)}`);
        if (caller.kind !== 'owner' && !denied)
          failures.push(`${where}: not 401/403/404: ${excerpt(response)}`);
        break;
      case 'capability':
        if (caller.host !== callers[0]?.host && status !== 404)
          failures.push(`${where}: not 404 on another brand: ${excerpt(response)}`);
        break;
      case 'dev-only': {
        const open = t.config.env === 'LOCAL' || t.config.env === 'DEV';
        if (!open && status !== 404)
          failures.push(`${where}: not 404 outside development: ${excerpt(response)}`);
        break;
      }
      case 'public':
        break;
    }
    const found = leaks(caller, JSON.stringify(payload ?? {}) + url, response.body, rule.access !== 'public');
    if (found.length > 0)
      failures.push(`${where}: answered member A's ${found.join(', ')}: ${excerpt(response)}`);
  };

  it('answers every route to every other caller as its rule says, and changes no row of A', async () => {
    const failures: string[] = [];
    await inBatches(
      routes
        .filter((route) => !ROUTE_RULES[routeKey(route)]?.endsSession)
        .flatMap((route) =>
          callers
            .filter((caller) => caller.kind !== 'owner')
            .map((caller) => () => callRoute(route, caller, failures)),
        ),
    );
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshotOf(t.db, ids.memberA, sandboxIds))).toEqual([]);
  }, 60_000);

  it('serves member A every mutation and route of its own without a 5xx, then signs every caller out', async () => {
    const failures: string[] = [];
    const asAlice = owner();
    // One after another: A's own calls race each other otherwise (a playlist deleted while a track is
    // added), which is not what this matrix is about.
    for (const target of schemaFields.filter((field) => field.operation === 'mutation'))
      await callField(target, asAlice, failures);
    for (const route of routes.filter((candidate) => !ROUTE_RULES[routeKey(candidate)]?.endsSession))
      await callRoute(route, asAlice, failures);
    for (const route of routes.filter((candidate) => ROUTE_RULES[routeKey(candidate)]?.endsSession)) {
      for (const caller of callers) await callRoute(route, caller, failures);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
