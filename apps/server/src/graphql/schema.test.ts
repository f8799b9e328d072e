import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { SCHEMA_FILE, printedSchema } from './printed-schema';

describe('GraphQL contract', () => {
  it('matches the committed schema.graphql (run `npm run schema:print` after changing the schema)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });

  it('keeps the spec namespaces and names', () => {
    const schema = printedSchema();
    expect(schema).toMatch(
      /type Query \{\s+content: ContentQuery!\s+ecommerce: EcommerceQuery!\s+member: MemberQuery!/,
    );
    expect(schema).toContain('getMemberOrders: [MemberOrder!]!');
    expect(schema).toContain('getCreditBalance: Int!');
    expect(schema).toContain('menuItems(brandId: Int!): [MenuItem!]!');
    expect(schema).toContain('refreshToken: TokenPayload!');
    expect(schema).toContain('setTags(tags: [String!]!): MemberPayload!');
  });
});
