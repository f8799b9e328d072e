import { apiFetch, isRecord, readJson } from '../../../lib/api-client';
import {
  GRAPHQL_ENDPOINT,
  GRAPHQL_ERROR_CODES,
  type GraphQLDocument,
  type GraphQLErrorCode,
  GraphQLRequestError,
} from '../../../lib/graphql';

/** One error of a GraphQL answer, with the slug that lib/graphql's client leaves out. */
export interface AnswerError {
  code: GraphQLErrorCode;
  slug: string | null;
  message: string;
}

/** A GraphQL answer whose errors the caller reads: partial data, and each error's code and slug. */
export interface GraphQLAnswer<TData> {
  data: TData | null;
  errors: AnswerError[];
}

function errorsOf(body: unknown): AnswerError[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return (body.errors as unknown[]).map((error) => {
    const extensions = isRecord(error) && isRecord(error.extensions) ? error.extensions : {};
    const code = (GRAPHQL_ERROR_CODES as readonly unknown[]).includes(extensions.code)
      ? (extensions.code as GraphQLErrorCode)
      : 'INTERNAL';
    return {
      code,
      slug: typeof extensions.slug === 'string' ? extensions.slug : null,
      message: isRecord(error) && typeof error.message === 'string' ? error.message : 'Unknown GraphQL error',
    };
  });
}

/**
 * Posts an operation like graphqlRequest, but hands back partial data and every error with its slug
 * (content.media's FORBIDDEN slugs decide which message shows). The shared client keeps only the first
 * error's code because the first page's bundle has no room for more. No answer at all (network, a
 * non-JSON body) still throws a GraphQLRequestError.
 */
export async function requestAnswer<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables,
  signal?: AbortSignal,
): Promise<GraphQLAnswer<TData>> {
  let response: Response;
  try {
    response = await apiFetch(GRAPHQL_ENDPOINT, {
      method: 'POST',
      json: { query: document.query, variables },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new GraphQLRequestError('NETWORK', 'The member graph API could not be reached', { cause: error });
  }
  const body = await readJson(response);
  const errors = errorsOf(body);
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  if (errors.length === 0 && (!response.ok || !data)) {
    throw new GraphQLRequestError(
      response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL',
      `GraphQL request failed with status ${response.status}`,
    );
  }
  // The server's schema is the contract for the shape of `data`; the document's type names it.
  return { data: data as TData | null, errors };
}

/** Throws the first error as graphqlRequest would. */
export function throwFirst(errors: readonly AnswerError[]): never {
  const [first] = errors;
  throw new GraphQLRequestError(first?.code ?? 'INTERNAL', first?.message ?? 'Unknown GraphQL error');
}
