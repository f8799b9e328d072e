import { ImportRejection, clean } from './catalog.import-metadata';
import type { Mp4Track } from './catalog.import-mp4';

/*
 * Issue 15, item 8: a video browsers cannot play imported and played as a black frame. The import reads
 * each track's sample entry (its codec's four-character code) and refuses a file that has no video
 * track, or a video or sound track in a format that the browsers the member area supports (current
 * Chrome, Firefox, Safari and Edge) cannot all decode from an MP4.
 */

/** H.264 (parameters out of or in band), HEVC as Safari and Chrome take it, AV1, VP9. */
export const PLAYABLE_VIDEO = new Set(['avc1', 'avc3', 'hvc1', 'av01', 'vp09']);
/** AAC (and MP3 in MP4, also `mp4a`), Opus. */
export const PLAYABLE_AUDIO = new Set(['mp4a', 'Opus']);

/** What a refused codec is, for the operator's message. */
const KNOWN: Readonly<Record<string, string>> = {
  mp4v: 'MPEG-4 Part 2',
  hev1: 'HEVC with in-band parameters (hev1; re-mux as hvc1)',
  encv: 'encrypted video',
  enca: 'encrypted audio',
  'ac-3': 'Dolby Digital (AC-3)',
  'ec-3': 'Dolby Digital Plus (E-AC-3)',
  alac: 'Apple Lossless',
  samr: 'AMR',
  s263: 'H.263',
  jpeg: 'Motion JPEG',
  mjp2: 'Motion JPEG 2000',
  apch: 'Apple ProRes',
  apcn: 'Apple ProRes',
  fLaC: 'FLAC',
};

const HINT = 'convert it to H.264 or AV1 video with AAC or Opus sound (e.g. ffmpeg -c:v libx264 -c:a aac)';

const describe = (codec: string) => {
  const shown = clean(codec.replace(/[^\x20-\x7e]/g, '?'), 8) || '(none)';
  return KNOWN[codec] ? `${KNOWN[codec]} "${shown}"` : `"${shown}"`;
};

/** Throws an ImportRejection naming the first track browsers cannot play; returns when all can. */
export function assertBrowserPlayable(tracks: readonly Mp4Track[] | null): void {
  if (tracks === null) throw new ImportRejection('no movie header found in the file (not a playable MP4)');
  const video = tracks.filter((track) => track.handler === 'vide');
  if (video.length === 0) throw new ImportRejection(`no video track in the file; ${HINT}`);
  for (const track of video) {
    if (!PLAYABLE_VIDEO.has(track.codec)) {
      throw new ImportRejection(`browsers cannot play its video codec ${describe(track.codec)}; ${HINT}`);
    }
  }
  for (const track of tracks.filter((candidate) => candidate.handler === 'soun')) {
    if (!PLAYABLE_AUDIO.has(track.codec)) {
      throw new ImportRejection(`browsers cannot play its sound codec ${describe(track.codec)}; ${HINT}`);
    }
  }
}
