// Movies and episodes: ffmpeg test sources (mandelbrot, life, cellauto) dressed with title and credit
// cards, a synthesized score, encoded once to H.264 main / AAC-LC in a fast-start MP4 and remuxed
// (stream copy) to HLS VOD with fMP4 (CMAF) segments of 0.5, 0.5, 1 and 2 seconds, then 4 seconds, after
// one initialization segment (`init.mp4`, the playlist's EXT-X-MAP). Keyframes are forced at every
// segment start, so each segment starts with an IDR frame and durations are exact.
// The short first segments let playback start after a few tens of KB: hls.js parses a segment as it
// arrives only in 128 KB steps, so a 4-second first segment (about 400 KB) held the first frame back.
// fMP4 rather than MPEG-TS (decision 047): hls.js appends fMP4 as it is, where it had to transmux each
// MPEG-TS segment on the page's main thread first (12 ms for the first one at full speed, 36-43 ms on a
// CPU three times slower), and the segments are about 10% smaller. The live loop stays MPEG-TS (live.mjs).
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { BITEXACT, FONTS, ensureDir, ffmpeg, haveFonts, round, writeText } from '../lib/run.mjs';
import { writeWav } from '../lib/synth.mjs';
import { poster } from '../lib/thumbnails.mjs';
import { writeCaptions } from './captions.mjs';
import { composeTrack } from './music.mjs';

export const SEGMENT_SECONDS = 4;
/** A VOD title's first segments (seconds); `-hls_init_time` cuts at the first keyframe after each. */
export const START_SEGMENT_SECONDS = 0.5;
/** Keyframe times of a VOD title: 0, 0.5, 1 and 2 s (the short start segments), then every 4 s. */
export function vodKeyframes(seconds) {
  const times = [0, 0.5, 1, 2];
  for (let t = SEGMENT_SECONDS; t < seconds; t += SEGMENT_SECONDS) times.push(t);
  return times.filter((t) => t < seconds);
}
export const FPS = 24;
/** A VOD title's fMP4 initialization segment, beside its playlist. */
export const HLS_INIT = 'init.mp4';

export const VIDEOS = [
  {
    slug: 'fractal-tides',
    title: 'Fractal Tides',
    tagline: 'A slow voyage into the Mandelbrot set',
    kind: 'movie',
    seconds: 40,
    progressive: true,
    // Rendered at half size and scaled up: smoother gradients, far fewer bits.
    source: (d) =>
      `mandelbrot=s=320x180:r=${FPS}:maxiter=160:start_x=-0.743643887037151:start_y=0.131825904205330:start_scale=2.5:end_scale=0.02:end_pts=${d * FPS}:outer=normalized_iteration_count:inner=black:bailout=10,scale=640:360:flags=bicubic,hue=h=160:s=0.75`,
    music: {
      slug: 'fractal-tides-score',
      root: 50,
      mode: 'minor',
      bpm: 72,
      bars: 11,
      progression: [0, 5, 3, 4],
      style: { arp: 'bell', drums: 'none', pad: true, melody: 'none' },
    },
    colors: ['0x0b132b', '0x5bc0be'],
    year: 2024,
    genre: 'Documentary',
  },
  {
    slug: 'colony',
    title: 'Colony',
    tagline: 'Life, one generation at a time',
    kind: 'movie',
    seconds: 36,
    progressive: false,
    source: () =>
      `life=s=160x90:r=8:mold=12:ratio=0.14:seed=20240101:life_color=#f2c14e:death_color=#12355b:mold_color=#1d4e89:stitch=1,scale=640:360:flags=neighbor,fps=${FPS}`,
    music: {
      slug: 'colony-score',
      root: 57,
      mode: 'dorian',
      bpm: 100,
      bars: 14,
      progression: [0, 3, 6, 4],
      style: { arp: 'pluck', drums: 'soft', pad: true, melody: 'bell' },
    },
    colors: ['0x12355b', '0xf2c14e'],
    year: 2024,
    genre: 'Science Fiction',
  },
  {
    slug: 'rule-110',
    title: 'Rule 110',
    tagline: 'Episode 3: the automaton that computes',
    kind: 'episode',
    seconds: 20,
    progressive: false,
    source: () =>
      `cellauto=rule=110:s=160x90:r=${FPS}:random_fill_ratio=0.5:random_seed=110:scroll=1:start_full=1,scale=640:360:flags=neighbor,format=rgb24,lutrgb=r='if(gt(val,127),64,13)':g='if(gt(val,127),150,27)':b='if(gt(val,127),170,42)',format=yuv420p`,
    music: {
      slug: 'rule-110-score',
      root: 62,
      mode: 'mixolydian',
      bpm: 120,
      bars: 8,
      progression: [0, 6, 3, 0],
      style: { arp: 'bell', drums: 'four', pad: false, melody: 'none' },
    },
    colors: ['0x0d1b2a', '0x48cae4'],
    year: 2024,
    genre: 'Science Fiction',
  },
];

export const SERIES = {
  id: 'series-patterns-in-motion',
  title: 'Patterns in Motion',
  description: 'A three-part series on the patterns that simple rules draw.',
  episodes: [
    { seasonNumber: 1, episodeNumber: 1, title: 'Fractal Tides', video: 'fractal-tides' },
    { seasonNumber: 1, episodeNumber: 2, title: 'Colony', video: 'colony' },
    { seasonNumber: 1, episodeNumber: 3, title: 'Rule 110', video: 'rule-110' },
  ],
  colors: ['0x22223b', '0xc9ada7'],
};

/**
 * x264 settings shared by movies and the live loop: main profile, yuv420p, GOPs of at most 4 s with a
 * keyframe at every 4 s, or at the given `keyframes` times (seconds). One x264 thread: with frame
 * threads and VBV (maxrate) x264's output changes from run to run.
 */
export function x264Args(fps, { crf = 27, maxrate = '650k', keyframes = null } = {}) {
  const gop = SEGMENT_SECONDS * fps;
  return [
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-level:v',
    '3.1',
    '-preset',
    'medium',
    '-tune',
    'animation',
    '-crf',
    String(crf),
    '-maxrate',
    maxrate,
    '-bufsize',
    '1300k',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    keyframes ? keyframes.join(',') : `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-x264-params',
    'open-gop=0:threads=1:lookahead-threads=1',
  ];
}

function titleCards(v, tmp) {
  if (!haveFonts()) return [];
  const file = (name, text) => writeText(join(tmp, `${v.slug}-${name}.txt`), text);
  const d = v.seconds;
  const inOut = (a, b) =>
    `alpha='if(lt(t,${a}),0,if(lt(t,${a + 0.8}),(t-${a})/0.8,if(lt(t,${b - 0.8}),1,if(lt(t,${b}),(${b}-t)/0.8,0))))'`;
  const text = (f, font, size, y, extra) =>
    `drawtext=fontfile=${font}:textfile=${f}:fontsize=${size}:fontcolor=white:x=(w-text_w)/2:y=${y}:shadowcolor=black@0.7:shadowx=2:shadowy=2:${extra}`;
  return [
    `drawbox=x=0:y=ih*0.36:w=iw:h=ih*0.3:color=black@0.45:t=fill:enable='between(t,0,4.6)+between(t,${d - 4.6},${d})'`,
    text(file('title', v.title), FONTS.bold, 46, 'h*0.39', inOut(0.3, 4.5)),
    text(file('tagline', v.tagline), FONTS.sans, 20, 'h*0.54', inOut(0.8, 4.5)),
    text(file('credit1', `${v.title} · a generated film`), FONTS.bold, 28, 'h*0.41', inOut(d - 4.5, d)),
    text(
      file('credit2', 'Made with ffmpeg for the member-area demo · CC0 1.0'),
      FONTS.sans,
      16,
      'h*0.54',
      inOut(d - 4.2, d),
    ),
  ];
}

/** Renders the score to exactly `seconds` of 48 kHz stereo WAV. */
function score(v, tmp) {
  const { channels } = composeTrack(v.music, 5000 + v.seconds);
  const sr = 44100;
  const n = Math.round(v.seconds * sr);
  const fit = channels.map((ch) => {
    const c = new Float32Array(n);
    c.set(ch.subarray(0, Math.min(n, ch.length)));
    const fade = Math.round(1.5 * sr);
    for (let i = n - fade; i < n; i++) c[i] *= (n - i) / fade;
    return c;
  });
  const wav = join(tmp, `${v.slug}-score.wav`);
  writeWav(wav, fit, sr);
  return wav;
}

/** Encodes one video to a progressive MP4 and an HLS VOD folder; returns the manifest item. */
export function buildVideo(v, { out, tmp, thumbs }) {
  const wav = score(v, tmp);
  const vf = [
    v.source(v.seconds),
    ...titleCards(v, tmp),
    `fade=t=in:st=0:d=0.8,fade=t=out:st=${v.seconds - 1}:d=1`,
    'format=yuv420p',
  ].join(',');
  const mp4 = join(tmp, `${v.slug}.mp4`);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    vf,
    '-i',
    wav,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-t',
    String(v.seconds),
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    ...x264Args(FPS, { keyframes: vodKeyframes(v.seconds) }),
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ar',
    '48000',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    ...BITEXACT,
    '-metadata',
    `title=${v.title}`,
    mp4,
  ]);
  const hlsDir = ensureDir(join(out, 'video', v.slug));
  for (const f of readdirSync(hlsDir))
    if (/\.(ts|m4s|m3u8)$/.test(f) || f === HLS_INIT) throw new Error(`${hlsDir} not empty`);
  ffmpeg([
    '-i',
    mp4,
    '-map',
    '0',
    '-c',
    'copy',
    '-map_metadata',
    '-1',
    ...BITEXACT,
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_init_time',
    String(START_SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    HLS_INIT,
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    join(hlsDir, 'seg%03d.m4s'),
    join(hlsDir, 'index.m3u8'),
  ]);
  let progressive = null;
  if (v.progressive) {
    progressive = `video/${v.slug}.mp4`;
    copyFileSync(mp4, join(out, progressive));
  }
  writeCaptions(out, v.slug, { progressive: v.progressive });
  const thumbnail = `thumbnails/video/${v.slug}.webp`;
  poster({
    out: join(thumbs, 'video', `${v.slug}.webp`),
    tmp,
    mediaType: 'movie',
    title: v.title,
    subtitle: v.tagline,
    colors: v.colors,
    seed: v.seconds,
  });
  return {
    id: `${v.kind}-${v.slug}`,
    mediaType: 'movie',
    kind: v.kind === 'episode' ? 'episode-hls' : 'movie-hls',
    title: v.title,
    entry: `video/${v.slug}/index.m3u8`,
    progressive,
    thumbnail,
    durationSeconds: v.seconds,
    metadata: {
      tagline: v.tagline,
      year: v.year,
      genre: v.genre,
      width: 640,
      height: 360,
      fps: FPS,
      segmentSeconds: SEGMENT_SECONDS,
      startSegmentSeconds: START_SEGMENT_SECONDS,
    },
  };
}

export function buildVideos(ctx) {
  const items = VIDEOS.map((v) => buildVideo(v, ctx));
  poster({
    out: join(ctx.thumbs, 'video', 'patterns-in-motion.webp'),
    tmp: ctx.tmp,
    mediaType: 'movie',
    title: SERIES.title,
    subtitle: 'Series · 3 episodes',
    colors: SERIES.colors,
    seed: 77,
  });
  items.push({
    id: SERIES.id,
    mediaType: 'movie',
    kind: 'series',
    title: SERIES.title,
    entry: `video/${SERIES.episodes[0].video}/index.m3u8`,
    thumbnail: 'thumbnails/video/patterns-in-motion.webp',
    durationSeconds: round(
      SERIES.episodes.reduce((s, e) => s + VIDEOS.find((v) => v.slug === e.video).seconds, 0),
      2,
    ),
    episodes: SERIES.episodes.map((e) => ({
      ...e,
      entry: `video/${e.video}/index.m3u8`,
      durationSeconds: VIDEOS.find((v) => v.slug === e.video).seconds,
    })),
    metadata: { description: SERIES.description },
  });
  return items;
}
