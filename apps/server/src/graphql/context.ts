import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppConfig } from '../config';
import type { MemberAuth, RequestContext } from '../context';
import { unauthenticated } from '../errors';
import type { Services } from '../services';

export interface GraphQLContext {
  request: FastifyRequest;
  reply: FastifyReply;
  ctx: RequestContext;
  services: Services;
  config: AppConfig;
}

/** Every GraphQL call needs at least the generic visitor token of spec section 7. */
export function requireCaller(context: GraphQLContext): RequestContext {
  if (context.ctx.auth.kind === 'anonymous') throw unauthenticated('A visitor or member token is required');
  return context.ctx;
}

export function requireMember(context: GraphQLContext): MemberAuth {
  const { auth } = context.ctx;
  if (auth.kind !== 'member') throw unauthenticated('Please sign in');
  return auth;
}
