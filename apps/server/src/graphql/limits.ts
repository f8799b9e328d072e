import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
} from 'graphql';

import type { AppError } from '../errors';
import { nullCharacterError } from '../http/null-characters';

/*
 * What a GraphQL document may ask for, checked before graphql's validation rules run (docs/decisions/015).
 * Those rules are not linear in the document: OverlappingFieldsCanBeMerged compares fields pairwise and
 * a validation rule visits each fragment wherever it is spread. So the cost of a document must be bounded
 * before they see it: the parser stops at MAX_DOCUMENT_TOKENS, then `documentLimitError` measures the
 * document in one pass (each fragment once) and refuses it, in milliseconds, before any rule runs.
 */

/** Depth of nested fields beyond which a query is refused (a fragment spread adds no level). */
export const MAX_QUERY_DEPTH = 8;
/**
 * Fields and fragment spreads in one operation or fragment, fragments expanded; bounds aliases, wide
 * queries and fragment fan-out alike. The live page's 20 stream schedules, the largest query the web
 * sends, cost about 280.
 */
export const MAX_QUERY_COST = 300;
/**
 * The costs of all operations and fragments of a document, summed: one operation and the fragments it
 * spreads, each counted in full. Validation visits every definition, so many definitions near the
 * limit would each cost their own pairwise comparisons.
 */
export const MAX_DOCUMENT_COST = 2 * MAX_QUERY_COST;
/** Nesting of list and object values in a literal argument; the schema's inputs nest two levels. */
export const MAX_VALUE_DEPTH = 8;
/** Lexical tokens the parser reads before giving up; the web's largest query has about 750. */
export const MAX_DOCUMENT_TOKENS = 5_000;
/** Validation errors reported before graphql stops validating (its default is 100). */
export const MAX_VALIDATION_ERRORS = 10;
/** Operations and fragments in one document; the web sends one operation and no fragment today. */
export const MAX_DOCUMENT_DEFINITIONS = 50;

export interface DocumentLimits {
  maxCost: number;
  maxDocumentCost: number;
  maxDepth: number;
  maxValueDepth: number;
  maxDefinitions: number;
}

export const DOCUMENT_LIMITS: DocumentLimits = {
  maxCost: MAX_QUERY_COST,
  maxDocumentCost: MAX_DOCUMENT_COST,
  maxDepth: MAX_QUERY_DEPTH,
  maxValueDepth: MAX_VALUE_DEPTH,
  maxDefinitions: MAX_DOCUMENT_DEFINITIONS,
};

interface Measure {
  cost: number;
  depth: number;
}

const refused = (message: string, code: string) => new GraphQLError(message, { extensions: { code } });

/**
 * Whether the document came from graphql's parser. When the query text is not GraphQL, mercurius
 * reads it as a JSON syntax tree instead, which no rule expects (a malformed tree made validation
 * throw). A parsed document's `loc` is a `Location` instance; JSON only makes plain objects.
 */
function isParsedDocument(document: DocumentNode): boolean {
  const loc: unknown = document.loc;
  return typeof loc === 'object' && loc !== null && Object.getPrototypeOf(loc) !== Object.prototype;
}

/**
 * What the literal values of a document hold that is refused: list and object values nested deeper
 * than `maxValueDepth` (printing one in an error message costs the square of its depth), or a string
 * with U+0000 (PostgreSQL refuses it in text). One pass over every node but locations, with a stack.
 */
function literalProblem(document: DocumentNode, maxValueDepth: number): 'too_deep' | 'null_character' | null {
  const pending: [node: object, valueDepth: number][] = [[document, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, valueDepth] = next;
    let childDepth = valueDepth;
    if ('kind' in node) {
      if (node.kind === Kind.STRING && 'value' in node && typeof node.value === 'string') {
        if (node.value.includes('\u0000')) return 'null_character';
      } else if (node.kind === Kind.LIST || node.kind === Kind.OBJECT) {
        childDepth = valueDepth + 1;
        if (childDepth > maxValueDepth) return 'too_deep';
      }
    }
    for (const [key, child] of Object.entries(node)) {
      // A location links every token to the next: it is not part of the tree.
      if (key !== 'loc' && typeof child === 'object' && child !== null)
        pending.push([child as object, childDepth]);
    }
  }
  return null;
}

/**
 * The cost and depth of every operation and fragment, each fragment measured once and remembered, so
 * the work is linear in the document's size whatever its spreads (a chain of fragments each spreading
 * the next twice is 2^n paths but n measures). Sums saturate just above the limit.
 */
function createMeasurer(document: DocumentNode, limits: DocumentLimits) {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const measured = new Map<string, Measure>();
  const inProgress = new Set<string>();
  const cap = (cost: number) => Math.min(cost, limits.maxCost + 1);

  function fragment(name: string): Measure | 'cycle' {
    const known = measured.get(name);
    if (known) return known;
    const definition = fragments.get(name);
    // An unknown fragment is graphql's KnownFragmentNames error; here it only costs its spread.
    if (!definition) return { cost: 0, depth: 0 };
    if (inProgress.has(name)) return 'cycle';
    inProgress.add(name);
    const result = selectionSet(definition.selectionSet);
    inProgress.delete(name);
    if (result !== 'cycle') measured.set(name, result);
    return result;
  }

  function selectionSet(set: SelectionSetNode): Measure | 'cycle' {
    let cost = 0;
    let depth = 0;
    for (const selection of set.selections) {
      let inner: Measure | 'cycle';
      let own = 0;
      let level = 0;
      if (selection.kind === Kind.FIELD) {
        inner = selection.selectionSet ? selectionSet(selection.selectionSet) : { cost: 0, depth: 0 };
        own = 1;
        level = 1;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = selectionSet(selection.selectionSet);
      } else {
        inner = fragment(selection.name.value);
        own = 1;
      }
      if (inner === 'cycle') return 'cycle';
      cost = cap(cost + own + inner.cost);
      depth = Math.max(depth, level + inner.depth);
    }
    return { cost, depth };
  }

  return { selectionSet, fragment };
}

/**
 * The reason a parsed document is refused before validation, or null. Runs in time linear in the
 * document (which the parser's token limit bounds), and refuses: a document that is not from the
 * parser, more than `maxDefinitions` operations and fragments, a fragment cycle, an operation or
 * fragment deeper than `maxDepth` or costing more than `maxCost`, definitions costing more than
 * `maxDocumentCost` in all, values nested deeper than `maxValueDepth`, and U+0000 in a string literal.
 */
export function documentLimitError(
  document: DocumentNode,
  limits: DocumentLimits = DOCUMENT_LIMITS,
): GraphQLError | AppError | null {
  if (!isParsedDocument(document))
    return refused('The query is not a GraphQL document.', 'GRAPHQL_PARSE_FAILED');
  if (document.definitions.length > limits.maxDefinitions) {
    return refused(
      `Query is too large: more than ${String(limits.maxDefinitions)} operations and fragments.`,
      'QUERY_TOO_LARGE',
    );
  }
  const measurer = createMeasurer(document, limits);
  let documentCost = 0;
  for (const definition of document.definitions) {
    let measure: Measure | 'cycle';
    if (definition.kind === Kind.OPERATION_DEFINITION)
      measure = measurer.selectionSet(definition.selectionSet);
    else if (definition.kind === Kind.FRAGMENT_DEFINITION) measure = measurer.fragment(definition.name.value);
    else continue;
    if (measure === 'cycle') {
      return refused('Query is invalid: a fragment spreads itself.', 'GRAPHQL_VALIDATION_FAILED');
    }
    if (measure.cost > limits.maxCost) {
      return refused(
        `Query is too complex: more than ${String(limits.maxCost)} fields and fragment spreads selected.`,
        'QUERY_TOO_COMPLEX',
      );
    }
    if (measure.depth > limits.maxDepth) {
      return refused(`Query is too deep: more than ${String(limits.maxDepth)} levels.`, 'QUERY_TOO_DEEP');
    }
    documentCost += measure.cost;
    if (documentCost > limits.maxDocumentCost) {
      return refused(
        `Query is too complex: more than ${String(limits.maxDocumentCost)} fields and fragment spreads in all its operations and fragments.`,
        'QUERY_TOO_COMPLEX',
      );
    }
  }
  const problem = literalProblem(document, limits.maxValueDepth);
  if (problem === 'null_character') return nullCharacterError();
  if (problem === 'too_deep') {
    return refused(
      `Query is too deep: a value nests more than ${String(limits.maxValueDepth)} levels.`,
      'QUERY_TOO_DEEP',
    );
  }
  return null;
}
