/**
 * Documents generated from the printed schema for the authorization matrix: every field reachable
 * from Query and Mutation through the namespace objects, each with placeholder arguments of the right
 * types and a selection of its scalar fields.
 */
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';

type Operation = 'query' | 'mutation';

export interface SchemaField {
  operation: Operation;
  /** The namespace field of the root type (`content`, `member`…), or null for a root field itself. */
  namespace: string | null;
  name: string;
  /** `query content.media`, `mutation member.addCredits`: the key of the rules table. */
  key: string;
  field: GraphQLField<unknown, unknown>;
}

/**
 * A root field without arguments that answers an object type is a namespace (`content`, `member`):
 * its fields are the API. Any other root field is a field of the API itself.
 */
function isNamespace(field: GraphQLField<unknown, unknown>): boolean {
  return field.args.length === 0 && isObjectType(getNamedType(field.type));
}

export function reachableFields(schema: GraphQLSchema): SchemaField[] {
  const fields: SchemaField[] = [];
  const roots: [Operation, GraphQLObjectType | null | undefined][] = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ];
  for (const [operation, root] of roots) {
    if (!root) continue;
    for (const rootField of Object.values(root.getFields())) {
      const namespaceType = getNamedType(rootField.type);
      if (isNamespace(rootField) && isObjectType(namespaceType)) {
        for (const field of Object.values(namespaceType.getFields())) {
          fields.push({
            operation,
            namespace: rootField.name,
            name: field.name,
            key: `${operation} ${rootField.name}.${field.name}`,
            field,
          });
        }
      } else {
        fields.push({
          operation,
          namespace: null,
          name: rootField.name,
          key: `${operation} ${rootField.name}`,
          field: rootField,
        });
      }
    }
  }
  return fields;
}

/** The value the matrix sends for an argument or input field, or undefined for the generic one. */
export type PlaceholderLookup = (key: string, name: string) => unknown;

function typeName(type: GraphQLInputType): string {
  if (isNonNullType(type)) return `${typeName(type.ofType)}!`;
  if (isListType(type)) return `[${typeName(type.ofType)}]`;
  return type.name;
}

/** A value of the right type: the lookup's when it has one, else a generic one per scalar. */
function placeholder(type: GraphQLInputType, key: string, name: string, lookup: PlaceholderLookup): unknown {
  const chosen = lookup(key, name);
  if (chosen !== undefined) return chosen;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [placeholder(inner.ofType, key, name, lookup)];
  if (isInputObjectType(inner)) {
    return Object.fromEntries(
      Object.values(inner.getFields()).map((field) => [
        field.name,
        placeholder(field.type, key, field.name, lookup),
      ]),
    );
  }
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  switch (inner.name) {
    case 'Int':
      return 1;
    case 'Float':
      return 1.5;
    case 'Boolean':
      return true;
    default:
      return 'x';
  }
}

/**
 * The selection of a type: its scalar and enum fields, and the object fields below it down to
 * `depth` levels, never re-entering a type already on the path (MediaItem.chapters is a MediaItem),
 * within a budget that keeps the document under the server's cost limit.
 */
function selectionFor(type: GraphQLOutputType, depth = 3, budget = { left: 150 }): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  return selectObject(named, depth, budget, new Set());
}

function selectObject(
  type: GraphQLNamedType,
  depth: number,
  budget: { left: number },
  path: Set<string>,
): string {
  if (!isObjectType(type)) return '{ __typename }';
  const parts: string[] = [];
  const inside = new Set(path).add(type.name);
  for (const field of Object.values(type.getFields())) {
    if (budget.left <= 0) break;
    if (field.args.some((arg: GraphQLArgument) => isNonNullType(arg.type) && arg.defaultValue === undefined))
      continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) {
      parts.push(field.name);
      budget.left -= 1;
    } else if (depth > 1 && !inside.has(named.name)) {
      budget.left -= 1;
      parts.push(`${field.name} ${selectObject(named, depth - 1, budget, inside)}`);
    }
  }
  return `{ ${parts.length > 0 ? parts.join(' ') : '__typename'} }`;
}

export interface GeneratedDocument {
  query: string;
  variables: Record<string, unknown>;
  operationName: string;
}

/** One operation calling one field with placeholder variables and a selection of its result. */
export function documentFor(target: SchemaField, lookup: PlaceholderLookup): GeneratedDocument {
  const { field } = target;
  const variables: Record<string, unknown> = {};
  const definitions: string[] = [];
  const argumentsText: string[] = [];
  for (const arg of field.args) {
    const value = placeholder(arg.type, target.key, arg.name, lookup);
    if (value === null && !isNonNullType(arg.type)) continue;
    variables[arg.name] = value;
    definitions.push(`$${arg.name}: ${typeName(arg.type)}`);
    argumentsText.push(`${arg.name}: $${arg.name}`);
  }
  const call = `${field.name}${argumentsText.length > 0 ? `(${argumentsText.join(', ')})` : ''} ${selectionFor(field.type)}`;
  const body = target.namespace ? `${target.namespace} { ${call} }` : call;
  const operationName = `Matrix_${target.namespace ?? 'root'}_${field.name}`;
  const header = `${target.operation} ${operationName}${definitions.length > 0 ? `(${definitions.join(', ')})` : ''}`;
  return { query: `${header} { ${body} }`, variables, operationName };
}

export interface PrintedRoute {
  method: string;
  /** The route's URL pattern as registered (`/paymentflow/checkout/:id`, `/media/*`). */
  url: string;
}

/**
 * The routes of `app.printRoutes()` (Fastify's radix tree: each line's label continues its parent's
 * path; the methods of a route are in parentheses). HEAD is left out where GET is there: Fastify
 * answers it with the GET handler.
 */
export function parsePrintedRoutes(printed: string): PrintedRoute[] {
  const routes: PrintedRoute[] = [];
  const prefixes: string[] = [];
  for (const line of printed.split('\n')) {
    const branch = /^([│ ]*)[├└]── (.*)$/u.exec(line);
    if (!branch) continue;
    const depth = (branch[1] ?? '').length / 4;
    const label = branch[2] ?? '';
    const methods = / \(([A-Z, ]+)\)$/.exec(label);
    const segment = methods ? label.slice(0, methods.index) : label;
    const path = `${prefixes[depth - 1] ?? ''}${segment}`;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    if (!methods) continue;
    const list = (methods[1] ?? '').split(',').map((method) => method.trim());
    for (const method of list) {
      if (method === 'HEAD' && list.includes('GET')) continue;
      routes.push({ method, url: path });
    }
  }
  return routes;
}
