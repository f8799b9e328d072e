import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startVideo } from './early-video';

describe('startVideo', () => {
  let play: MockInstance<() => Promise<void>>;

  beforeEach(() => {
    // jsdom plays nothing: play resolves, pause does nothing.
    play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('attaches a file at the start position and plays it before any player has it', async () => {
    const video = startVideo('/media/s/x/film.mp4', { mimeType: null, live: false, startSeconds: 12 });
    const stream = await video.stream;
    expect(stream.engine).toBe('file');
    expect(video.element.getAttribute('src')).toBe('/media/s/x/film.mp4');
    expect(video.element.classList.contains('player__video-element')).toBe(true);
    await vi.waitFor(() => {
      expect(play).toHaveBeenCalled();
    });
  });

  it('is adopted once, and a cancelled load releases only a video nobody adopted', async () => {
    const adopted = startVideo('/media/s/x/a.mp4', { mimeType: null, live: false, startSeconds: 0 });
    expect(adopted.adopt()).toBe(true);
    expect(adopted.adopt()).toBe(false);
    adopted.release();
    await adopted.stream;
    expect(adopted.element.getAttribute('src')).toBe('/media/s/x/a.mp4');

    const left = startVideo('/media/s/x/b.mp4', { mimeType: null, live: false, startSeconds: 0 });
    left.release();
    await vi.waitFor(() => {
      expect(left.element.getAttribute('src')).toBeNull();
    });
    expect(left.adopt()).toBe(false);
  });

  it('hands an error reported before anyone listened to the first listener', async () => {
    // No HLS of its own and no Media Source Extensions: the stream cannot play here.
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    const video = startVideo('/media/s/x/index.m3u8', { mimeType: null, live: false, startSeconds: 0 });
    await video.stream;
    const errors: string[] = [];
    const stop = video.listen((error) => errors.push(error));
    expect(errors).toEqual(['unsupported']);
    stop();
  });
});
