import { GRAPH_API_BASE, apiFetch, isRecord, readJson } from './api-client';

/** The server's closed set of `extensions.code` values, plus NETWORK when no answer arrived. */
export const GRAPHQL_ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'RATE_LIMITED',
  'INTERNAL',
  'NETWORK',
] as const;
export type GraphQLErrorCode = (typeof GRAPHQL_ERROR_CODES)[number];

function toErrorCode(value: unknown): GraphQLErrorCode {
  return typeof value === 'string' && (GRAPHQL_ERROR_CODES as readonly string[]).includes(value)
    ? (value as GraphQLErrorCode)
    : 'INTERNAL';
}

export class GraphQLRequestError extends Error {
  override readonly name = 'GraphQLRequestError';
  readonly code: GraphQLErrorCode;

  constructor(code: GraphQLErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/**
 * A GraphQL operation together with the types of its result and variables, so that a call site cannot
 * pass the wrong variables or misread the result. The phantom field only exists for the type checker.
 */
export interface GraphQLDocument<TData, TVariables> {
  readonly query: string;
  readonly __types?: (variables: TVariables) => TData;
}

export type NoVariables = Record<string, never>;

export function gql<TData, TVariables = NoVariables>(query: string): GraphQLDocument<TData, TVariables> {
  return { query };
}

export const GRAPHQL_ENDPOINT = `${GRAPH_API_BASE}/graphql`;

function firstError(body: unknown): { code: GraphQLErrorCode; message: string } | null {
  if (!isRecord(body) || !Array.isArray(body.errors) || body.errors.length === 0) return null;
  const [error] = body.errors as unknown[];
  if (!isRecord(error)) return { code: 'INTERNAL', message: 'Unknown GraphQL error' };
  const extensions = isRecord(error.extensions) ? error.extensions : {};
  const message = typeof error.message === 'string' ? error.message : 'Unknown GraphQL error';
  return { code: toErrorCode(extensions.code), message };
}

/** POSTs one operation to the member graph API; throws GraphQLRequestError with the server's code. */
export async function graphqlRequest<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables,
  options: { signal?: AbortSignal; keepalive?: boolean } = {},
): Promise<TData> {
  let response: Response;
  try {
    response = await apiFetch(GRAPHQL_ENDPOINT, {
      method: 'POST',
      json: { query: document.query, variables },
      ...(options.signal ? { signal: options.signal } : {}),
      // A request that must outlive the page (a save on pagehide); it still carries the bearer token.
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new GraphQLRequestError('NETWORK', 'The member graph API could not be reached', { cause: error });
  }
  const body = await readJson(response);
  const error = firstError(body);
  if (error) throw new GraphQLRequestError(error.code, error.message);
  if (!response.ok || !isRecord(body) || !isRecord(body.data)) {
    throw new GraphQLRequestError(
      response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL',
      `GraphQL request failed with status ${response.status}`,
    );
  }
  // The server's schema is the contract for the shape of `data`; the document's type names it.
  return body.data as TData;
}

/** Mutations answer with a responseResult instead of throwing for expected failures. */
export interface ResponseResult {
  succeeded: boolean;
  errorCode: string | null;
  slug: string | null;
  message: string | null;
}

export const RESPONSE_RESULT_FIELDS = 'responseResult { succeeded errorCode slug message }';

export const FALLBACK_ERROR_MESSAGE = 'An unexpected error occured.';

/** Throws when a mutation's responseResult did not succeed, with the server's message (spec section 8). */
export function assertSucceeded(result: ResponseResult): void {
  if (!result.succeeded) {
    const known = (GRAPHQL_ERROR_CODES as readonly (string | null)[]).includes(result.errorCode);
    throw new GraphQLRequestError(
      known ? toErrorCode(result.errorCode) : 'BAD_USER_INPUT',
      result.message ?? FALLBACK_ERROR_MESSAGE,
    );
  }
}
