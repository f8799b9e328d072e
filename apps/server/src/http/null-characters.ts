import type { FastifyInstance } from 'fastify';

import { badInput } from '../errors';

/*
 * PostgreSQL refuses U+0000 in text, so a NUL byte that reached a query answered 500 there (and was
 * stored on SQLite). No input of this API has a use for it: every request is refused at the edge, with
 * one code, when its query string, path parameters or parsed body hold one, in a value or a key.
 * GraphQL string literals are checked where documents are (graphql/limits.ts).
 */

export const nullCharacterError = () =>
  badInput('Text cannot contain the NUL character (U+0000).', 'null_character');

/** Whether a parsed value (JSON, form fields, query string) holds U+0000 in a string or a key. */
function hasNullCharacter(value: unknown): boolean {
  // A stack, not recursion: a JSON body may nest tens of thousands of levels within its size limit.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (typeof item === 'object' && item !== null && !ArrayBuffer.isView(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(element);
      }
    }
  }
  return false;
}

/** Refuses, before validation and handlers, every request that carries U+0000 in its input. */
export function registerNullCharacterGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      hasNullCharacter(request.query) || hasNullCharacter(request.params) || hasNullCharacter(request.body);
    if (found) done(nullCharacterError());
    else done();
  });
}
