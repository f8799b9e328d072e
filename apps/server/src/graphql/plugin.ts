import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type HookHandlerDoneFunction,
  errorCodes,
} from 'fastify';
import type { GraphQLError } from 'graphql';
import { NoSchemaIntrospectionCustomRule, type ValidationRule } from 'graphql';
import mercurius, { type IResolvers } from 'mercurius';

import type { AppConfig } from '../config';
import { isDatabaseUnavailable } from '../db/database';
import { AppError, databaseUnavailable } from '../errors';
import type { Services } from '../services';
import type { GraphQLContext } from './context';
import { MAX_DOCUMENT_TOKENS, MAX_VALIDATION_ERRORS, documentLimitError } from './limits';
import { resolvers, typeDefs } from './schema';

const GRAPHQL_PATH = '/graphql';
const JSON_CONTENT_TYPE = /^application\/json\s*(?:;|$)/i;

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

/** Fastify's refusals of a request body, by its error code. */
const BODY_ERROR_CODES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
};

/** A stable code for a request-level error that carries none: a refused body, a syntax error, the rest. */
function requestErrorCode(error: Error, original: Error | undefined): string {
  const fastifyCode = (original as { code?: unknown } | undefined)?.code;
  if (typeof fastifyCode === 'string' && fastifyCode in BODY_ERROR_CODES) {
    return BODY_ERROR_CODES[fastifyCode] ?? 'BAD_REQUEST';
  }
  // graphql's parser gives its errors no code; its token limit is one of them.
  if (error.message.startsWith('Syntax Error: Document contains more')) return 'QUERY_TOO_LARGE';
  if (error.message.startsWith('Syntax Error:')) return 'GRAPHQL_PARSE_FAILED';
  return 'GRAPHQL_VALIDATION_FAILED';
}

/** Maps each error once: domain errors keep their code and message, anything unexpected is masked. */
function formatGraphQLError(
  { error, clientStatus }: Flattened,
  context: GraphQLContext,
  isProduction: boolean,
): { formatted: FormattedError; status: number } {
  // Errors can come from graphql-jit's or mercurius's copy of graphql, so read them by shape.
  const shaped = error as Partial<Pick<GraphQLError, 'originalError' | 'locations' | 'path' | 'extensions'>>;
  const cause = shaped.originalError ?? undefined;
  const located = {
    ...(shaped.locations ? { locations: shaped.locations } : {}),
    ...(shaped.path ? { path: shaped.path } : {}),
  };
  // The database being away clears by itself: a 503 the client may retry (decision 020).
  const unavailable = !(cause instanceof AppError) && isDatabaseUnavailable(cause);
  if (unavailable) context.reply.request.log.warn({ err: cause }, 'database unavailable');
  const original = unavailable ? databaseUnavailable() : cause;
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
    if (error instanceof RangeError) {
      // The parser recursed out of stack on nesting that its token limit allows.
      const message = 'Query is too deeply nested.';
      return { formatted: { message, extensions: { code: 'QUERY_TOO_DEEP' } }, status: 400 };
    }
    const message = isProduction ? error.message.replace(/ Did you mean .*$/, '') : error.message;
    const extensionCode = shaped.extensions?.code;
    const code = typeof extensionCode === 'string' ? extensionCode : requestErrorCode(error, original);
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

/** A route option that takes one hook or a list of them, as a list. */
function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

export async function registerGraphQL(app: FastifyInstance, services: Services, config: AppConfig) {
  const rules: ValidationRule[] = [];
  if (config.isProduction) rules.push(NoSchemaIntrospectionCustomRule);

  // GraphQL is POST with a JSON body only: no GET queries, so no cross-site request can ride on the cookie.
  const refuseNonJsonPost = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.method !== 'POST') {
      void reply
        .code(405)
        .header('allow', 'POST')
        .send({ error: { code: 'method_not_allowed', message: 'Use POST' } });
      return;
    }
    // Mercurius also reads application/graphql bodies (and such a body that was not GraphQL answered
    // 500); anything but JSON is refused before its body is read, answered as GraphQL errors.
    const contentType = request.headers['content-type'] ?? '';
    if (!JSON_CONTENT_TYPE.test(contentType)) {
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(contentType.slice(0, 100) || 'none'));
      return;
    }
    done();
  };

  // The GraphQL-over-HTTP spec lets a client send `"extensions": null` for "none"; mercurius's body
  // schema only takes an object, so a null is dropped before the body is validated.
  const dropNullExtensions = (
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ) => {
    const body: unknown = request.body;
    if (typeof body === 'object' && body !== null && 'extensions' in body && body.extensions === null) {
      delete body.extensions;
    }
    done();
  };

  // Both hooks belong to the GraphQL route only (mercurius's GET and POST of GRAPHQL_PATH): added to
  // those routes as they are made, not to the whole scope, so the other API routes do not run them
  // (decision 039).
  //
  // `refuseNonJsonPost` is the route's cross-site request check: a page of another site cannot send a
  // JSON POST without the browser asking first (CORS preflight), and it refuses everything else. So
  // mercurius's own CSRF check is off, and its route hook, an async function that only ran that check,
  // is replaced rather than kept beside it (each async hook costs every request a promise and a tick).
  //
  // The answer is serialized as every other API route's is, with JSON.stringify: mercurius's response
  // schema compiled a serializer that cost more than that on every answer (the menu's: 5 % of the
  // route's CPU) and wrote an error's `path` indexes as strings, where the GraphQL spec says numbers.
  app.addHook('onRoute', (route) => {
    if (!route.url.endsWith(GRAPHQL_PATH)) return;
    route.onRequest = [refuseNonJsonPost];
    route.preValidation = [dropNullExtensions, ...hookList(route.preValidation)];
    if (route.schema) route.schema = { ...route.schema, response: undefined };
  });

  await app.register(mercurius, {
    schema: typeDefs,
    resolvers: resolvers as IResolvers,
    path: GRAPHQL_PATH,
    graphiql: false,
    ide: false,
    jit: 1,
    // The parser stops at a token limit; depth and cost are checked before validation (preValidation
    // below). Validation stops at fewer errors than graphql's 100: each error locates itself in the
    // text, and more help no client.
    graphql: {
      parseOptions: { maxTokens: MAX_DOCUMENT_TOKENS },
      validateOptions: { maxErrors: MAX_VALIDATION_ERRORS },
    },
    validationRules: rules,
    allowBatchedQueries: false,
    // refuseNonJsonPost (onRoute above) is the check.
    csrfPrevention: false,
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

  // Mercurius validates a document it has not cached with graphql's rules, some of which are
  // quadratic or worse in the document; the limits are checked first, in one linear pass, with the
  // work the document would ask of the resolvers.
  app.graphql.addHook('preValidation', (schema, document) => {
    const refusal = documentLimitError(document, schema);
    return refusal ? Promise.reject(refusal) : Promise.resolve();
  });
}
