import { describe, expect, it } from 'vitest';
import {
  LIVE_START_SLACK_SECONDS,
  chaseLive,
  hasMediaSource,
  hlsConfig,
  hlsEngine,
  isHlsSource,
} from './attach-stream';

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

/** A media element's time and events, as the chase uses them. */
class FakeVideo extends EventTarget {
  currentTime = 0;
}

describe('chaseLive', () => {
  function setUp() {
    const video = new FakeVideo();
    const seeks: number[] = [];
    let time = 0;
    Object.defineProperty(video, 'currentTime', {
      get: () => time,
      set: (value: number) => {
        time = value;
        seeks.push(value);
      },
    });
    let edge: number | null = null;
    const chase = chaseLive(video as unknown as HTMLMediaElement, () => edge);
    const setEdge = (value: number | null) => {
      edge = value;
    };
    const at = (seconds: number) => {
      time = seconds;
    };
    return { video, seeks, chase, setEdge, at };
  }

  it('seeks again when playback starts behind live, until a start finds it at live', () => {
    const { video, seeks, chase, setEdge, at } = setUp();
    chase.start();
    // Nothing known yet: no seek.
    expect(seeks).toEqual([]);
    // The first frame plays 12 s behind the live position (a slow start): it goes to live.
    at(4);
    setEdge(16);
    video.dispatchEvent(new Event('playing'));
    expect(seeks).toEqual([16]);
    // Playing again at live: nothing more, and a later stall that leaves it behind is the member's.
    at(16);
    setEdge(18);
    video.dispatchEvent(new Event('playing'));
    at(20);
    setEdge(40);
    video.dispatchEvent(new Event('playing'));
    expect(seeks).toEqual([16]);
  });

  it('seeks on a jump, stops after a few tries, and a pause ends the chase', () => {
    const { video, seeks, chase, setEdge, at } = setUp();
    at(10);
    setEdge(30);
    chase.start();
    expect(seeks).toEqual([30]);
    for (const edge of [50, 70, 90, 110]) {
      at(edge - 15);
      setEdge(edge);
      video.dispatchEvent(new Event('playing'));
    }
    // Three more tries after the jump's own seek, then it gives up on a machine too slow for live.
    expect(seeks).toEqual([30, 50, 70, 90]);

    chase.start();
    video.dispatchEvent(new Event('pause'));
    at(0);
    setEdge(200);
    video.dispatchEvent(new Event('playing'));
    expect(seeks).toEqual([30, 50, 70, 90, 110]);
    chase.stop();
  });

  it('leaves playback alone within a segment of live', () => {
    const { video, seeks, chase, setEdge, at } = setUp();
    chase.start();
    at(12);
    setEdge(12 + LIVE_START_SLACK_SECONDS);
    video.dispatchEvent(new Event('playing'));
    expect(seeks).toEqual([]);
  });
});
