import { GRAPH_API_BASE, apiFetch, isRecord, readJson } from './api-client';
import { FALLBACK_ERROR_MESSAGE, RefusalError } from './refusal';

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

export interface GraphQLRequestOptions {
  signal?: AbortSignal | undefined;
  /** A request that must outlive the page (a save on pagehide); it still carries the bearer token. */
  keepalive?: boolean;
}

/** A GraphQL answer whose errors the caller reads: partial data, and every error with its code and slug. */
export interface GraphQLAnswer<TData> {
  data: TData | null;
  errors: RefusalError[];
}

function refusalsOf(body: unknown): RefusalError[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return (body.errors as unknown[]).map((error) => {
    const extensions = isRecord(error) && isRecord(error.extensions) ? error.extensions : {};
    const message =
      isRecord(error) && typeof error.message === 'string' ? error.message : 'Unknown GraphQL error';
    const slug = typeof extensions.slug === 'string' ? extensions.slug : null;
    return new RefusalError(
      typeof extensions.code === 'string' ? extensions.code : 'INTERNAL',
      message,
      slug,
    );
  });
}

/**
 * POSTs one operation to the member graph API and hands back partial data and every error (content.media's
 * FORBIDDEN slugs decide which message a title's page shows). No answer at all (network, a body that is
 * not a GraphQL answer) throws a RefusalError.
 */
export async function graphqlAnswer<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables,
  options: GraphQLRequestOptions = {},
): Promise<GraphQLAnswer<TData>> {
  let response: Response;
  try {
    response = await apiFetch(GRAPHQL_ENDPOINT, {
      method: 'POST',
      json: { query: document.query, variables },
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new RefusalError('NETWORK', 'The member graph API could not be reached', null, { cause: error });
  }
  const body = await readJson(response);
  const errors = refusalsOf(body);
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  if (errors.length === 0 && (!response.ok || !data)) {
    throw new RefusalError(
      response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL',
      `GraphQL request failed with status ${response.status}`,
    );
  }
  // The server's schema is the contract for the shape of `data`; the document's type names it.
  return { data: data as TData | null, errors };
}

/** POSTs one operation; throws the first error as a RefusalError with the server's code and slug. */
export async function graphqlRequest<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables,
  options: GraphQLRequestOptions = {},
): Promise<TData> {
  const { data, errors } = await graphqlAnswer(document, variables, options);
  const [first] = errors;
  if (first) throw first;
  if (!data) throw new RefusalError('INTERNAL', 'The GraphQL answer has no data');
  return data;
}

/** Mutations answer with a responseResult instead of throwing for expected failures. */
export interface ResponseResult {
  succeeded: boolean;
  errorCode: string | null;
  slug: string | null;
  message: string | null;
}

export const RESPONSE_RESULT_FIELDS = 'responseResult { succeeded errorCode slug message }';

/**
 * Throws a RefusalError when a mutation's responseResult did not succeed, with the server's code, slug
 * and message (or the spec's fallback message, section 8). A refusal without a code is the member's input.
 */
export function assertSucceeded(result: ResponseResult): void {
  if (result.succeeded) return;
  throw new RefusalError(
    result.errorCode ?? 'BAD_USER_INPUT',
    result.message ?? FALLBACK_ERROR_MESSAGE,
    result.slug,
  );
}

/**
 * A selection of a schema type's scalar fields whose result type is picked from the shared type (in
 * `@member/domain`) by the names it selects, so that a query's type and its text cannot drift apart:
 * `select<MediaItem>()('id', 'title')` is the text "id title" with the type `Pick<MediaItem, 'id' | 'title'>`.
 */
export interface FieldSelection<T, K extends keyof T> {
  readonly text: string;
  readonly __picked?: Pick<T, K>;
}

export function select<T>() {
  return <K extends keyof T & string>(...names: K[]): FieldSelection<T, K> => ({ text: names.join(' ') });
}

/** The result type of a field selection. */
export type Picked<S> = S extends FieldSelection<infer T, infer K> ? Pick<T, K> : never;
