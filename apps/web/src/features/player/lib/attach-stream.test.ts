import { describe, expect, it } from 'vitest';
import { hasMediaSource, hlsConfig, hlsEngine, isHlsSource } from './attach-stream';

const mse = (supported: boolean) => ({ isTypeSupported: () => supported });
const video = (native: boolean) => ({ canPlayType: () => (native ? 'maybe' : '') as CanPlayTypeResult });

describe('attach-stream', () => {
  it('recognises HLS by MIME type, else by the URL', () => {
    expect(isHlsSource('/media/s/x/index.m3u8?a=1', null)).toBe(true);
    expect(isHlsSource('/media/s/x/film.mp4', null)).toBe(false);
    expect(isHlsSource('/media/s/x/live', 'application/vnd.apple.mpegurl')).toBe(true);
    expect(isHlsSource('/media/s/x/index.m3u8', 'video/mp4')).toBe(false);
  });

  it('prefers hls.js wherever Media Source Extensions exist, even with native HLS', () => {
    expect(hlsEngine(video(true), false, { MediaSource: mse(true) })).toBe('hls.js');
    expect(hlsEngine(video(false), false, { ManagedMediaSource: mse(true) })).toBe('hls.js');
    // Without MSE (Safari on iOS before 17.1) the browser's own HLS plays it.
    expect(hlsEngine(video(true), false, {})).toBe('native');
    expect(hlsEngine(video(true), false, { MediaSource: mse(false) })).toBe('native');
    expect(hlsEngine(video(false), false, {})).toBeNull();
  });

  it('plays live streams with the built-in HLS where the browser has it, else with hls.js', () => {
    expect(hlsEngine(video(true), true, { MediaSource: mse(true) })).toBe('native');
    expect(hlsEngine(video(false), true, { MediaSource: mse(true) })).toBe('hls.js');
    expect(hlsEngine(video(false), true, {})).toBeNull();
    expect(hasMediaSource({ MediaSource: {} })).toBe(false);
  });

  it('starts fast, and plays live from the window with an infinite duration', () => {
    const vod = hlsConfig(false, 42);
    expect(vod).toMatchObject({
      startPosition: 42,
      startLevel: 0,
      startFragPrefetch: true,
      testBandwidth: false,
    });
    expect(vod.liveDurationInfinity).toBe(false);
    const live = hlsConfig(true, 42);
    expect(live).toMatchObject({ startPosition: -1, liveDurationInfinity: true, liveSyncDurationCount: 2 });
  });
});
