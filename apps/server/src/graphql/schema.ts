import { catalogTypeDefs } from '../modules/catalog/catalog.graphql';
import { contentResolvers } from '../modules/content/content.resolvers';
import { contentTypeDefs } from '../modules/content/content.graphql';
import { membersResolvers } from '../modules/members/members.resolvers';
import { membersTypeDefs } from '../modules/members/members.graphql';
import { plansResolvers } from '../modules/plans/plans.resolvers';
import { plansTypeDefs } from '../modules/plans/plans.graphql';
import { commonTypeDefs } from './common.graphql';

/** The whole schema: the spec's namespaces, one module each (printed to apps/server/schema.graphql). */
export const typeDefs = [
  commonTypeDefs,
  contentTypeDefs,
  catalogTypeDefs,
  membersTypeDefs,
  plansTypeDefs,
].join('\n');

type ResolverMap = Record<string, Record<string, unknown>>;

function mergeResolvers(...maps: ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) merged[type] = { ...merged[type], ...fields };
  }
  return merged;
}

export const resolvers = mergeResolvers(contentResolvers, membersResolvers, plansResolvers);
