import type { Server } from 'node:http';

import type { FastifyHttpOptions, FastifyInstance } from 'fastify';

import type { AppConfig } from '../config';

type Limits = AppConfig['http'];

/**
 * How often Node looks for requests past their header or request timeout. It checks on this interval
 * only (30 s by default), so a timeout would be overrun by up to that much: a quarter of the shorter
 * timeout, between 100 ms and 5 s.
 */
function checkingIntervalMs(limits: Pick<Limits, 'headersTimeoutMs' | 'requestTimeoutMs'>): number {
  return Math.min(
    5_000,
    Math.max(100, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)),
  );
}

/**
 * The listening server's limits (issue 12, item 13): a client gets `headersTimeoutMs` to send its
 * headers and `requestTimeoutMs` for the whole request, body included, then gets 408 and is closed, so a
 * body trickled a byte at a time cannot hold a connection; a connection silent for `connectionTimeoutMs`
 * is closed, and an idle keep-alive one after `keepAliveTimeoutMs`. The answer is not limited: a long
 * media download keeps streaming.
 */
export function connectionOptions(
  limits: Limits,
): Pick<
  FastifyHttpOptions<Server>,
  'http' | 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'maxRequestsPerSocket'
> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: checkingIntervalMs(limits),
    },
  };
}

/** Connections beyond the cap are closed on arrival, before they cost a request's memory. */
export function capConnections(app: FastifyInstance, limits: Pick<Limits, 'maxConnections'>) {
  app.server.maxConnections = limits.maxConnections;
}
