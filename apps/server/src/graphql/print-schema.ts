// Writes the printed GraphQL schema to apps/server/schema.graphql, the contract reviewed in pull
// requests; a test fails when the committed file is stale. Run: npm run schema:print
import { writeFileSync } from 'node:fs';

import { SCHEMA_FILE, printedSchema } from './printed-schema';

writeFileSync(SCHEMA_FILE, printedSchema());
console.log(`wrote ${SCHEMA_FILE}`);
