import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/render-app';
import type { MediaItem } from '@member/domain';
import { type Picked, assertSucceeded, gql, graphqlAnswer, graphqlRequest, select } from './graphql';
import { RefusalError } from './refusal';
import { refusalOfRest } from './rest-refusal';
import { refusalTextKey } from './refusal-text';

const QUERY = gql<{ content: { ok: boolean } }>('query Ok { content { ok } }');

afterEach(() => {
  vi.unstubAllGlobals();
});

async function refusalOf(promise: Promise<unknown>): Promise<RefusalError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof RefusalError)) throw new Error(`Expected a RefusalError, got ${String(error)}`);
  return error;
}

describe('graphqlRequest', () => {
  it('answers with the data', async () => {
    mockFetch(() => jsonResponse({ data: { content: { ok: true } } }));
    await expect(graphqlRequest(QUERY, {})).resolves.toEqual({ content: { ok: true } });
  });

  it('throws the first error with its code and slug', async () => {
    mockFetch(() =>
      jsonResponse({
        data: null,
        errors: [{ message: 'No', extensions: { code: 'FORBIDDEN', slug: 'subscription_required' } }],
      }),
    );
    const refusal = await refusalOf(graphqlRequest(QUERY, {}));
    expect([refusal.code, refusal.slug, refusal.message]).toEqual([
      'FORBIDDEN',
      'subscription_required',
      'No',
    ]);
  });

  it('keeps the limits codes rather than reading them as INTERNAL', async () => {
    mockFetch(() =>
      jsonResponse({ errors: [{ message: 'Too costly', extensions: { code: 'QUERY_TOO_COMPLEX' } }] }, 400),
    );
    const refusal = await refusalOf(graphqlRequest(QUERY, {}));
    expect(refusal.code).toBe('QUERY_TOO_COMPLEX');
    expect(refusalTextKey(refusal)).toBe('errors.refusal.tooLarge');
  });

  it('reads a code it does not know as INTERNAL', async () => {
    mockFetch(() => jsonResponse({ errors: [{ message: 'Odd', extensions: { code: 'SOMETHING_NEW' } }] }));
    expect((await refusalOf(graphqlRequest(QUERY, {}))).code).toBe('INTERNAL');
  });

  it('throws NETWORK when no answer arrives, and UNAUTHENTICATED for a bare 401', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const offline = await refusalOf(graphqlRequest(QUERY, {}));
    expect(offline.code).toBe('NETWORK');
    expect(refusalTextKey(offline)).toBe('errors.refusal.network');

    mockFetch(() => new Response('', { status: 401 }));
    expect((await refusalOf(graphqlRequest(QUERY, {}))).code).toBe('UNAUTHENTICATED');
  });

  it('lets an abort through as it is', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('stopped', 'AbortError')));
    await expect(graphqlRequest(QUERY, {})).rejects.toHaveProperty('name', 'AbortError');
  });
});

describe('graphqlAnswer', () => {
  it('hands back partial data and every error', async () => {
    mockFetch(() =>
      jsonResponse({
        data: { content: { ok: true } },
        errors: [
          { message: 'Gone', extensions: { code: 'NOT_FOUND' } },
          { message: 'Elsewhere', extensions: { code: 'FORBIDDEN', slug: 'not_available_in_location' } },
        ],
      }),
    );
    const { data, errors } = await graphqlAnswer(QUERY, {});
    expect(data).toEqual({ content: { ok: true } });
    expect(errors.map((error) => [error.code, error.slug])).toEqual([
      ['NOT_FOUND', null],
      ['FORBIDDEN', 'not_available_in_location'],
    ]);
  });
});

describe('assertSucceeded', () => {
  it('passes a success and throws a refusal with its code, slug and message', () => {
    expect(() => {
      assertSucceeded({ succeeded: true, errorCode: null, slug: null, message: null });
    }).not.toThrow();
    const refused = {
      succeeded: false,
      errorCode: 'BAD_USER_INPUT',
      slug: 'wrong_password',
      message: 'Wrong',
    };
    expect(() => {
      assertSucceeded(refused);
    }).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', slug: 'wrong_password', message: 'Wrong' }));
  });

  it('words a refusal without a message with the spec fallback', () => {
    expect(() => {
      assertSucceeded({ succeeded: false, errorCode: null, slug: null, message: null });
    }).toThrow('An unexpected error occured.');
  });
});

describe('refusalOfRest', () => {
  it('reads the REST error body: the status gives the code, the body the slug', () => {
    const refusal = refusalOfRest(
      413,
      { error: { code: 'file_too_large', message: 'Too big' } },
      'upload_failed',
    );
    expect([refusal.code, refusal.slug, refusal.message]).toEqual([
      'BODY_TOO_LARGE',
      'file_too_large',
      'Too big',
    ]);
    expect(refusalOfRest(500, null, 'upload_failed').slug).toBe('upload_failed');
  });
});

describe('select', () => {
  it("writes the selected fields and types the result as the shared type's pick", () => {
    const fields = select<MediaItem>()('id', 'title', 'playbackKey');
    expect(fields.text).toBe('id title playbackKey');
    const part: Picked<typeof fields> = { id: 1, title: 'Chapter 1', playbackKey: 'book.m4b#t=0,60' };
    expect(Object.keys(part)).toEqual(['id', 'title', 'playbackKey']);
  });
});
