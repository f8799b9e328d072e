// The Sports live stream: a 24-second loop of a stylised football pitch (a still background drawn with
// geq), a ball and four players moving on Lissajous paths whose period is exactly the loop length, a
// scoreboard, a blinking LIVE badge, a news ticker that also wraps every 24 s, and a synthesized crowd
// bed made seamless with a cross-fade. Encoded straight to six 4-second MPEG-TS segments (IDR at every
// segment start, closed GOPs, SPS/PPS repeated) that a server can serve in a sliding live playlist.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { BITEXACT, FONTS, ensureDir, ffmpeg, haveFonts, writeText } from '../lib/run.mjs';
import { TAU, finish, prng, writeWav } from '../lib/synth.mjs';
import { poster } from '../lib/thumbnails.mjs';
import { SEGMENT_SECONDS, x264Args } from './video.mjs';

export const LIVE = {
  slug: 'match-day',
  title: 'Match Day Live: Demo FC v Sample United',
  shortTitle: 'Match Day Live',
  loopSeconds: 24,
  fps: 25,
  width: 640,
  height: 360,
  audioRate: 48000,
  colors: ['0x1b5e20', '0x0b1f0c'],
};

function pitchExpression(W, H) {
  const m = 20;
  const box = (x0, x1, y0, y1) =>
    `(between(X,${x0},${x1})*between(Y,${y0},${y1})*(lt(abs(X-${x0}),1.5)+lt(abs(X-${x1}),1.5)+lt(abs(Y-${y0}),1.5)+lt(abs(Y-${y1}),1.5)))`;
  const lines = [
    box(m, W - m, m, H - m),
    box(m, m + 90, H / 2 - 85, H / 2 + 85),
    box(W - m - 90, W - m, H / 2 - 85, H / 2 + 85),
    box(m, m + 32, H / 2 - 40, H / 2 + 40),
    box(W - m - 32, W - m, H / 2 - 40, H / 2 + 40),
    `(lt(abs(X-${W / 2}),1.2)*between(Y,${m},${H - m}))`,
    `lt(abs(hypot(X-${W / 2},Y-${H / 2})-52),1.4)`,
    `lt(hypot(X-${W / 2},Y-${H / 2}),3.5)`,
  ].join('+');
  const stripe = 'mod(floor(X/64),2)';
  return { lines, stripe };
}

function disc(file, size, [r, g, b], border) {
  const c = (size - 1) / 2;
  const ring = border ? `if(gt(hypot(X-${c},Y-${c}),${c - 2}),255,` : '(';
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=${size}x${size}:d=1,format=rgba,geq=r='${ring}${r})':g='${ring}${g})':b='${ring}${b})':a='255*lt(hypot(X-${c},Y-${c}),${c + 0.5})'`,
    '-frames:v',
    '1',
    ...BITEXACT,
    file,
  ]);
  return file;
}

/** Seamless 24-s crowd bed: filtered noise with slow swells, the tail cross-faded into the head. */
function crowd(tmp) {
  const sr = LIVE.audioRate;
  const n = LIVE.loopSeconds * sr;
  const xf = Math.round(2 * sr);
  const total = n + xf;
  const random = prng(2024);
  const chans = [0, 1].map(() => new Float32Array(total));
  for (const [ci, ch] of chans.entries()) {
    let b0 = 0;
    let b1 = 0;
    let b2 = 0;
    let lp = 0;
    for (let i = 0; i < total; i++) {
      const w = random() * 2 - 1;
      // Paul Kellet's economy pink-noise filter, then a gentle low-pass.
      b0 = 0.99765 * b0 + w * 0.099046;
      b1 = 0.963 * b1 + w * 0.2965164;
      b2 = 0.57 * b2 + w * 1.0526913;
      const pink = b0 + b1 + b2 + w * 0.1848;
      lp += (pink - lp) * 0.25;
      const t = i / sr;
      const swell =
        0.55 + 0.25 * Math.sin((TAU * t) / 12 + ci) + 0.2 * Math.max(0, Math.sin((TAU * t) / 8)) ** 4;
      ch[i] = lp * swell;
    }
    // Two "oohs" of the crowd: band-limited tones with a slow envelope, periodic in the loop.
    for (const [start, f] of [
      [5, 330],
      [17, 294],
    ]) {
      for (let i = 0; i < 2.5 * sr; i++) {
        const t = i / sr;
        const env = Math.sin((Math.PI * t) / 2.5) ** 2;
        const v =
          (Math.sin(TAU * f * t) + 0.5 * Math.sin(TAU * f * 1.5 * t) + 0.3 * Math.sin(TAU * f * 2.01 * t)) *
          env *
          0.08;
        ch[start * sr + i] += v * (1 + 0.3 * Math.sin(TAU * 4.5 * t));
      }
    }
  }
  const out = chans.map((ch) => {
    const o = ch.slice(0, n);
    for (let i = 0; i < xf; i++) {
      const a = i / xf;
      o[i] = ch[i] * a + ch[n + i] * (1 - a);
    }
    return o;
  });
  finish(out, sr, { peak: 0.6 });
  const wav = join(tmp, 'crowd.wav');
  writeWav(wav, out, sr);
  return wav;
}

export function buildLive({ out, tmp, thumbs }) {
  const { width: W, height: H, fps, loopSeconds: D } = LIVE;
  const { lines, stripe } = pitchExpression(W, H);
  const pitch = join(tmp, 'pitch.png');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=${W}x${H}:d=1,format=rgb24,geq=r='if(${lines},235,if(${stripe},44,52))':g='if(${lines},240,if(${stripe},122,138))':b='if(${lines},235,if(${stripe},48,56))',vignette=angle=PI/6`,
    '-frames:v',
    '1',
    ...BITEXACT,
    pitch,
  ]);
  const ball = disc(join(tmp, 'ball.png'), 14, [250, 250, 250], false);
  const red = disc(join(tmp, 'red.png'), 18, [211, 47, 47], true);
  const blue = disc(join(tmp, 'blue.png'), 18, [25, 118, 210], true);
  const wav = crowd(tmp);

  // Positions are periodic with period D, so the last frame flows into the first.
  const path = (ax, ay, fx, fy, lag, phase, dx = 0, dy = 0, size = 14) =>
    `x='${W / 2 - size / 2 + dx}+${ax}*sin(2*PI*${fx}*(t-${lag})/${D})':y='${H / 2 - size / 2 + dy}+${ay}*sin(2*PI*${fy}*(t-${lag})/${D}+${phase})'`;
  const graph = [
    `[1:v]format=rgba[ball]`,
    `[2:v]format=rgba,split=2[r1][r2]`,
    `[3:v]format=rgba,split=2[b1][b2]`,
    `[0:v]fps=${fps},format=yuv420p[bg]`,
    `[bg][r1]overlay=${path(210, 95, 2, 3, 0.9, 0.6, -30, 0, 18)}:eval=frame[v1]`,
    `[v1][r2]overlay=${path(150, 120, 1, 2, 1.6, 1.2, -120, 10, 18)}:eval=frame[v2]`,
    `[v2][b1]overlay=${path(200, 100, 2, 3, 0.5, 0.9, 40, -10, 18)}:eval=frame[v3]`,
    `[v3][b2]overlay=${path(140, 110, 1, 2, 2.2, 2.0, 150, 0, 18)}:eval=frame[v4]`,
    `[v4][ball]overlay=${path(250, 120, 2, 3, 0, 0.6)}:eval=frame`,
  ];
  let chain = graph.join(';');
  if (haveFonts()) {
    const f = (name, text) => writeText(join(tmp, `live-${name}.txt`), text);
    const txt = (file, font, size, x, y, extra = '') =>
      `drawtext=fontfile=${font}:textfile=${file}:fontsize=${size}:fontcolor=white:x=${x}:y=${y}${extra}`;
    chain +=
      ',' +
      [
        'drawbox=x=16:y=14:w=300:h=34:color=black@0.65:t=fill',
        'drawbox=x=316:y=14:w=52:h=34:color=0xffc107@0.9:t=fill',
        txt(f('score', 'DEMO FC  2 – 1  SAMPLE UTD'), FONTS.bold, 16, 26, 23),
        txt(f('minute', "67'"), FONTS.mono, 17, 326, 22, ':fontcolor=black'),
        `drawbox=x=${W - 96}:y=14:w=80:h=30:color=0xd32f2f@0.95:t=fill:enable='lt(mod(t,1),0.65)'`,
        txt(f('live', '● LIVE'), FONTS.bold, 16, W - 88, 20, `:enable='lt(mod(t,1),0.65)'`),
        `drawbox=x=0:y=${H - 30}:w=${W}:h=30:color=black@0.6:t=fill`,
        txt(
          f(
            'ticker',
            'DEMO SPORTS · A generated 24-second loop served as a live HLS stream · Demo FC 2 – 1 Sample United · Shots on target 6 – 4 · Corners 5 – 2 · Next: extended highlights ·',
          ),
          FONTS.sans,
          15,
          `w-mod(t*(w+tw)/${D}\\,w+tw)`,
          H - 22,
          ':fontcolor=white@0.9',
        ),
        txt(f('loop', 'LOOP %{eif:mod(t,24):d:2}s'), FONTS.mono, 11, W - 76, H - 46, ':fontcolor=white@0.55'),
      ].join(',');
  }
  const dir = ensureDir(join(out, 'live', LIVE.slug));
  ffmpeg([
    '-loop',
    '1',
    '-framerate',
    String(fps),
    '-i',
    pitch,
    '-loop',
    '1',
    '-framerate',
    String(fps),
    '-i',
    ball,
    '-loop',
    '1',
    '-framerate',
    String(fps),
    '-i',
    red,
    '-loop',
    '1',
    '-framerate',
    String(fps),
    '-i',
    blue,
    '-i',
    wav,
    '-filter_complex',
    `${chain}[v]`,
    '-map',
    '[v]',
    '-map',
    '4:a',
    '-t',
    String(D),
    '-r',
    String(fps),
    '-map_metadata',
    '-1',
    ...x264Args(fps, { crf: 26, maxrate: '600k' }),
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ar',
    String(LIVE.audioRate),
    '-ac',
    '2',
    ...BITEXACT,
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'mpegts',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    join(dir, 'seg%03d.ts'),
    join(dir, 'index.m3u8'),
  ]);

  const playlist = readFileSync(join(dir, 'index.m3u8'), 'utf8').split('\n');
  const segments = [];
  for (let i = 0; i < playlist.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(playlist[i]);
    if (m)
      segments.push({
        uri: playlist[i + 1].trim(),
        durationSeconds: Number(m[1]),
        bytes: statSync(join(dir, playlist[i + 1].trim())).size,
      });
  }
  const descriptor = {
    id: `stream-${LIVE.slug}`,
    title: LIVE.title,
    loopSeconds: D,
    targetDurationSeconds: SEGMENT_SECONDS,
    playlistVersion: 3,
    width: W,
    height: H,
    frameRate: fps,
    codecs: 'avc1.4d401f,mp4a.40.2',
    bandwidth: null,
    segments,
    liveWindowSegments: 3,
    discontinuityOnLoop: true,
    howToServe: [
      'Playlist n (n = floor(now / targetDurationSeconds)) lists segments n .. n + liveWindowSegments - 1, each mapped to segments[k % segments.length].',
      'Write #EXT-X-VERSION:3, #EXT-X-TARGETDURATION:targetDurationSeconds, #EXT-X-MEDIA-SEQUENCE:n and #EXT-X-DISCONTINUITY-SEQUENCE:(n >= 1 ? floor((n - 1) / segments.length) : 0), the count of discontinuity tags that have left the window; never write #EXT-X-ENDLIST.',
      'Put #EXT-X-DISCONTINUITY before every entry k > 0 with k % segments.length === 0, because timestamps restart when the loop wraps.',
      'Serve .ts as video/mp2t and the playlist as application/vnd.apple.mpegurl with Cache-Control: no-cache; segments can be cached for a long time.',
    ],
  };
  const totalBits = segments.reduce((s, x) => s + x.bytes * 8, 0);
  descriptor.bandwidth = Math.round(
    Math.max(...segments.map((s) => (s.bytes * 8) / s.durationSeconds)) * 1.1,
  );
  descriptor.averageBandwidth = Math.round(totalBits / D);
  writeText(join(dir, 'live.json'), JSON.stringify(descriptor, null, 2) + '\n');

  poster({
    out: join(thumbs, 'live', `${LIVE.slug}.webp`),
    tmp,
    mediaType: 'stream',
    title: LIVE.shortTitle,
    subtitle: 'Demo FC v Sample United',
    colors: LIVE.colors,
    seed: 11,
  });
  return [
    {
      id: `stream-${LIVE.slug}`,
      mediaType: 'stream',
      kind: 'live-loop',
      title: LIVE.title,
      entry: `live/${LIVE.slug}/live.json`,
      loopPlaylist: `live/${LIVE.slug}/index.m3u8`,
      thumbnail: `thumbnails/live/${LIVE.slug}.webp`,
      durationSeconds: D,
      segments: segments.map((s) => ({
        uri: `live/${LIVE.slug}/${s.uri}`,
        durationSeconds: s.durationSeconds,
      })),
      metadata: {
        quality: '360p',
        language: 'en',
        countryOfOrigin: 'GB',
        loopSeconds: D,
        segmentSeconds: SEGMENT_SECONDS,
        fps,
      },
    },
  ];
}
