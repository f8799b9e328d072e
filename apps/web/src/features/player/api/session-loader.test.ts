import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../../lib/logger';
import { createPlayQueue } from '../../../lib/media/play-queue';
import { jsonResponse, mockFetch, requestJson } from '../../../test/render-app';
import { dropSessionLoad, followPlayQueue } from './session-loader';

function operations(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([, init]) => {
    const body = requestJson(init) as { query?: string } | null;
    return /(?:query|mutation) (\w+)/.exec(body?.query ?? '')?.[1] ?? '';
  });
}

describe('followPlayQueue', () => {
  beforeEach(() => {
    // The stand-in server answers nothing useful: the loads log that they failed.
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    dropSessionLoad();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts the requests of an item played before it began to follow the queue', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: null }));
    const queue = createPlayQueue();
    // A Play pressed before the player host's code arrived.
    queue.play([{ id: 7, mediaType: 'ebook', title: 'Early', thumbnail: null }]);
    const stop = followPlayQueue(queue);
    await vi.waitFor(() => {
      expect(operations(fetchMock)).toContain('StartPlayback');
    });
    stop();
  });

  it('starts them once per activation, and again for the next one', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: null }));
    const queue = createPlayQueue();
    const stop = followPlayQueue(queue);
    queue.play([{ id: 8, mediaType: 'ebook', title: 'One', thumbnail: null }]);
    // React's development double effects subscribe twice; the same activation is not requested again.
    const again = followPlayQueue(queue);
    await vi.waitFor(() => {
      expect(operations(fetchMock).filter((name) => name === 'StartPlayback')).toHaveLength(1);
    });
    queue.play([{ id: 8, mediaType: 'ebook', title: 'One', thumbnail: null }]);
    await vi.waitFor(() => {
      expect(operations(fetchMock).filter((name) => name === 'StartPlayback')).toHaveLength(2);
    });
    stop();
    again();
  });
});
