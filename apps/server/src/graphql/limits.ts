import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  getNamedType,
  isInterfaceType,
  isObjectType,
} from 'graphql';

import type { AppError } from '../errors';
import { nullCharacterError } from '../http/null-characters';

/*
 * What a GraphQL document may ask for, checked before graphql's validation rules run (docs/decisions/015).
 * Those rules are not linear in the document: OverlappingFieldsCanBeMerged compares fields pairwise and
 * a validation rule visits each fragment wherever it is spread. So the cost of a document must be bounded
 * before they see it: the parser stops at MAX_DOCUMENT_TOKENS, then `documentLimitError` measures the
 * document in one pass (each fragment once) and refuses it, in milliseconds, before any rule runs.
 *
 * The same pass weighs the work the document asks of the resolvers (`FIELD_WEIGHTS`): a document can
 * be small and legal and still ask for ninety searches, which held the server for seconds.
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

/**
 * Points of resolver work one operation may ask for. A point is about 5 ms of database time on the demo
 * catalog (the slower engine, measured on the shared 2-core machine): one search or one read of every
 * playlist, or the live page's 20 stream details, fit; two searches do not (docs/decisions/015).
 */
export const MAX_QUERY_WORK = 120;

/**
 * A field of the namespace types (`content`, `member`, `plan`, `ecommerce`) has a resolver that runs
 * at least one statement; a mutation writes in a transaction (about 100 ms of commit on PostgreSQL).
 * Other fields read their parent's result and cost no work.
 */
const QUERY_FIELD_WEIGHT = 1;
const MUTATION_FIELD_WEIGHT = 20;
/** A password check (scrypt, 100–300 ms of CPU) or a call to the payment provider. */
const SLOW_MUTATION_WEIGHT = 60;

/**
 * The work of the fields that cost more than their namespace's default, at their most expensive
 * arguments: the limits are checked once per document text (mercurius caches the validated document),
 * so they cannot depend on the variables, and a variable may carry any value. Measured (SQLite and
 * PostgreSQL, the slower counted, answer included): a search of 8 one-letter words, 50 per type,
 * 200–500 ms; every playlist of a member at the library's limits (100 × 500 tracks) 500–800 ms; the
 * collection at its limit (1,000 entries) 13–30 ms; a list page of 100 in a genre 10–35 ms; a title's
 * detail 5–20 ms.
 */
export const FIELD_WEIGHTS: Readonly<Record<string, number>> = {
  'ContentQuery.search': 100,
  // Two index reads of at most a page and one more row, and a count of at most 1,001 (decision 036).
  'ContentQuery.searchPage': 20,
  'ContentQuery.liveStats': 4,
  'ContentQuery.playlists': 100,
  'ContentQuery.collection': 12,
  'ContentQuery.list': 7,
  'ContentQuery.history': 6,
  'ContentQuery.slotsWithTags': 4,
  'ContentQuery.media': 4,
  'ContentQuery.liveStream': 4,
  'ContentQuery.genres': 2,
  'ContentQuery.continueList': 2,
  'ContentQuery.playlist': 2,
  'MemberQuery.creditTransactions': 2,
  'MemberMutation.changeEmail': SLOW_MUTATION_WEIGHT,
  'MemberMutation.changePassword': SLOW_MUTATION_WEIGHT,
  'MemberMutation.deactivateAccount': SLOW_MUTATION_WEIGHT,
  'MemberMutation.buyCoins': SLOW_MUTATION_WEIGHT,
  'MemberMutation.activateSubscription': SLOW_MUTATION_WEIGHT,
  'MemberMutation.restartSubscription': SLOW_MUTATION_WEIGHT,
  'MemberMutation.addPaymentMethod': SLOW_MUTATION_WEIGHT,
  'MemberMutation.updatePaymentMethod': SLOW_MUTATION_WEIGHT,
  // Each opens a hosted payment with the provider, or (the VPN link) may sign a new certificate.
  'MemberMutation.joinPlan': SLOW_MUTATION_WEIGHT,
  'MemberMutation.vpnProfileLink': SLOW_MUTATION_WEIGHT,
  'EcommerceMutation.payCheckout': SLOW_MUTATION_WEIGHT,
  'SweepMutation.buyEntries': SLOW_MUTATION_WEIGHT,
};

export interface DocumentLimits {
  maxCost: number;
  maxDocumentCost: number;
  maxDepth: number;
  maxValueDepth: number;
  maxDefinitions: number;
  maxWork: number;
}

export const DOCUMENT_LIMITS: DocumentLimits = {
  maxCost: MAX_QUERY_COST,
  maxDocumentCost: MAX_DOCUMENT_COST,
  maxDepth: MAX_QUERY_DEPTH,
  maxValueDepth: MAX_VALUE_DEPTH,
  maxDefinitions: MAX_DOCUMENT_DEFINITIONS,
  maxWork: MAX_QUERY_WORK,
};

interface Measure {
  cost: number;
  depth: number;
  /** Points of resolver work (`FIELD_WEIGHTS`). */
  work: number;
}

type Weigher = (parent: GraphQLNamedType | undefined, field: string) => number;

const weighers = new WeakMap<GraphQLSchema, Weigher>();

/** A field's weight: its entry in FIELD_WEIGHTS, else its namespace type's default, else nothing. */
function weigherFor(schema: GraphQLSchema): Weigher {
  const known = weighers.get(schema);
  if (known) return known;
  const namespaceWeights = new Map<string, number>();
  for (const [root, weight] of [
    [schema.getQueryType(), QUERY_FIELD_WEIGHT],
    [schema.getMutationType(), MUTATION_FIELD_WEIGHT],
  ] as const) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      namespaceWeights.set(getNamedType(field.type).name, weight);
    }
  }
  const weigher: Weigher = (parent, field) => {
    if (!parent || !fieldOf(parent, field)) return 0;
    return FIELD_WEIGHTS[`${parent.name}.${field}`] ?? namespaceWeights.get(parent.name) ?? 0;
  };
  weighers.set(schema, weigher);
  return weigher;
}

/** The schema's field, or undefined for an unknown field or a meta field such as `__typename`. */
function fieldOf(
  parent: GraphQLNamedType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (!parent || !(isObjectType(parent) || isInterfaceType(parent))) return undefined;
  return parent.getFields()[name];
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
 * The cost, depth and work of every operation and fragment, each fragment measured once and
 * remembered, so the pass is linear in the document's size whatever its spreads (a chain of fragments
 * each spreading the next twice is 2^n paths but n measures). Sums saturate just above the limit.
 * Types come from the schema (a fragment's from its type condition); an unknown field or type weighs
 * nothing here and is graphql's validation error later.
 */
function createMeasurer(document: DocumentNode, schema: GraphQLSchema, limits: DocumentLimits) {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const measured = new Map<string, Measure>();
  const inProgress = new Set<string>();
  const cap = (cost: number) => Math.min(cost, limits.maxCost + 1);
  const capWork = (work: number) => Math.min(work, limits.maxWork + 1);
  const weigh = weigherFor(schema);
  const typeNamed = (name: string) => schema.getType(name) ?? undefined;

  function fragment(name: string): Measure | 'cycle' {
    const known = measured.get(name);
    if (known) return known;
    const definition = fragments.get(name);
    // An unknown fragment is graphql's KnownFragmentNames error; here it only costs its spread.
    if (!definition) return { cost: 0, depth: 0, work: 0 };
    if (inProgress.has(name)) return 'cycle';
    inProgress.add(name);
    const result = selectionSet(definition.selectionSet, typeNamed(definition.typeCondition.name.value));
    inProgress.delete(name);
    if (result !== 'cycle') measured.set(name, result);
    return result;
  }

  function selectionSet(set: SelectionSetNode, parent: GraphQLNamedType | undefined): Measure | 'cycle' {
    let cost = 0;
    let depth = 0;
    let work = 0;
    for (const selection of set.selections) {
      let inner: Measure | 'cycle';
      let own = 0;
      let ownWork = 0;
      let level = 0;
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const type = fieldOf(parent, name)?.type;
        inner = selection.selectionSet
          ? selectionSet(selection.selectionSet, type && getNamedType(type))
          : { cost: 0, depth: 0, work: 0 };
        own = 1;
        ownWork = weigh(parent, name);
        level = 1;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        inner = selectionSet(selection.selectionSet, condition === undefined ? parent : typeNamed(condition));
      } else {
        inner = fragment(selection.name.value);
        own = 1;
      }
      if (inner === 'cycle') return 'cycle';
      cost = cap(cost + own + inner.cost);
      depth = Math.max(depth, level + inner.depth);
      work = capWork(work + ownWork + inner.work);
    }
    return { cost, depth, work };
  }

  return { selectionSet, fragment };
}

/**
 * The reason a parsed document is refused before validation, or null. Runs in time linear in the
 * document (which the parser's token limit bounds), and refuses: a document that is not from the
 * parser, more than `maxDefinitions` operations and fragments, a fragment cycle, an operation or
 * fragment deeper than `maxDepth` or costing more than `maxCost`, definitions costing more than
 * `maxDocumentCost` in all, an operation whose fields weigh more than `maxWork`, values nested deeper
 * than `maxValueDepth`, and U+0000 in a string literal.
 */
export function documentLimitError(
  document: DocumentNode,
  schema: GraphQLSchema,
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
  const measurer = createMeasurer(document, schema, limits);
  let documentCost = 0;
  for (const definition of document.definitions) {
    let measure: Measure | 'cycle';
    if (definition.kind === Kind.OPERATION_DEFINITION)
      measure = measurer.selectionSet(
        definition.selectionSet,
        schema.getRootType(definition.operation) ?? undefined,
      );
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
    // Only an operation runs; a fragment's work counts where an operation spreads it.
    if (definition.kind === Kind.OPERATION_DEFINITION && measure.work > limits.maxWork) {
      return refused(
        `Query asks for too much work: its fields weigh more than ${String(limits.maxWork)} (a search weighs ${String(FIELD_WEIGHTS['ContentQuery.search'])}). Send them in separate requests.`,
        'QUERY_TOO_COMPLEX',
      );
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
