import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressSaveStatus } from '../lib/save-status';
import { FAILURES_BEFORE_NOTICE, SAVE_RETRY_DELAYS_MS, useProgressSaver } from './use-progress-saver';

const updateMediaProgress = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/media/library-api', () => ({ updateMediaProgress }));
vi.mock('../../../lib/logger', () => ({ logger: { warn: vi.fn() } }));

const AUDIOBOOK = { id: 7, mediaType: 'audiobook' };

/** Settles the promise callbacks of the saves sent so far. */
async function flush(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

describe('useProgressSaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    updateMediaProgress.mockReset();
    progressSaveStatus.set(false);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the save made as the page is left with keepalive, and plain saves without it', async () => {
    updateMediaProgress.mockResolvedValue(undefined);
    let position = 12;
    const { result } = renderHook(() => useProgressSaver(AUDIOBOOK, () => ({ progress: position }), true));
    act(() => {
      result.current(true);
    });
    expect(updateMediaProgress).toHaveBeenLastCalledWith(
      { id: 7, mediaType: 'audiobook', progress: 12, position: null },
      { keepalive: false },
    );
    position = 20;
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(updateMediaProgress).toHaveBeenCalledTimes(2);
    expect(updateMediaProgress).toHaveBeenLastCalledWith(
      { id: 7, mediaType: 'audiobook', progress: 20, position: null },
      { keepalive: true },
    );
    await flush();
  });

  it('retries a failed save with backoff, says so after repeated failures, and clears it on success', async () => {
    updateMediaProgress.mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useProgressSaver(AUDIOBOOK, () => ({ progress: 30 }), false));
    act(() => {
      result.current(true);
    });
    await flush();
    expect(updateMediaProgress).toHaveBeenCalledTimes(1);
    // One failure is not yet worth a notice (FAILURES_BEFORE_NOTICE is 2).
    expect(FAILURES_BEFORE_NOTICE).toBe(2);
    expect(progressSaveStatus.isFailing()).toBe(false);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(SAVE_RETRY_DELAYS_MS[0]);
    });
    await flush();
    expect(updateMediaProgress).toHaveBeenCalledTimes(2);
    expect(progressSaveStatus.isFailing()).toBe(true);

    updateMediaProgress.mockResolvedValue(undefined);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SAVE_RETRY_DELAYS_MS[1]);
    });
    await flush();
    expect(updateMediaProgress).toHaveBeenCalledTimes(3);
    expect(updateMediaProgress).toHaveBeenLastCalledWith(
      { id: 7, mediaType: 'audiobook', progress: 30, position: null },
      { keepalive: false },
    );
    expect(progressSaveStatus.isFailing()).toBe(false);
  });

  it('gives up on a value after the last retry, and a newer save replaces a pending retry', async () => {
    updateMediaProgress.mockRejectedValue(new Error('offline'));
    let position = 40;
    const { result } = renderHook(() => useProgressSaver(AUDIOBOOK, () => ({ progress: position }), false));
    act(() => {
      result.current(true);
    });
    await flush();
    // A newer position is saved before the retry: the retry of 40 is dropped, 41 is sent and retried.
    position = 41;
    act(() => {
      result.current(true);
    });
    await flush();
    for (const delay of SAVE_RETRY_DELAYS_MS) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(delay);
      });
      await flush();
    }
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    const sent = updateMediaProgress.mock.calls.map(([args]) => (args as { progress: number }).progress);
    expect(sent).toEqual([40, 41, ...SAVE_RETRY_DELAYS_MS.map(() => 41)]);
    expect(progressSaveStatus.isFailing()).toBe(true);
  });

  it('saves nothing for media that keep no progress', () => {
    const { result } = renderHook(() =>
      useProgressSaver({ id: 3, mediaType: 'game' }, () => ({ progress: 5 }), true),
    );
    act(() => {
      result.current(true);
    });
    expect(updateMediaProgress).not.toHaveBeenCalled();
  });
});
