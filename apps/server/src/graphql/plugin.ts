import type { FastifyInstance } from 'fastify';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationRule } from 'graphql';
import mercurius, { type IResolvers } from 'mercurius';

import type { AppConfig } from '../config';
import { AppError, ERROR_CODES, type ErrorCode } from '../errors';
import type { Services } from '../services';
import type { GraphQLContext } from './context';
import { MAX_QUERY_DEPTH, costLimitRule } from './limits';
import { resolvers, typeDefs } from './schema';

export const GRAPHQL_PATH = '/graphql';

interface FormattedError {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions: { code: string; slug?: string; transactionId?: string };
}

/** Maps each error once: domain errors keep their code and message, anything unexpected is masked. */
export function formatGraphQLError(
  error: GraphQLError,
  context: GraphQLContext,
  isProduction: boolean,
): FormattedError {
  const original = error.originalError;
  const base = {
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
  };
  if (original instanceof AppError) {
    return { ...base, message: original.message, extensions: { code: original.code, slug: original.slug } };
  }
  if (!original || original instanceof GraphQLError) {
    // Syntax and validation errors: the client's fault. Production drops "Did you mean" hints.
    const message = isProduction ? error.message.replace(/ Did you mean .*$/, '') : error.message;
    const code =
      typeof error.extensions.code === 'string' ? error.extensions.code : 'GRAPHQL_VALIDATION_FAILED';
    return { ...base, message, extensions: { code } };
  }
  context.reply.request.log.error({ err: original }, 'GraphQL resolver failed');
  return {
    ...base,
    message: 'Internal server error',
    extensions: { code: 'INTERNAL', transactionId: context.reply.request.id },
  };
}

/** Partial data is a 200; with no data, the first error's status (a validation error is a 400). */
function graphQLStatus(data: unknown, errors: readonly FormattedError[]): number {
  if (data) return 200;
  const code = errors[0]?.extensions.code ?? 'INTERNAL';
  return code in ERROR_CODES ? ERROR_CODES[code as ErrorCode] : 400;
}

export async function registerGraphQL(app: FastifyInstance, services: Services, config: AppConfig) {
  const rules: ValidationRule[] = [costLimitRule()];
  if (config.isProduction) rules.push(NoSchemaIntrospectionCustomRule);

  // GraphQL is POST with a JSON body only: no GET queries, so no cross-site request can ride on the cookie.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?')[0] === GRAPHQL_PATH && request.method !== 'POST') {
      return reply
        .code(405)
        .header('allow', 'POST')
        .send({ error: { code: 'method_not_allowed', message: 'Use POST' } });
    }
  });

  await app.register(mercurius, {
    schema: typeDefs,
    resolvers: resolvers as IResolvers,
    path: GRAPHQL_PATH,
    graphiql: false,
    ide: false,
    jit: 1,
    queryDepth: MAX_QUERY_DEPTH,
    validationRules: rules,
    allowBatchedQueries: false,
    csrfPrevention: true,
    additionalRouteOptions: { bodyLimit: 64 * 1024 },
    context: (request, reply): GraphQLContext => ({ request, reply, ctx: request.ctx, services, config }),
    errorFormatter: (execution, context) => {
      const graphQLContext = context as unknown as GraphQLContext;
      const errors = execution.errors.map((error) =>
        formatGraphQLError(error, graphQLContext, config.isProduction),
      );
      return {
        statusCode: graphQLStatus(execution.data, errors),
        response: { data: execution.data ?? null, errors },
      };
    },
  });
}
