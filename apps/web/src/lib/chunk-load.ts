import type { ComponentType } from 'react';
import { logger } from './logger';

/** Spec section 9: a script chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** A stylesheet chunk that failed to load (spec section 8); the name is the spec's code. */
export class CssChunkLoadError extends Error {
  override readonly name = 'CSS_CHUNK_LOAD_FAILED';
}

export function isChunkError(error: unknown): error is ChunkLoadError | CssChunkLoadError {
  return error instanceof ChunkLoadError || error instanceof CssChunkLoadError;
}

// Browsers word a failed dynamic import differently: Chrome "Failed to fetch dynamically imported
// module", Firefox "error loading dynamically imported module", Safari "Importing a module script failed".
const SCRIPT_CHUNK_FAILURE = /dynamically imported module|importing a module script failed/i;
// Vite's preload helper rejects with "Unable to preload CSS for <url>".
const CSS_CHUNK_FAILURE = /unable to preload css/i;

const converted = new WeakMap<object, Error>();

/**
 * Names a chunk failure the way spec section 8 does. The result is memoised per original error, so the
 * preload listener and the route see (and log) the same object.
 */
export function toChunkError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error), { cause: error });
  if (isChunkError(error)) return error;
  const known = converted.get(error);
  if (known) return known;
  let result: Error | null = null;
  if (CSS_CHUNK_FAILURE.test(error.message)) result = new CssChunkLoadError(error.message, { cause: error });
  else if (SCRIPT_CHUNK_FAILURE.test(error.message))
    result = new ChunkLoadError(error.message, { cause: error });
  if (!result) return error;
  converted.set(error, result);
  return result;
}

/**
 * Wraps a dynamic import: it rejects with a ChunkLoadError when it has not resolved in time, and its
 * network failures come out as ChunkLoadError or CSS_CHUNK_LOAD_FAILED.
 */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading a script chunk took longer than ${timeoutMs / 1000} s`));
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkError(error));
      },
    );
  });
}

/**
 * A React Router `lazy` function for a route module that exports its screen as `Component`, with the
 * chunk timeout and error naming. A `pick` builds other route properties from the module (an action that
 * needs the app's stores, for example).
 */
export function lazyRoute<TModule extends { Component: ComponentType }>(
  load: () => Promise<TModule>,
): () => Promise<{ Component: ComponentType }>;
export function lazyRoute<TModule, TRoute>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => TRoute,
): () => Promise<TRoute>;
export function lazyRoute(
  load: () => Promise<{ Component?: ComponentType }>,
  pick: (module: { Component?: ComponentType }) => unknown = (module) => ({ Component: module.Component }),
): () => Promise<unknown> {
  return async () => pick(await withChunkTimeout(load));
}

/** Logs chunk failures that Vite's preload helper reports (stylesheets included) as they happen. */
export function listenForPreloadErrors(target: Window = window): () => void {
  const handlePreloadError = (event: VitePreloadErrorEvent): void => {
    logger.error('Chunk failed to load', toChunkError(event.payload));
  };
  target.addEventListener('vite:preloadError', handlePreloadError);
  return () => {
    target.removeEventListener('vite:preloadError', handlePreloadError);
  };
}

const RELOAD_KEY = 'member-area:chunk-reload';

/**
 * A chunk failure usually means a new deployment replaced the files this page refers to, so reload once
 * per session to pick up the new ones; a second failure stays on the error page rather than loop.
 */
export function reloadOnceAfterChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => {
    window.location.reload();
  },
): boolean {
  try {
    if (storage.getItem(RELOAD_KEY)) return false;
    storage.setItem(RELOAD_KEY, new Date().toISOString());
  } catch {
    // Storage can be unavailable (privacy modes); without the guard a reload could loop, so do nothing.
    return false;
  }
  reload();
  return true;
}
