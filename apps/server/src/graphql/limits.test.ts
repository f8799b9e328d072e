import { performance } from 'node:perf_hooks';

import { type DocumentNode, buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';

import { AppError } from '../errors';
import {
  DOCUMENT_LIMITS,
  FIELD_WEIGHTS,
  MAX_DOCUMENT_COST,
  MAX_DOCUMENT_DEFINITIONS,
  MAX_QUERY_COST,
  MAX_QUERY_DEPTH,
  MAX_QUERY_WORK,
  MAX_VALUE_DEPTH,
  documentLimitError,
} from './limits';
import { typeDefs } from './schema';

const schema = buildSchema(typeDefs);
const codeOf = (document: DocumentNode, limits = DOCUMENT_LIMITS) => {
  const error = documentLimitError(document, schema, limits);
  if (error === null) return null;
  return error instanceof AppError ? error.slug : error.extensions.code;
};
const check = (query: string, limits = DOCUMENT_LIMITS) => codeOf(parse(query), limits);
const fields = (count: number, name = 'f') =>
  Array.from({ length: count }, (_, i) => `${name}${String(i)}: __typename`).join(' ');
/** F0 spreads F1 twice, …, the last spreads `end`: 2^n paths. */
const chain = (n: number, end: string) =>
  `{ ...F0 } ${Array.from({ length: n }, (_, i) => `fragment F${String(i)} on Query { ...F${String(i + 1)} ...F${String(i + 1)} }`).join(' ')} fragment F${String(n)} on Query { ${end} }`;
const nest = (levels: number, leaf = '__typename') =>
  `${'a { '.repeat(levels - 1)}${leaf}${' }'.repeat(levels - 1)}`;

describe('documentLimitError', () => {
  it('accepts ordinary queries, and the largest one the web sends', () => {
    expect(check('{ content { menuItems(brandId: 1) { type title } } }')).toBeNull();
    // The live page asks for 20 streams' schedules under aliases (apps/web get-live-streams.ts).
    const stream =
      'id mediaType title slug thumbnail { origin path cacheIndex } quality liveSchedule { title startsAt endsAt }';
    const ids = Array.from({ length: 20 }, (_, i) => i);
    const live = `query LiveSchedules(${ids.map((i) => `$id${String(i)}: Int!`).join(', ')}) { content { ${ids
      .map((i) => `s${String(i)}: media(mediaType: "stream", id: $id${String(i)}) { ${stream} }`)
      .join(' ')} } }`;
    expect(check(live)).toBeNull();
  });

  it('counts fields and aliases against the cost', () => {
    expect(check(`{ ${fields(MAX_QUERY_COST)} }`)).toBeNull();
    expect(check(`{ ${fields(MAX_QUERY_COST + 1)} }`)).toBe('QUERY_TOO_COMPLEX');
    expect(check(`{ content { ${fields(MAX_QUERY_COST)} } }`)).toBe('QUERY_TOO_COMPLEX');
  });

  it('counts each spread with its fragment, which it measures once', () => {
    const spreads = (count: number) => `{ ${'...One '.repeat(count)} } fragment One on Query { __typename }`;
    // Each spread costs itself and the fragment's one field; the fragment's own definition costs 1.
    expect(check(spreads(MAX_QUERY_COST / 2))).toBeNull();
    expect(check(spreads(MAX_QUERY_COST / 2 + 1))).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses fragment chains in linear time, ending in a field or in an unknown fragment', () => {
    const limits = { ...DOCUMENT_LIMITS, maxDefinitions: 10_000 };
    for (const n of [28, 100, 2_000]) {
      const withField = parse(chain(n, '__typename'));
      const withUnknown = parse(chain(n, '...Missing'));
      // Generous bound: the chain of 28 took tens of seconds when each path was walked (2^28 of them);
      // measured once per fragment, even 2,000 fragments take milliseconds.
      const started = performance.now();
      expect(codeOf(withField, limits)).toBe('QUERY_TOO_COMPLEX');
      expect(codeOf(withUnknown, limits)).toBe('QUERY_TOO_COMPLEX');
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });

  it('refuses a fragment over the limit that no operation spreads', () => {
    expect(check(`{ __typename } fragment Big on Query { ${fields(MAX_QUERY_COST + 1)} }`)).toBe(
      'QUERY_TOO_COMPLEX',
    );
  });

  it('bounds the cost of all operations and fragments together', () => {
    const operation = (name: string) => `query ${name} { ${fields(MAX_QUERY_COST - 1)} }`;
    const count = Math.floor(MAX_DOCUMENT_COST / (MAX_QUERY_COST - 1));
    const names = Array.from({ length: count + 1 }, (_, i) => `Q${String(i)}`);
    expect(check(names.slice(0, count).map(operation).join(' '))).toBeNull();
    expect(check(names.map(operation).join(' '))).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses more operations and fragments than a document may hold', () => {
    const fragments = (count: number) =>
      `{ __typename } ${Array.from({ length: count }, (_, i) => `fragment G${String(i)} on Query { __typename }`).join(' ')}`;
    expect(check(fragments(MAX_DOCUMENT_DEFINITIONS - 1))).toBeNull();
    expect(check(fragments(MAX_DOCUMENT_DEFINITIONS))).toBe('QUERY_TOO_LARGE');
  });

  it('measures depth by nested fields: fragments and inline fragments add no level', () => {
    expect(check(`{ ${nest(MAX_QUERY_DEPTH)} }`)).toBeNull();
    expect(check(`{ ${nest(MAX_QUERY_DEPTH + 1)} }`)).toBe('QUERY_TOO_DEEP');
    // The spread sits at the last level and its fragment's field fills it.
    expect(check(`{ ${nest(MAX_QUERY_DEPTH, '...Leaf')} } fragment Leaf on Query { a }`)).toBeNull();
    expect(check(`{ ${nest(MAX_QUERY_DEPTH + 1, '...Leaf')} } fragment Leaf on Query { a }`)).toBe(
      'QUERY_TOO_DEEP',
    );
    expect(check(`{ ... on Query { ${nest(MAX_QUERY_DEPTH)} } }`)).toBeNull();
  });

  it('refuses fragment cycles before validation', () => {
    expect(check('{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }')).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
    expect(check('{ __typename } fragment A on Query { a { ...A } }')).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses values nested too deep', () => {
    const list = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    expect(check(`{ a(x: ${list(MAX_VALUE_DEPTH)}) }`)).toBeNull();
    expect(check(`{ a(x: ${list(MAX_VALUE_DEPTH + 1)}) }`)).toBe('QUERY_TOO_DEEP');
    const object = `${'{ a: '.repeat(MAX_VALUE_DEPTH + 1)}1${' }'.repeat(MAX_VALUE_DEPTH + 1)}`;
    expect(check(`query ($v: In = ${object}) { a }`)).toBe('QUERY_TOO_DEEP');
  });

  it('refuses U+0000 in any string literal, escaped or not', () => {
    expect(check('{ a(x: "a\\u0000b") }')).toBe('null_character');
    expect(check('{ a(x: ["ok", { y: "\u0000" }]) }')).toBe('null_character');
    expect(check('{ a @d(x: """a\u0000""") }')).toBe('null_character');
    expect(check('query ($v: String = "\\u0000") { a }')).toBe('null_character');
    expect(check('{ a(x: "a\\u0001b") }')).toBeNull();
  });

  describe('work', () => {
    const search = (alias: string) => `${alias}: search(query: "a") { mediaType }`;

    it('weighs only fields the schema has', () => {
      for (const key of Object.keys(FIELD_WEIGHTS)) {
        const [type = '', field = ''] = key.split('.');
        const named = schema.getType(type);
        expect(named && 'getFields' in named ? Object.keys(named.getFields()) : [], key).toContain(field);
      }
    });

    it('allows one search per operation, whatever the aliases, fragments and spreads', () => {
      expect(check(`{ content { ${search('a')} } }`)).toBeNull();
      expect(check(`{ content { ${search('a')} ${search('b')} } }`)).toBe('QUERY_TOO_COMPLEX');
      expect(check(`{ a: content { ${search('s')} } b: content { ${search('s')} } }`)).toBe(
        'QUERY_TOO_COMPLEX',
      );
      const fragment = `fragment S on ContentQuery { ${search('s')} }`;
      expect(check(`{ content { ...S } } ${fragment}`)).toBeNull();
      expect(check(`{ a: content { ...S } b: content { ...S } } ${fragment}`)).toBe('QUERY_TOO_COMPLEX');
      expect(check(`{ ...Q ...Q } fragment Q on Query { content { ...S } } ${fragment}`)).toBe(
        'QUERY_TOO_COMPLEX',
      );
      expect(check(`{ content { ... on ContentQuery { ${search('a')} } ... { ${search('b')} } } }`)).toBe(
        'QUERY_TOO_COMPLEX',
      );
    });

    it('counts a fragment where an operation spreads it, and each operation alone', () => {
      const heavy = `fragment Unused on ContentQuery { ${search('a')} ${search('b')} }`;
      expect(check(`{ content { menuItems(brandId: 1) { type } } } ${heavy}`)).toBeNull();
      const operation = (name: string) => `query ${name} { content { ${search('a')} } }`;
      expect(check(`${operation('A')} ${operation('B')}`)).toBeNull();
    });

    it('gives the namespace fields a default weight and other fields none', () => {
      const infos = (count: number) =>
        Array.from({ length: count }, (_, i) => `i${String(i)}: info { id }`).join(' ');
      // A namespace field without an entry weighs 1, its selection nothing.
      expect(check(`{ member { ${infos(MAX_QUERY_WORK)} } }`)).toBeNull();
      expect(check(`{ member { ${infos(MAX_QUERY_WORK + 1)} } }`)).toBe('QUERY_TOO_COMPLEX');
      expect(check(`{ content { ${fields(MAX_QUERY_COST - 1)} } }`)).toBeNull();
      // A mutation weighs 20, a password check 60.
      const histories = (count: number) =>
        Array.from(
          { length: count },
          (_, i) =>
            `h${String(i)}: addToHistory(type: "movie", id: ${String(i + 1)}) { responseResult { slug } }`,
        ).join(' ');
      expect(check(`mutation { content { ${histories(MAX_QUERY_WORK / 20)} } }`)).toBeNull();
      expect(check(`mutation { content { ${histories(MAX_QUERY_WORK / 20 + 1)} } }`)).toBe(
        'QUERY_TOO_COMPLEX',
      );
      const password = (alias: string) =>
        `${alias}: changePassword(input: { currentPassword: "a", newPassword: "b", confirmPassword: "b" }) { responseResult { slug } }`;
      expect(check(`mutation { member { ${password('a')} ${password('b')} ${password('c')} } }`)).toBe(
        'QUERY_TOO_COMPLEX',
      );
    });
  });

  it('refuses a syntax tree that did not come from the parser', () => {
    const forged = JSON.parse(JSON.stringify(parse('{ a }'))) as DocumentNode;
    expect(codeOf(forged)).toBe('GRAPHQL_PARSE_FAILED');
    const withoutLocation = parse('{ a }', { noLocation: true });
    expect(codeOf(withoutLocation)).toBe('GRAPHQL_PARSE_FAILED');
  });
});
