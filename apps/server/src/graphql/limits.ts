import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/** Depth beyond which a query is refused (mercurius `queryDepth`). */
export const MAX_QUERY_DEPTH = 8;
/** Field selections in one document, fragments expanded; bounds aliases and wide queries alike. */
export const MAX_QUERY_COST = 300;

function countSelections(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  visiting: Set<string>,
  budget: number,
): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (cost > budget) return cost;
    if (selection.kind === Kind.FIELD) {
      cost += 1;
      if (selection.selectionSet)
        cost += countSelections(selection.selectionSet, fragments, visiting, budget - cost);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += countSelections(selection.selectionSet, fragments, visiting, budget - cost);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // A fragment cycle is reported by graphql's own NoFragmentCycles rule; here it only must not loop.
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      cost += countSelections(fragment.selectionSet, fragments, visiting, budget - cost);
      visiting.delete(name);
    }
  }
  return cost;
}

/** Refuses documents whose operations select more than `maxCost` fields in all. */
export function costLimitRule(maxCost: number = MAX_QUERY_COST) {
  return (context: ValidationContext): ASTVisitor => ({
    Document: {
      leave(document) {
        const fragments = new Map<string, FragmentDefinitionNode>();
        for (const definition of document.definitions) {
          if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
        }
        for (const definition of document.definitions) {
          if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
          const cost = countSelections(definition.selectionSet, fragments, new Set(), maxCost);
          if (cost > maxCost) {
            context.reportError(
              new GraphQLError(`Query is too complex: more than ${maxCost} fields selected.`, {
                nodes: [definition],
                extensions: { code: 'QUERY_TOO_COMPLEX' },
              }),
            );
          }
        }
      },
    },
  });
}
