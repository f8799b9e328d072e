import type { FastifyInstance } from 'fastify';
import type { GraphQLError } from 'graphql';
import { NoSchemaIntrospectionCustomRule, type ValidationRule } from 'graphql';
import mercurius, { type IResolvers } from 'mercurius';

import type { AppConfig } from '../config';
import { AppError } from '../errors';
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

/** Mercurius wraps validation, depth and request errors in one error with `statusCode` and `errors`. */
interface MercuriusWrapper {
  statusCode?: unknown;
  errors?: unknown;
}

function asWrapper(error: Error | undefined): MercuriusWrapper {
  return typeof error === 'object' ? (error as MercuriusWrapper) : {};
}

interface Flattened {
  error: Error;
  /** The 4xx status mercurius attached to a request-level error (syntax, validation, depth). */
  clientStatus: number | null;
}

function flatten(errors: readonly GraphQLError[]): Flattened[] {
  return errors.flatMap((error): Flattened[] => {
    const { statusCode, errors: inner } = asWrapper(error.originalError);
    const status = typeof statusCode === 'number' && statusCode < 500 ? statusCode : null;
    if (Array.isArray(inner)) {
      return inner.map((item: unknown) => ({
        error: item instanceof Error ? item : new Error(String(item)),
        clientStatus: status ?? 400,
      }));
    }
    return [{ error, clientStatus: status }];
  });
}

/** Maps each error once: domain errors keep their code and message, anything unexpected is masked. */
export function formatGraphQLError(
  { error, clientStatus }: Flattened,
  context: GraphQLContext,
  isProduction: boolean,
): { formatted: FormattedError; status: number } {
  // Errors can come from graphql-jit's or mercurius's copy of graphql, so read them by shape.
  const shaped = error as Partial<Pick<GraphQLError, 'originalError' | 'locations' | 'path' | 'extensions'>>;
  const original = shaped.originalError ?? undefined;
  const located = {
    ...(shaped.locations ? { locations: shaped.locations } : {}),
    ...(shaped.path ? { path: shaped.path } : {}),
  };
  if (original instanceof AppError) {
    return {
      formatted: {
        ...located,
        message: original.message,
        extensions: { code: original.code, slug: original.slug },
      },
      status: original.status,
    };
  }
  if (clientStatus !== null || !original) {
    // Syntax, validation, depth and cost errors: the client's fault. Production drops "Did you mean" hints.
    const message = isProduction ? error.message.replace(/ Did you mean .*$/, '') : error.message;
    const extensionCode = shaped.extensions?.code;
    const code = typeof extensionCode === 'string' ? extensionCode : 'GRAPHQL_VALIDATION_FAILED';
    return { formatted: { ...located, message, extensions: { code } }, status: clientStatus ?? 400 };
  }
  context.reply.request.log.error({ err: original }, 'GraphQL resolver failed');
  return {
    formatted: {
      ...located,
      message: 'Internal server error',
      extensions: { code: 'INTERNAL', transactionId: context.reply.request.id },
    },
    status: 500,
  };
}

export async function registerGraphQL(app: FastifyInstance, services: Services, config: AppConfig) {
  const rules: ValidationRule[] = [costLimitRule()];
  if (config.isProduction) rules.push(NoSchemaIntrospectionCustomRule);

  // GraphQL is POST with a JSON body only: no GET queries, so no cross-site request can ride on the cookie.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url?.endsWith(GRAPHQL_PATH) && request.method !== 'POST') {
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
      const results = flatten(execution.errors).map((e) =>
        formatGraphQLError(e, graphQLContext, config.isProduction),
      );
      // Partial data is a 200; with no data, the first error's status.
      const statusCode = execution.data ? 200 : (results[0]?.status ?? 500);
      return {
        statusCode,
        response: { data: execution.data ?? null, errors: results.map((r) => r.formatted) },
      };
    },
  });
}
