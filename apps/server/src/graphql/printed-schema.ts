import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildSchema, lexicographicSortSchema, printSchema } from 'graphql';

import { typeDefs } from './schema';

export const SCHEMA_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../schema.graphql');

export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(buildSchema(typeDefs)))}\n`;
}
