import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Below this size an answer is sent as it is (decision 039). Compressing costs a fixed set-up per answer
 * (Brotli's or zlib's state) that was as much CPU as the whole rest of a small API request, while an
 * answer this small fits with its headers in the first flight of a TCP connection (10 segments, about
 * 14 KB), so compressing it saves no round trip, only a few KB of transfer.
 */
export const COMPRESSION_THRESHOLD_BYTES = 8 * 1024;

/**
 * Compresses the JSON and HTML answers of an API scope (Brotli at quality 4, else gzip) when the
 * client accepts it and the body is at least 8 KB: the home page's shelves are about 47 KB of JSON and
 * about 6 KB compressed; a menu (2 KB) or a mutation's answer goes as it is. Registered per scope, not for the whole server: the web build's assets are
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
    threshold: COMPRESSION_THRESHOLD_BYTES,
  });
}
