import { z } from 'zod';

/** The playlist name a live folder answers (generated from its `live.json`, never a file on disk). */
export const LIVE_PLAYLIST = 'live.m3u8';
export const LIVE_DESCRIPTION = 'live.json';
/** The recorded broadcast of a loop folder: the loop once, as video on demand (decision 036). */
export const REPLAY_PLAYLIST = 'replay.m3u8';

/** `live.json` of a looping live stream (see apps/server/media/demo/README.md); unknown keys ignored. */
export const LiveLoopSchema = z.object({
  targetDurationSeconds: z.number().int().min(1).max(60),
  playlistVersion: z.number().int().min(3).max(10).default(3),
  segments: z
    .array(
      z.object({
        // A plain file name in the same folder.
        uri: z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/),
        durationSeconds: z.number().positive().max(60),
      }),
    )
    .min(1)
    .max(10_000),
  liveWindowSegments: z.number().int().min(2).max(20).default(3),
  discontinuityOnLoop: z.boolean().default(true),
});

export type LiveLoop = z.infer<typeof LiveLoopSchema>;

/**
 * The sliding-window media playlist of a looping stream at `nowMs`: the loop plays on a wall clock
 * that started at the Unix epoch, so every viewer (and every server) sees the same live edge. Entry
 * k of the endless stream is segment k mod L; n is the entry playing now and the window lists
 * n … n + window − 1 with `#EXT-X-MEDIA-SEQUENCE:n`. Timestamps restart when the loop wraps, so an
 * `#EXT-X-DISCONTINUITY` precedes every entry k > 0 with k mod L = 0, and
 * `#EXT-X-DISCONTINUITY-SEQUENCE` counts those that have left the window. Every entry carries its
 * `#EXT-X-PROGRAM-DATE-TIME` (when it starts on that clock). No `#EXT-X-ENDLIST`.
 */
export function livePlaylist(loop: LiveLoop, nowMs: number): string {
  const count = loop.segments.length;
  const durations = loop.segments.map((segment) => segment.durationSeconds);
  const loopMs = durations.reduce((sum, seconds) => sum + seconds * 1000, 0);
  const elapsed = Math.max(0, nowMs);
  const cycles = Math.floor(elapsed / loopMs);
  let offset = elapsed - cycles * loopMs;
  let index = 0;
  for (; index < count - 1; index += 1) {
    const ms = (durations[index] ?? 0) * 1000;
    if (offset < ms) break;
    offset -= ms;
  }
  const sequence = cycles * count + index;
  const wraps = loop.discontinuityOnLoop;
  const targetDuration = Math.max(loop.targetDurationSeconds, ...durations.map((d) => Math.ceil(d)));
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${String(loop.playlistVersion)}`,
    `#EXT-X-TARGETDURATION:${String(targetDuration)}`,
    `#EXT-X-MEDIA-SEQUENCE:${String(sequence)}`,
  ];
  // Discontinuities before entry `sequence` (the wraps at k = L, 2L, … < sequence).
  if (wraps)
    lines.push(
      `#EXT-X-DISCONTINUITY-SEQUENCE:${String(sequence >= 1 ? Math.floor((sequence - 1) / count) : 0)}`,
    );
  // Where each entry starts on the wall clock: players (hls.js) align the window on it across reloads
  // and across the loop's discontinuities, where the media timestamps start again.
  const offsets = durations.map((_, index) =>
    durations.slice(0, index).reduce((sum, seconds) => sum + seconds * 1000, 0),
  );
  for (let k = sequence; k < sequence + loop.liveWindowSegments; k += 1) {
    const segment = loop.segments[k % count];
    if (!segment) continue;
    if (wraps && k > 0 && k % count === 0) lines.push('#EXT-X-DISCONTINUITY');
    const startMs = Math.floor(k / count) * loopMs + (offsets[k % count] ?? 0);
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(startMs).toISOString()}`);
    lines.push(`#EXTINF:${segment.durationSeconds.toFixed(3)},`, segment.uri);
  }
  return `${lines.join('\n')}\n`;
}

/** The loop's length in seconds. */
export function loopSeconds(loop: LiveLoop): number {
  return loop.segments.reduce((sum, segment) => sum + segment.durationSeconds, 0);
}

/**
 * The replay of a looping stream's broadcast: its segments once, as a video-on-demand playlist
 * (`#EXT-X-PLAYLIST-TYPE:VOD` and `#EXT-X-ENDLIST`), so a player can seek in it and shows no live edge.
 */
export function replayPlaylist(loop: LiveLoop): string {
  const targetDuration = Math.max(
    loop.targetDurationSeconds,
    ...loop.segments.map((segment) => Math.ceil(segment.durationSeconds)),
  );
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${String(loop.playlistVersion)}`,
    `#EXT-X-TARGETDURATION:${String(targetDuration)}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:0',
  ];
  for (const segment of loop.segments)
    lines.push(`#EXTINF:${segment.durationSeconds.toFixed(3)},`, segment.uri);
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
