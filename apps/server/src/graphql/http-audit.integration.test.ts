import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../test/factories';
import { type TestApp, createTestApp } from '../test/harness';

/** The audits' URL; their requests reach the app through `inject`, with the brand's host. */
const ENDPOINT = 'http://audit.invalid/membergraphapi/graphql';

/**
 * The SHOULDs the endpoint does not follow, on purpose (docs/decisions/022). A change of any of them,
 * either way, fails the test so that the decision is looked at again.
 */
const SHOULDS_NOT_FOLLOWED: Readonly<Record<string, string>> = {
  // Mercurius answers application/json whatever the Accept header; the web asks for JSON.
  '22EB': 'answer application/graphql-response+json when it is accepted',
  // A document that does not parse, validate or coerce is the client's fault and answers 400 (and its
  // error code) in every media type, as the web and the limits' tests expect.
  '572B': '200 on a parse failure with application/json',
  FDE2: '200 on a validation failure with application/json',
  '7B9B': '200 on a variable coercion failure with application/json',
  // The answer always has a data entry, null when nothing ran.
  D586: 'no data entry on a parse failure with application/graphql-response+json',
  '5E5B': 'no data entry on a validation failure with application/graphql-response+json',
};

describe('GraphQL over HTTP (graphql-http audits)', () => {
  let t: TestApp;
  let host: string;

  beforeAll(async () => {
    // The endpoint's HTTP answers do not depend on the engine; one is enough.
    t = await createTestApp('sqlite');
    host = (await buildBrand(t.db)).hostname;
  });
  afterAll(() => t.close());

  /** A fetch over `inject`: the audits speak fetch, the test app does not listen. */
  const fetchFn = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input);
    const response = await t.app.inject({
      method: init.method === 'POST' ? 'POST' : 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...(init.headers as Record<string, string> | undefined), host },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(response.rawPayload, { status: response.statusCode, headers });
  };

  it('passes every MUST of the spec, and every SHOULD but the ones not followed on purpose', async () => {
    const results = await Promise.all(serverAudits({ url: ENDPOINT, fetchFn }).map((audit) => audit.fn()));
    const failed = (level: string) =>
      results
        .filter((result) => result.name.startsWith(`${level} `) && result.status !== 'ok')
        .map((result) => `${result.id} ${result.name}: ${result.status === 'ok' ? '' : result.reason}`);
    expect(failed('MUST')).toEqual([]);
    expect(failed('SHOULD').map((failure) => failure.split(' ')[0])).toEqual(
      Object.keys(SHOULDS_NOT_FOLLOWED),
    );
  });

  it('accepts a null extensions entry as none', async () => {
    const response = await fetchFn(ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '{ __typename }',
        variables: null,
        operationName: null,
        extensions: null,
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
