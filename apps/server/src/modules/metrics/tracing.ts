import type { Context, Span, SpanKind, SpanStatusCode as SpanStatusCodes, Tracer } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import { Kind } from 'graphql';
import type { MercuriusContext } from 'mercurius';

import type { AppConfig } from '../../config';
import { type SpanAttributeValue, redactAttributes } from '../../observability';

/*
 * OpenTelemetry traces (issue 15, item 5; decision 034), on only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set: the SDK and the OTLP/HTTP exporter are imported then, so a server without it loads none of it
 * and its requests pay for no hook. A span per HTTP request (its route pattern, status and the
 * transaction id) and a child span per GraphQL operation (its name and type; never the document or
 * its variables). Attributes follow the log redaction (observability.ts#redactAttributes). The
 * provider is this app's own, not the global one, so several apps in one process (tests) and Sentry's
 * own OpenTelemetry set-up do not meet.
 */

/** The attribute that carries the request's transaction id (the `x-transaction-id` of every answer). */
export const TRANSACTION_ID_ATTRIBUTE = 'member_area.transaction_id';

export interface Tracing {
  tracer: Tracer;
  /** Makes `parent` the parent of the next span started with the answer as its context. */
  childOf: (parent: Span) => Context;
  statusCode: typeof SpanStatusCodes;
  serverKind: SpanKind;
  /** Sends what is buffered and stops the exporter (the app's close). */
  shutdown: () => Promise<void>;
}

const requestSpans = new WeakMap<FastifyRequest, Span>();
const operationSpans = new WeakMap<FastifyRequest, Span>();

/** The OTLP/HTTP traces URL of an OTEL_EXPORTER_OTLP_ENDPOINT (the base, as the specification names it). */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/** The tracing of this app, or null when no endpoint is configured (then nothing is imported). */
export async function createTracing(
  config: Pick<AppConfig, 'observe' | 'release' | 'env'>,
): Promise<Tracing | null> {
  const endpoint = config.observe.otlpEndpoint;
  if (!endpoint) return null;
  const [api, sdk, exporterModule, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new sdk.BasicTracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': config.observe.serviceName,
      'service.version': config.release,
      'deployment.environment.name': config.env,
    }),
    spanProcessors: [
      new sdk.BatchSpanProcessor(new exporterModule.OTLPTraceExporter({ url: tracesUrl(endpoint) })),
    ],
  });
  return {
    tracer: provider.getTracer('member-area', config.release),
    childOf: (parent) => api.trace.setSpan(api.ROOT_CONTEXT, parent),
    statusCode: api.SpanStatusCode,
    serverKind: api.SpanKind.SERVER,
    shutdown: () => provider.shutdown(),
  };
}

function set(span: Span, attributes: Record<string, SpanAttributeValue | undefined>): void {
  span.setAttributes(redactAttributes(attributes));
}

function endRequestSpan(tracing: Tracing, request: FastifyRequest, reply: FastifyReply | null): void {
  const span = requestSpans.get(request);
  if (!span) return;
  requestSpans.delete(request);
  const operation = operationSpans.get(request);
  if (operation) {
    operationSpans.delete(request);
    operation.end();
  }
  const route = request.routeOptions.url ?? 'unmatched';
  span.updateName(`${request.method} ${route}`);
  if (reply) {
    set(span, { 'http.route': route, 'http.response.status_code': reply.statusCode });
    if (reply.statusCode >= 500) span.setStatus({ code: tracing.statusCode.ERROR });
  } else {
    set(span, { 'http.route': route, 'member_area.aborted': true });
    span.setStatus({ code: tracing.statusCode.ERROR, message: 'the client went away' });
  }
  span.end();
}

/** A span per request of the server, from its arrival to the end of its answer. */
export function registerTracing(app: FastifyInstance, tracing: Tracing | null): void {
  if (!tracing) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    const span = tracing.tracer.startSpan(request.method, { kind: tracing.serverKind });
    set(span, {
      'http.request.method': request.method,
      'url.path': path,
      'url.scheme': request.protocol,
      'server.address': request.hostname,
      [TRANSACTION_ID_ATTRIBUTE]: request.id,
    });
    requestSpans.set(request, span);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    endRequestSpan(tracing, request, reply);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    endRequestSpan(tracing, request, null);
    done();
  });
  app.addHook('onClose', async () => {
    await tracing.shutdown();
  });
}

const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

function chosenOperation(document: DocumentNode, name: unknown): OperationDefinitionNode | undefined {
  const defined = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (typeof name === 'string' && name !== '')
    return defined.find((operation) => operation.name?.value === name);
  return defined.length === 1 ? defined[0] : undefined;
}

/**
 * A child span per GraphQL operation (registered in the scope that holds the GraphQL route): its name
 * and type, and the error codes of its answer.
 */
export function traceGraphQL(api: FastifyInstance, tracing: Tracing | null): void {
  if (!tracing) return;
  api.graphql.addHook('preExecution', (_schema, document, context: MercuriusContext) => {
    const { request } = context.reply;
    const parent = requestSpans.get(request);
    if (!parent) return;
    const source = request.method === 'GET' ? request.query : request.body;
    const requested =
      typeof source === 'object' && source !== null
        ? (source as { operationName?: unknown }).operationName
        : undefined;
    const operation = chosenOperation(document, requested);
    const given = operation?.name?.value;
    const name = given === undefined ? 'anonymous' : OPERATION_NAME.test(given) ? given : 'other';
    const type = operation?.operation ?? 'unknown';
    const span = tracing.tracer.startSpan(`graphql ${type} ${name}`, {}, tracing.childOf(parent));
    set(span, {
      'graphql.operation.name': name,
      'graphql.operation.type': type,
      [TRANSACTION_ID_ATTRIBUTE]: request.id,
    });
    operationSpans.set(request, span);
  });
  api.graphql.addHook('onResolution', (execution, context: MercuriusContext) => {
    const { request } = context.reply;
    const span = operationSpans.get(request);
    if (!span) return;
    operationSpans.delete(request);
    const errors = execution.errors ?? [];
    if (errors.length > 0) {
      const codes = errors.map((error) => {
        const code = (error.originalError as { code?: unknown } | undefined)?.code ?? error.extensions.code;
        return typeof code === 'string' && /^[A-Z_]{1,64}$/.test(code) ? code : 'INTERNAL';
      });
      set(span, { 'graphql.error.codes': [...new Set(codes)].join(',') });
      if (codes.includes('INTERNAL')) span.setStatus({ code: tracing.statusCode.ERROR });
    }
    span.end();
  });
}
