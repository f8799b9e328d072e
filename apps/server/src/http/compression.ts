import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses the JSON and HTML answers of an API scope (Brotli at quality 4, else gzip) when the
 * client accepts it and the body is at least 1 KB: the home page's shelves are about 47 KB of JSON and
 * about 6 KB compressed. Registered per scope, not for the whole server: the web build's assets are
 * sent as the Brotli or gzip copies made at build time (http/spa.ts) and media answers byte ranges,
 * which compression would break. Request bodies are never decompressed: no client sends them
 * compressed, and a compressed body would only be a way around the body limits' intent.
 *
 * The compressed answers cannot leak secrets by their size (BREACH): a secret and attacker-chosen text
 * would have to share one response that a third-party page can make the browser request, and the API
 * takes JSON POSTs only, which cross-site pages cannot send without a preflight the server refuses.
 */
export async function registerCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
  });
}
