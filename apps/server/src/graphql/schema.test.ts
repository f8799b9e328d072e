import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { SCHEMA_FILE, printedSchema } from './printed-schema';

describe('GraphQL contract', () => {
  it('matches the committed schema.graphql (run `npm run schema:print` after changing the schema)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });

  it('keeps the spec namespaces and names', () => {
    const schema = printedSchema();
    // The spec's query namespaces (the printer sorts them by name).
    expect(schema).toMatch(
      /type Query \{\s+content: ContentQuery!\s+ecommerce: EcommerceQuery!\s+impacts: ImpactsQuery!\s+member: MemberQuery!\s+plan: PlanQuery!\s+sweep: SweepQuery!\s+\}/,
    );
    expect(schema).toMatch(
      /type Mutation \{\s+content: ContentMutation!\s+ecommerce: EcommerceMutation!\s+member: MemberMutation!\s+sweep: SweepMutation!\s+\}/,
    );
    expect(schema).toContain('getMemberOrders: [MemberOrder!]!');
    expect(schema).toContain('getCreditBalance: Int!');
    expect(schema).toContain('menuItems(brandId: Int!): [MenuItem!]!');
    expect(schema).toContain('refreshToken: TokenPayload!');
    expect(schema).toContain('setTags(tags: [String!]!): MemberPayload!');
  });
});
