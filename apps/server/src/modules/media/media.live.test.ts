import { describe, expect, it } from 'vitest';

import { type LiveLoop, LiveLoopSchema, livePlaylist } from './media.live';

const LOOP: LiveLoop = LiveLoopSchema.parse({
  targetDurationSeconds: 4,
  playlistVersion: 3,
  segments: Array.from({ length: 6 }, (_, i) => ({ uri: `seg00${String(i)}.ts`, durationSeconds: 4 })),
  liveWindowSegments: 3,
  discontinuityOnLoop: true,
});

interface Parsed {
  sequence: number;
  discontinuitySequence: number;
  targetDuration: number;
  entries: { uri: string; discontinuity: boolean }[];
  ended: boolean;
}

function parse(text: string): Parsed {
  const lines = text.trim().split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  const tag = (name: string) => Number(lines.find((line) => line.startsWith(`#${name}:`))?.split(':')[1]);
  const entries: Parsed['entries'] = [];
  let discontinuity = false;
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
    else if (!line.startsWith('#')) {
      entries.push({ uri: line, discontinuity });
      discontinuity = false;
    }
  }
  return {
    sequence: tag('EXT-X-MEDIA-SEQUENCE'),
    discontinuitySequence: tag('EXT-X-DISCONTINUITY-SEQUENCE'),
    targetDuration: tag('EXT-X-TARGETDURATION'),
    entries,
    ended: lines.includes('#EXT-X-ENDLIST'),
  };
}

const at = (seconds: number) => parse(livePlaylist(LOOP, seconds * 1000));

describe('live playlist of a looping stream', () => {
  it('starts at sequence 0 at the epoch with no discontinuity', () => {
    const playlist = at(0);
    expect(playlist).toEqual({
      sequence: 0,
      discontinuitySequence: 0,
      targetDuration: 4,
      entries: [
        { uri: 'seg000.ts', discontinuity: false },
        { uri: 'seg001.ts', discontinuity: false },
        { uri: 'seg002.ts', discontinuity: false },
      ],
      ended: false,
    });
  });

  it('advances the media sequence with wall-clock time, one per segment duration', () => {
    expect(at(3.999).sequence).toBe(0);
    expect(at(4).sequence).toBe(1);
    expect(at(25).sequence).toBe(6);
    const now = 1_767_225_600; // 2026-01-01T00:00:00Z
    const base = at(now).sequence;
    expect(base).toBe(Math.floor(now / 4));
    expect(at(now + 4).sequence).toBe(base + 1);
    expect(at(now + 40).sequence).toBe(base + 10);
    // Each window's first entry was the previous window's second: the playlist slides.
    expect(at(now + 4).entries[0]).toEqual(at(now).entries[1]);
  });

  it('marks the wrap with a discontinuity and counts the ones that left the window', () => {
    // Sequence 4: entries 4, 5, 6 -> seg004, seg005, then seg000 after a discontinuity.
    expect(at(16)).toMatchObject({
      sequence: 4,
      discontinuitySequence: 0,
      entries: [
        { uri: 'seg004.ts', discontinuity: false },
        { uri: 'seg005.ts', discontinuity: false },
        { uri: 'seg000.ts', discontinuity: true },
      ],
    });
    // Sequence 6 starts at the wrap: the tag is still in the window.
    expect(at(24)).toMatchObject({ sequence: 6, discontinuitySequence: 0 });
    expect(at(24).entries[0]).toEqual({ uri: 'seg000.ts', discontinuity: true });
    // Sequence 7: the wrap at 6 has left the window.
    expect(at(28)).toMatchObject({ sequence: 7, discontinuitySequence: 1 });
    expect(at(28).entries.some((entry) => entry.discontinuity)).toBe(false);
    // Far on: floor((n - 1) / 6) wraps behind the window.
    expect(at(4 * 6001)).toMatchObject({ sequence: 6001, discontinuitySequence: 1000 });
  });

  it('keeps the discontinuity count continuous as the window slides', () => {
    let previous = at(0);
    for (let t = 4; t < 4 * 40; t += 4) {
      const next = at(t);
      expect(next.sequence).toBe(previous.sequence + 1);
      // The count grows by one exactly when the window's first entry carried the tag.
      const left = previous.entries[0]?.discontinuity ? 1 : 0;
      expect(next.discontinuitySequence).toBe(previous.discontinuitySequence + left);
      previous = next;
    }
  });

  it('handles segments of different lengths and a longer segment than the target', () => {
    const loop = LiveLoopSchema.parse({
      targetDurationSeconds: 4,
      segments: [
        { uri: 'a.ts', durationSeconds: 2 },
        { uri: 'b.ts', durationSeconds: 6.5 },
      ],
    });
    const seq = (s: number) => parse(livePlaylist(loop, s * 1000));
    expect(seq(1).sequence).toBe(0);
    expect(seq(2).sequence).toBe(1);
    expect(seq(8.4).sequence).toBe(1);
    expect(seq(8.5).sequence).toBe(2);
    expect(seq(0).targetDuration).toBe(7);
    expect(livePlaylist(loop, 0)).toContain('#EXTINF:6.500,\nb.ts');
  });

  it('dates every entry on the wall clock, continuously across the wrap and from one reload to the next', () => {
    const dates = (ms: number) => {
      const lines = livePlaylist(LOOP, ms).split('\n');
      return lines.flatMap((line, index) =>
        line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')
          ? [{ at: Date.parse(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length)), uri: lines[index + 2] }]
          : [],
      );
    };
    // 1001 loops of 24 s plus 21 s: entries 5 (seg005), 6 (seg000 after the wrap) and 7 (seg001).
    const now = 1001 * 24_000 + 21_000;
    const window = dates(now);
    expect(window.map((entry) => entry.uri)).toEqual(['seg005.ts', 'seg000.ts', 'seg001.ts']);
    expect(window.map((entry) => entry.at)).toEqual([
      1001 * 24_000 + 20_000,
      1002 * 24_000,
      1002 * 24_000 + 4_000,
    ]);
    // Four seconds later the window moved by one entry, and the entries still listed keep their dates.
    const later = dates(now + 4_000);
    expect(later.slice(0, 2)).toEqual(window.slice(1));
    const text = livePlaylist(LOOP, now);
    expect(text).toMatch(
      /#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME:[^\n]+\n#EXTINF:4\.000,\nseg000\.ts/,
    );
  });

  it('refuses a live.json whose segment names could leave the folder', () => {
    for (const uri of ['../secret.ts', '/etc/passwd', 'sub/seg.ts', '.hidden.ts', 'https://x.example/a.ts']) {
      expect(
        LiveLoopSchema.safeParse({ targetDurationSeconds: 4, segments: [{ uri, durationSeconds: 4 }] })
          .success,
      ).toBe(false);
    }
  });
});
