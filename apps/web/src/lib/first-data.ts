import { FIRST_DATA_ELEMENT_ID, operationName } from '@member/domain';
import { isRecord } from './api-client';
import type { GraphQLDocument, NoVariables } from './graphql';

let answers: Map<string, unknown> | null = null;

/** The answers the server wrote into the page (decision 046), by operation name; none if it has none. */
function readAnswers(doc: Document): Map<string, unknown> {
  const text = doc.getElementById(FIRST_DATA_ELEMENT_ID)?.textContent;
  const none = new Map<string, unknown>();
  if (!text) return none;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? new Map(Object.entries(parsed)) : none;
  } catch {
    // A page whose answers cannot be read: the screens ask the API, as on any later visit.
    return none;
  }
}

/**
 * The answer the page holds for a query without variables, taken once: the first screen uses it instead
 * of asking the API; a later visit to the screen (or a second call) asks as usual, so no screen shows an
 * answer older than the page. The server ran the same text (`@member/domain`'s first-screen queries) for
 * the same member, so the answer has the document's type.
 */
export function takeFirstData<TData>(
  document: GraphQLDocument<TData, NoVariables>,
  doc: Document = window.document,
): TData | undefined {
  answers ??= readAnswers(doc);
  const operation = operationName(document.query);
  if (!operation || !answers.has(operation)) return undefined;
  const answer = answers.get(operation) as TData;
  answers.delete(operation);
  return answer;
}

/** Forgets what was read (tests read several pages). */
export function resetFirstData(): void {
  answers = null;
}
