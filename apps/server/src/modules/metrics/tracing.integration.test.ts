import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { buildBrand } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp, testConfig } from '../../test/harness';
import { genericToken } from '../../test/http';
import { TRANSACTION_ID_ATTRIBUTE, createTracing, tracesUrl } from './tracing';

// Issue 15, item 5 (decision 034): with OTEL_EXPORTER_OTLP_ENDPOINT set, a span per request and per
// GraphQL operation reaches an OTLP/HTTP receiver, with the transaction id, and without secrets.

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

/** A tiny OTLP/HTTP (JSON) receiver on a random local port: what a collector would get. */
async function receiver(): Promise<{ server: Server; url: string; exports: OtlpExport[]; paths: string[] }> {
  const exports: OtlpExport[] = [];
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(request.url ?? '');
      exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${String(port)}`, exports, paths };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? value?.boolValue : Number(value.intValue));
};

describe('tracing set-up', () => {
  it('loads nothing and registers nothing without an endpoint', async () => {
    expect(await createTracing(testConfig())).toBeNull();
    // The SDK is only ever imported dynamically, behind the endpoint check: a static import would load it
    // (and its cost) in every server.
    const source = readFileSync(new URL('./tracing.ts', import.meta.url), 'utf8');
    const staticImports = source.match(/^import (?!type )[^;]*from '@opentelemetry\/[^']+';/gm) ?? [];
    expect(staticImports).toEqual([]);
    expect(source).toContain("import('@opentelemetry/sdk-trace-base')");
  });

  it('sends to the traces path of the configured endpoint', () => {
    expect(tracesUrl('http://collector:4318')).toBe('http://collector:4318/v1/traces');
    expect(tracesUrl('http://collector:4318/')).toBe('http://collector:4318/v1/traces');
  });
});

describe.each(ENGINES)('traces over OTLP/HTTP (%s)', (engine) => {
  let t: TestApp | undefined;
  let collector: Awaited<ReturnType<typeof receiver>> | undefined;
  afterEach(async () => {
    await t?.close();
    collector?.server.close();
    t = undefined;
    collector = undefined;
  });

  it('exports a span per request and per GraphQL operation with the transaction id, and no secret', async () => {
    collector = await receiver();
    const base = testConfig();
    t = await createTestApp(engine, {
      observe: { ...base.observe, otlpEndpoint: collector.url, serviceName: 'member-area-test' },
    });
    const brand = await buildBrand(t.db);
    const token = await genericToken(t.app, brand.hostname);
    const transactionId = `trace-test-${randomBytes(6).toString('hex')}`;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/graphql',
      headers: { host: brand.hostname, authorization: `Bearer ${token}`, 'x-transaction-id': transactionId },
      payload: { query: 'query ListPlans { plan { getPlans { id } } }', operationName: 'ListPlans' },
    });
    expect(answer.statusCode).toBe(200);
    // A reset link carries its key in the path and a token in the query: neither may reach a span.
    const secretId = `reset-${randomBytes(6).toString('hex')}`;
    await t.app.inject({
      method: 'GET',
      url: `/reset-password/SECRETKEY${secretId}?token=SECRETTOKEN${secretId}`,
      headers: { host: brand.hostname, 'x-transaction-id': secretId },
    });

    // Closing the app flushes the batch to the receiver.
    await t.close();
    t = undefined;
    await expect.poll(() => collector?.exports.length ?? 0).toBeGreaterThan(0);
    expect(collector.paths.every((path) => path === '/v1/traces')).toBe(true);
    const resources = collector.exports.flatMap((body) => body.resourceSpans);
    expect(resources[0]?.resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'member-area-test' },
    });
    const spans = resources.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));

    const request = spans.find(
      (span) =>
        attribute(span, TRANSACTION_ID_ATTRIBUTE) === transactionId && span.parentSpanId === undefined,
    );
    expect(request?.name).toBe('POST /membergraphapi/graphql');
    expect(request && attribute(request, 'http.route')).toBe('/membergraphapi/graphql');
    expect(request && attribute(request, 'http.response.status_code')).toBe(200);
    const operation = spans.find((span) => span.name === 'graphql query ListPlans');
    expect(operation?.traceId).toBe(request?.traceId);
    expect(operation?.parentSpanId).toBe(request?.spanId);
    expect(operation && attribute(operation, 'graphql.operation.name')).toBe('ListPlans');

    const reset = spans.find((span) => attribute(span, TRANSACTION_ID_ATTRIBUTE) === secretId);
    expect(reset && attribute(reset, 'url.path')).toBe('/reset-password/[redacted]');
    const everything = JSON.stringify(collector.exports);
    expect(everything).not.toContain(`SECRETKEY${secretId}`);
    expect(everything).not.toContain(`SECRETTOKEN${secretId}`);
    expect(everything).not.toContain(token);
  });
});
