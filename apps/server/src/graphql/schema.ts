import { bookmarksResolvers } from '../modules/bookmarks/bookmarks.resolvers';
import { bookmarksTypeDefs } from '../modules/bookmarks/bookmarks.graphql';
import { catalogTypeDefs } from '../modules/catalog/catalog.graphql';
import { catalogQueryTypeDefs } from '../modules/catalog/catalog.query.graphql';
import { catalogResolvers } from '../modules/catalog/catalog.resolvers';
import { libraryResolvers } from '../modules/library/library.resolvers';
import { libraryTypeDefs } from '../modules/library/library.graphql';
import { mediaResolvers } from '../modules/media/media.resolvers';
import { mediaTypeDefs } from '../modules/media/media.graphql';
import { membersResolvers } from '../modules/members/members.resolvers';
import { membersTypeDefs } from '../modules/members/members.graphql';
import { menuResolvers } from '../modules/menu/menu.resolvers';
import { menuTypeDefs } from '../modules/menu/menu.graphql';
import { plansResolvers } from '../modules/plans/plans.resolvers';
import { plansTypeDefs } from '../modules/plans/plans.graphql';
import { accountResolvers } from '../modules/account/account.resolvers';
import { accountTypeDefs } from '../modules/account/account.graphql';
import { ordersResolvers } from '../modules/orders/orders.resolvers';
import { ordersTypeDefs } from '../modules/orders/orders.graphql';
import { marketplaceResolvers } from '../modules/marketplace/marketplace.resolvers';
import { marketplaceTypeDefs } from '../modules/marketplace/marketplace.graphql';
import { walletResolvers } from '../modules/wallet/wallet.resolvers';
import { walletTypeDefs } from '../modules/wallet/wallet.graphql';
import { paymentsResolvers } from '../modules/payments/payments.resolvers';
import { paymentsTypeDefs } from '../modules/payments/payments.graphql';
import { subscriptionsResolvers } from '../modules/subscriptions/subscriptions.resolvers';
import { subscriptionsTypeDefs } from '../modules/subscriptions/subscriptions.graphql';
import { sweepsResolvers } from '../modules/sweeps/sweeps.resolvers';
import { sweepsTypeDefs } from '../modules/sweeps/sweeps.graphql';
import { vpnResolvers } from '../modules/vpn/vpn.resolvers';
import { vpnTypeDefs } from '../modules/vpn/vpn.graphql';
import { supportResolvers } from '../modules/support/support.resolvers';
import { supportTypeDefs } from '../modules/support/support.graphql';
import { impactsResolvers } from '../modules/impacts/impacts.resolvers';
import { impactsTypeDefs } from '../modules/impacts/impacts.graphql';
import { onboardingResolvers } from '../modules/onboarding/onboarding.resolvers';
import { onboardingTypeDefs } from '../modules/onboarding/onboarding.graphql';
import { homeResolvers } from '../modules/home/home.resolvers';
import { homeTypeDefs } from '../modules/home/home.graphql';
import { noticesResolvers } from '../modules/notices/notices.resolvers';
import { noticesTypeDefs } from '../modules/notices/notices.graphql';
import { liveResolvers } from '../modules/live/live.resolvers';
import { liveTypeDefs } from '../modules/live/live.graphql';
import { commonTypeDefs } from './common.graphql';

/** The whole schema: the spec's namespaces, one module each (printed to apps/server/schema.graphql). */
export const typeDefs = [
  commonTypeDefs,
  menuTypeDefs,
  catalogTypeDefs,
  catalogQueryTypeDefs,
  libraryTypeDefs,
  homeTypeDefs,
  bookmarksTypeDefs,
  mediaTypeDefs,
  membersTypeDefs,
  plansTypeDefs,
  walletTypeDefs,
  accountTypeDefs,
  ordersTypeDefs,
  marketplaceTypeDefs,
  paymentsTypeDefs,
  subscriptionsTypeDefs,
  sweepsTypeDefs,
  vpnTypeDefs,
  supportTypeDefs,
  impactsTypeDefs,
  onboardingTypeDefs,
  noticesTypeDefs,
  liveTypeDefs,
].join('\n');

type ResolverMap = Record<string, Record<string, unknown>>;

function mergeResolvers(...maps: ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) merged[type] = { ...merged[type], ...fields };
  }
  return merged;
}

export const resolvers = mergeResolvers(
  menuResolvers,
  catalogResolvers,
  libraryResolvers,
  homeResolvers,
  bookmarksResolvers,
  mediaResolvers,
  membersResolvers,
  plansResolvers,
  walletResolvers,
  accountResolvers,
  ordersResolvers,
  marketplaceResolvers,
  paymentsResolvers,
  subscriptionsResolvers,
  sweepsResolvers,
  vpnResolvers,
  supportResolvers,
  impactsResolvers,
  onboardingResolvers,
  noticesResolvers,
  liveResolvers,
);
