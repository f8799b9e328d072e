// Two narrated audiobooks: espeak-ng speaks each chapter of an original story (content/audiobooks.mjs),
// a short synthesized chime opens each chapter, and the chapter boundaries computed from the sample
// counts are written into the file: ID3v2.3 CHAP/CTOC frames for the MP3, MP4 chapters for the M4B.
// Without espeak-ng the chapters fall back to a soft tone bed of the same length (see the README).
import { join } from 'node:path';

import { AUDIOBOOKS } from '../content/audiobooks.mjs';
import { BITEXACT, ensureDir, ffmpeg, round, run, which, writeText } from '../lib/run.mjs';
import { bell, finish, midiToHz, pad, readWav, writeWav } from '../lib/synth.mjs';
import { poster } from '../lib/thumbnails.mjs';

const SR = 44100;
const ORDINALS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];

function chime(seconds) {
  const out = new Float32Array(Math.round(seconds * SR));
  [79, 84, 88].forEach((m, i) => {
    const v = bell(midiToHz(m), seconds - i * 0.18, SR, { ratio: 2, index: 0.8, decay: 3 });
    const off = Math.round(i * 0.18 * SR);
    for (let j = 0; j < v.length && off + j < out.length; j++) out[off + j] += v[j] * 0.25;
  });
  return out;
}

function speak(text, book, tmp, name) {
  const raw = join(tmp, `${name}-espeak.wav`);
  const wav = join(tmp, `${name}-44k.wav`);
  run('espeak-ng', ['-v', book.voice, '-s', '160', '-p', String(book.pitch), '-g', '2', '-w', raw, text]);
  ffmpeg([
    '-i',
    raw,
    '-af',
    'highpass=f=70,aresample=44100',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    ...BITEXACT,
    wav,
  ]);
  return readWav(wav).channels[0];
}

function toneBed(seconds, seed) {
  const notes = [57, 60, 64].map((m) => midiToHz(m + (seed % 3)));
  return pad(notes, seconds, SR, { attack: 1.5, release: 1.5, cutoff: 900 });
}

function ffmetaEscape(value) {
  return String(value).replace(/([=;#\\\n])/g, '\\$1');
}

export function buildAudiobooks({ out, tmp, thumbs }) {
  ensureDir(join(out, 'audiobooks'));
  const hasEspeak = Boolean(which('espeak-ng'));
  const items = [];
  AUDIOBOOKS.forEach((book, bookIndex) => {
    const parts = [];
    const chapters = [];
    let cursor = 0;
    book.chapters.forEach((ch, i) => {
      const intro = i === 0 ? `${book.title}. Written by ${book.author}. ` : '';
      const spoken = `${intro}Chapter ${ORDINALS[i]}. ${ch.title}. ${ch.text}`;
      const voice = hasEspeak
        ? speak(spoken, book, tmp, `${book.slug}-${i + 1}`)
        : toneBed(spoken.split(/\s+/).length * 0.4, i);
      const segments = [
        chime(1.6),
        new Float32Array(Math.round(0.4 * SR)),
        voice,
        new Float32Array(Math.round(1.2 * SR)),
      ];
      const length = segments.reduce((n, s) => n + s.length, 0);
      chapters.push({
        index: i + 1,
        title: ch.title,
        startSeconds: round(cursor / SR),
        endSeconds: round((cursor + length) / SR),
      });
      parts.push(...segments);
      cursor += length;
    });
    const pcm = new Float32Array(cursor);
    let at = 0;
    for (const p of parts) {
      pcm.set(p, at);
      at += p.length;
    }
    finish([pcm], SR, { fadeIn: 0.01, fadeOut: 0.3, peak: 0.9 });
    const wav = join(tmp, `${book.slug}.wav`);
    writeWav(wav, [pcm], SR);

    const tags = {
      title: book.title,
      artist: book.author,
      album_artist: book.author,
      album: book.title,
      composer: book.narrator,
      genre: 'Audiobook',
      date: book.releaseDate.slice(0, 4),
      publisher: book.publisher,
      copyright: 'CC0 1.0 - generated for the member-area demo',
      comment: book.description,
      language: 'eng',
    };
    const meta = [';FFMETADATA1', ...Object.entries(tags).map(([k, v]) => `${k}=${ffmetaEscape(v)}`)];
    for (const c of chapters) {
      meta.push(
        '[CHAPTER]',
        'TIMEBASE=1/1000',
        `START=${Math.round(c.startSeconds * 1000)}`,
        `END=${Math.round(c.endSeconds * 1000)}`,
        `title=${ffmetaEscape(c.title)}`,
      );
    }
    const metaFile = writeText(join(tmp, `${book.slug}.ffmeta`), meta.join('\n') + '\n');
    // No embedded cover art: browsers (Chromium's demuxer) treat it as a video stream and wait for far
    // more of the file before the first sound (about 0.5 s more on a 10 Mbps link, see
    // bench/player-startup.ts); the player shows the catalogue's thumbnail instead.
    poster({
      out: join(thumbs, 'audiobooks', `${book.slug}.webp`),
      tmp,
      mediaType: 'audiobook',
      title: book.title,
      subtitle: book.author,
      colors: book.colors,
      seed: 40 + bookIndex,
    });

    const file = `audiobooks/${book.slug}.${book.format}`;
    const common = ['-i', wav, '-i', metaFile, '-map', '0:a', '-map_metadata', '1', '-map_chapters', '1'];
    if (book.format === 'mp3') {
      ffmpeg([
        ...common,
        '-c:a',
        'libmp3lame',
        '-b:a',
        '64k',
        '-ac',
        '1',
        '-ar',
        '44100',
        '-id3v2_version',
        '3',
        '-write_id3v1',
        '0',
        ...BITEXACT,
        join(out, file),
      ]);
    } else {
      ffmpeg([
        ...common,
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-ac',
        '1',
        '-ar',
        '44100',
        '-movflags',
        '+faststart',
        '-f',
        'ipod',
        ...BITEXACT,
        join(out, file),
      ]);
    }
    items.push({
      id: `audiobook-${book.slug}`,
      mediaType: 'audiobook',
      kind: 'audiobook',
      title: book.title,
      entry: file,
      thumbnail: `thumbnails/audiobooks/${book.slug}.webp`,
      durationSeconds: round(cursor / SR, 2),
      chapters,
      metadata: {
        authors: [book.author],
        narrators: [book.narrator],
        publisher: book.publisher,
        releaseDate: book.releaseDate,
        isbn: book.isbn,
        language: 'en',
        genre: book.genre,
        description: book.description,
        narration: hasEspeak ? 'espeak-ng' : 'tone-placeholder',
      },
    });
  });
  return items;
}
