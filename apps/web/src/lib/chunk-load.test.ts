import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  CssChunkLoadError,
  reloadOnceAfterChunkError,
  toChunkError,
  withChunkTimeout,
} from './chunk-load';

describe('withChunkTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rejects with a ChunkLoadError when the chunk has not loaded after 120 s', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const settled = vi.fn();
    const loading = withChunkTimeout(() => never);
    loading.then(settled, settled);

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    const error: unknown = await loading.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).name).toBe('ChunkLoadError');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the module when it arrives in time', async () => {
    vi.useFakeTimers();
    const loading = withChunkTimeout(() => Promise.resolve({ Component: 'page' }));
    await expect(loading).resolves.toEqual({ Component: 'page' });
  });

  it('names a failed dynamic import a ChunkLoadError', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/page.js');
    await expect(withChunkTimeout(() => Promise.reject(failure))).rejects.toBeInstanceOf(ChunkLoadError);
  });
});

describe('toChunkError', () => {
  it('turns a stylesheet preload failure into CSS_CHUNK_LOAD_FAILED, the same object every time', () => {
    const failure = new Error('Unable to preload CSS for /assets/page.css');
    const named = toChunkError(failure);
    expect(named).toBeInstanceOf(CssChunkLoadError);
    expect(named.name).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(toChunkError(failure)).toBe(named);
  });

  it('leaves other errors alone', () => {
    const bug = new TypeError('x is not a function');
    expect(toChunkError(bug)).toBe(bug);
  });
});

describe('reloadOnceAfterChunkError', () => {
  it('reloads once per session', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    const reload = vi.fn();
    expect(reloadOnceAfterChunkError(storage, reload)).toBe(true);
    expect(reloadOnceAfterChunkError(storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
