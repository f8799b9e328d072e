// Six short instrumental tracks, composed by seeded rules (chord progression, arpeggio, bass, drums,
// a repeated melodic motif), rendered by lib/synth.mjs and encoded as MP3 128 kb/s stereo 44.1 kHz
// with ID3v2.3 tags and an embedded JPEG cover (APIC), so they double as importer fixtures.
import { join } from 'node:path';

import { BITEXACT, ensureDir, ffmpeg, round } from '../lib/run.mjs';
import {
  Mix,
  bass,
  bell,
  chord,
  degreeToMidi,
  hat,
  kick,
  lead,
  midiToHz,
  pad,
  pluck,
  prng,
  snare,
  writeWav,
} from '../lib/synth.mjs';
import { poster } from '../lib/thumbnails.mjs';

export const ALBUM = {
  title: 'Demo Sessions, Vol. 1',
  artist: 'The Placeholder Ensemble',
  year: 2024,
  label: 'Member Area Demo Records',
};

// root: MIDI note of the tonic; progression: scale degrees (0 = I), one chord per bar.
export const TRACKS = [
  {
    slug: 'harbor-lights',
    title: 'Harbor Lights',
    genre: 'Acoustic',
    root: 60,
    mode: 'major',
    bpm: 96,
    bars: 12,
    progression: [0, 4, 5, 3],
    style: { arp: 'pluck', drums: 'soft', pad: true, melody: 'bell' },
    colors: ['0x2a9d8f', '0x264653'],
  },
  {
    slug: 'night-market',
    title: 'Night Market',
    genre: 'Electronic',
    root: 57,
    mode: 'minor',
    bpm: 112,
    bars: 14,
    progression: [0, 5, 2, 6],
    style: { arp: 'bell', drums: 'full', pad: true, melody: 'lead' },
    colors: ['0x3a0ca3', '0xf72585'],
  },
  {
    slug: 'paper-kites',
    title: 'Paper Kites',
    genre: 'Folk',
    root: 55,
    mode: 'major',
    bpm: 84,
    bars: 10,
    progression: [0, 3, 5, 4],
    style: { arp: 'pluck', drums: 'none', pad: true, melody: 'lead' },
    colors: ['0xf4a261', '0x2a9d8f'],
  },
  {
    slug: 'copper-lines',
    title: 'Copper Lines',
    genre: 'Funk',
    root: 62,
    mode: 'dorian',
    bpm: 120,
    bars: 16,
    progression: [0, 3, 0, 4],
    style: { arp: 'pluck', drums: 'full', pad: false, melody: 'bell' },
    colors: ['0xb5651d', '0x1f1f1f'],
  },
  {
    slug: 'slow-orbit',
    title: 'Slow Orbit',
    genre: 'Ambient',
    root: 52,
    mode: 'minor',
    bpm: 70,
    bars: 8,
    progression: [0, 3, 5, 4],
    style: { arp: 'bell', drums: 'none', pad: true, melody: 'none' },
    colors: ['0x03045e', '0x48cae4'],
  },
  {
    slug: 'summer-relay',
    title: 'Summer Relay',
    genre: 'Pop',
    root: 65,
    mode: 'major',
    bpm: 124,
    bars: 16,
    progression: [0, 5, 1, 4],
    style: { arp: 'bell', drums: 'four', pad: true, melody: 'lead' },
    colors: ['0xffb703', '0xfb8500'],
  },
];

const SR = 44100;

/** Renders one track to stereo float channels; returns the channels and the duration in seconds. */
export function composeTrack(spec, seed) {
  const beat = 60 / spec.bpm;
  const bar = beat * 4;
  const tail = 2.5;
  const seconds = spec.bars * bar + tail;
  const mix = new Mix(seconds, SR, seed);
  const random = prng(seed * 7919);
  const { style } = spec;

  // A two-bar melodic motif (scale degrees relative to the chord root), reused with variations.
  const motif = Array.from({ length: 8 }, () => [0, 2, 4, 2, 4, 7, 5, 4][Math.floor(random() * 8)]);
  const rhythm = Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? 1 : random() < 0.7 ? 1 : 0));

  for (let b = 0; b < spec.bars; b++) {
    const t0 = b * bar;
    const degree = spec.progression[b % spec.progression.length];
    const notes = chord(spec.root, spec.mode, degree, 4);
    const intro = b < 2;
    const outro = b === spec.bars - 1;

    if (style.pad)
      mix.add(
        pad(
          notes.slice(0, 3).map((m) => midiToHz(m - 12)),
          bar + 0.4,
          SR,
        ),
        t0,
        { gain: 0.35, send: 0.5 },
      );

    // Arpeggio in eighth notes over two octaves, pattern up-down.
    const arpNotes = [...notes, notes[0] + 12, notes[2] + 12, notes[1] + 12, notes[3]];
    for (let i = 0; i < 8; i++) {
      if (outro && i > 0) break;
      const midi = arpNotes[i % arpNotes.length];
      const voice =
        style.arp === 'pluck'
          ? pluck(random, midiToHz(midi), beat * 1.5, SR, { decay: 0.995, bright: 0.55 })
          : bell(midiToHz(midi + 12), beat * 1.6, SR, { ratio: 2, index: 1.2, decay: 4 });
      mix.add(voice, t0 + (i * beat) / 2, {
        gain: 0.28 * (i % 2 === 0 ? 1 : 0.8),
        pan: i % 2 === 0 ? -0.35 : 0.35,
        send: 0.35,
      });
    }

    // Bass on beats 1 and 3 (and an off-beat push on the "full" styles).
    if (!intro || style.drums === 'none') {
      const rootHz = midiToHz(notes[0] - 24);
      const hits = style.drums === 'full' || style.drums === 'four' ? [0, 2, 2.5] : [0, 2];
      for (const h of hits)
        mix.add(bass(rootHz, beat * (h === 2.5 ? 0.5 : 1.8), SR), t0 + h * beat, { gain: 0.5, send: 0.05 });
    }

    // Drums enter after the two-bar intro.
    if (!intro && !outro && style.drums !== 'none') {
      const kicks = style.drums === 'four' ? [0, 1, 2, 3] : style.drums === 'full' ? [0, 1.5, 2] : [0, 2];
      for (const k of kicks) mix.add(kick(SR), t0 + k * beat, { gain: 0.65, send: 0.03 });
      if (style.drums !== 'soft')
        for (const s of [1, 3])
          mix.add(snare(random, SR), t0 + s * beat, { gain: 0.3, pan: 0.1, send: 0.25 });
      for (let i = 0; i < 8; i++) {
        const open = style.drums === 'four' && i % 2 === 1;
        mix.add(hat(random, SR, { open }), t0 + (i * beat) / 2, {
          gain: open ? 0.12 : 0.1 * (i % 2 ? 0.6 : 1),
          pan: 0.3,
          send: 0.1,
        });
      }
    }

    // Melody from bar 4 on, the motif over each pair of bars, varied on the second half.
    if (style.melody !== 'none' && b >= 4 && !outro) {
      for (let i = 0; i < 4; i++) {
        const step = (b % 2) * 4 + i;
        if (!rhythm[step]) continue;
        const variation = b >= spec.bars / 2 + 2 && i === 3 ? 2 : 0;
        const midi = degreeToMidi(spec.root + 12, spec.mode, degree + motif[step] + variation);
        const len = beat * (rhythm[step + 1] ? 0.95 : 1.9);
        const voice =
          style.melody === 'bell'
            ? bell(midiToHz(midi), len + 0.5, SR, { ratio: 3.5, index: 1.6, decay: 3 })
            : lead(midiToHz(midi), len, SR);
        mix.add(voice, t0 + i * beat, { gain: style.melody === 'bell' ? 0.22 : 0.16, pan: 0.05, send: 0.45 });
      }
    }
  }
  // Final chord.
  const last = chord(spec.root, spec.mode, 0, 3);
  for (const [i, m] of last.entries())
    mix.add(
      bell(midiToHz(m + 12), tail + 0.5, SR, { ratio: 2, index: 1, decay: 1.5 }),
      spec.bars * bar + i * 0.04,
      { gain: 0.2, pan: i - 1, send: 0.6 },
    );

  return { channels: mix.master({ reverb: 0.35, fadeOut: 1.5 }), seconds };
}

/** Builds every track; returns manifest entries (without hashes, filled in by the caller). */
export function buildMusic({ out, tmp, thumbs }) {
  const dir = ensureDir(join(out, 'music'));
  const items = [];
  TRACKS.forEach((spec, index) => {
    const number = index + 1;
    const name = `${String(number).padStart(2, '0')}-${spec.slug}`;
    const wav = join(tmp, `${name}.wav`);
    const { channels, seconds } = composeTrack(spec, 1000 + number);
    writeWav(wav, channels, SR);
    const cover = poster({
      out: join(tmp, `${name}-cover.jpg`),
      tmp,
      mediaType: 'music',
      title: spec.title,
      subtitle: ALBUM.artist,
      colors: spec.colors,
      seed: number,
      width: 300,
      height: 300,
      quality: 5,
    });
    const thumbnail = `thumbnails/music/${name}.webp`;
    poster({
      out: join(thumbs, 'music', `${name}.webp`),
      tmp,
      mediaType: 'music',
      title: spec.title,
      subtitle: ALBUM.artist,
      colors: spec.colors,
      seed: number,
    });
    const file = `music/${name}.mp3`;
    const tags = {
      title: spec.title,
      artist: ALBUM.artist,
      album_artist: ALBUM.artist,
      album: ALBUM.title,
      track: `${number}/${TRACKS.length}`,
      disc: '1/1',
      genre: spec.genre,
      date: String(ALBUM.year),
      publisher: ALBUM.label,
      composer: ALBUM.artist,
      copyright: 'CC0 1.0 - generated for the member-area demo',
      comment: `${spec.bpm} BPM, ${spec.mode} mode; synthesized by scripts/media`,
    };
    ffmpeg([
      '-i',
      wav,
      '-i',
      cover,
      '-map',
      '0:a',
      '-map',
      '1:v',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      ...Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]),
      '-metadata:s:v',
      'title=Album cover',
      '-metadata:s:v',
      'comment=Cover (front)',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      '-ar',
      '44100',
      '-ac',
      '2',
      '-c:v',
      'copy',
      '-disposition:v',
      'attached_pic',
      '-id3v2_version',
      '3',
      '-write_id3v1',
      '1',
      ...BITEXACT,
      join(dir, `${name}.mp3`),
    ]);
    items.push({
      id: `music-${spec.slug}`,
      mediaType: 'music',
      kind: 'track',
      title: spec.title,
      entry: file,
      thumbnail,
      durationSeconds: round(seconds, 2),
      metadata: {
        artist: ALBUM.artist,
        album: ALBUM.title,
        trackNumber: number,
        trackCount: TRACKS.length,
        genre: spec.genre,
        year: ALBUM.year,
        bpm: spec.bpm,
        key: `${['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'][spec.root % 12]} ${spec.mode}`,
      },
    });
  });
  return items;
}
