import { createHash, timingSafeEqual } from 'node:crypto';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type DocumentNode, type GraphQLError, Kind, type OperationDefinitionNode } from 'graphql';
import type { MercuriusContext } from 'mercurius';

import type { AppConfig } from '../../config';
import type { MetricsService } from './metrics.service';

export const METRICS_PATH = '/metrics';

/** The GraphQL operation a request ran, as labelled in the metrics. */
interface OperationLabels {
  operation: string;
  type: string;
}

const operations = new WeakMap<FastifyRequest, OperationLabels>();

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics for Prometheus, behind `Authorization: Bearer <METRICS_TOKEN>` (decision 028), and the
 * hook that times every request of the server by its route pattern (never its URL: one series per
 * route, whatever the ids in it). Without metrics (no token) nothing is recorded and /metrics answers
 * 404 in JSON.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: MetricsService | null,
  config: Pick<AppConfig, 'observe'>,
): void {
  const token = config.observe.metricsToken;
  if (!metrics || !token) {
    // Not the web page (which answers any unknown path): a scraper is told plainly there is nothing.
    app.get(METRICS_PATH, (_request, reply) =>
      reply
        .code(404)
        .send({ error: { code: 'NOT_FOUND', message: 'Metrics are off (METRICS_TOKEN is unset)' } }),
    );
    return;
  }
  const expected = digest(`Bearer ${token}`);

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.recordRequest(request.method, route, reply.statusCode, seconds);
    const operation = operations.get(request);
    if (operation) metrics.recordGraphQL(operation.operation, operation.type, seconds);
    done();
  });

  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    const given = request.headers.authorization ?? '';
    // Digests of equal length, compared in constant time: the token's length does not leak either.
    if (!timingSafeEqual(digest(given), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'UNAUTHENTICATED', message: 'A metrics token is required' } });
    }
    const { contentType, body } = await metrics.render();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

/** The operation a document runs: the one named by the request, else its only one. */
function chosenOperation(document: DocumentNode, name: unknown): OperationDefinitionNode | undefined {
  const defined = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (typeof name === 'string' && name !== '')
    return defined.find((operation) => operation.name?.value === name);
  return defined.length === 1 ? defined[0] : undefined;
}

function requestedOperationName(request: FastifyRequest): unknown {
  const source = request.method === 'GET' ? request.query : request.body;
  return typeof source === 'object' && source !== null
    ? (source as { operationName?: unknown }).operationName
    : undefined;
}

/** The code an error in a GraphQL answer carries (the domain's, else INTERNAL). */
function errorCode(error: GraphQLError): string {
  const code = (error.originalError as { code?: unknown } | undefined)?.code ?? error.extensions.code;
  return typeof code === 'string' && /^[A-Z_]{1,64}$/.test(code) ? code : 'INTERNAL';
}

/**
 * Labels each GraphQL request with its operation (name and type) for the latency the server's hook
 * records, and counts the errors in its answer. Registered in the scope that holds the GraphQL route.
 */
export function observeGraphQL(api: FastifyInstance, metrics: MetricsService | null): void {
  if (!metrics) return;
  api.graphql.addHook('preExecution', (_schema, document, context: MercuriusContext) => {
    const { request } = context.reply;
    const operation = chosenOperation(document, requestedOperationName(request));
    operations.set(request, {
      operation: metrics.operationLabel(operation?.name?.value),
      type: operation?.operation ?? 'unknown',
    });
  });
  api.graphql.addHook('onResolution', (execution, context: MercuriusContext) => {
    const errors = execution.errors ?? [];
    if (errors.length === 0) return;
    const operation = operations.get(context.reply.request)?.operation ?? 'anonymous';
    for (const error of errors) metrics.recordGraphQLError(operation, errorCode(error));
  });
}
