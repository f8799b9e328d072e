import { spawn } from 'node:child_process';

import { MAX_COVER_BYTES } from './catalog.import-metadata';

/*
 * Issue 15, item 8: a video without an embedded cover gets a poster frame, taken with Debian's ffmpeg
 * when it is installed, a few seconds in (the first frames are often black or a studio card). The frame
 * becomes the title's cover and is stored in the covers' widths (catalog.import-cover.ts, decision 028).
 * Without ffmpeg the import still works and says that it skipped the poster (decision 039).
 */

/** Seconds into the film; a film shorter than twice this gets its middle frame. */
export const POSTER_SECONDS = 3;
/** ffmpeg has this long to answer for one frame; a stuck decoder does not hold the import. */
const POSTER_TIMEOUT_MS = 60_000;
/** A frame larger than a cover may be is not kept (a 1280-pixel PNG is far smaller). */
const MAX_FRAME_BYTES = MAX_COVER_BYTES;

export type PosterFrame = { status: 'taken'; data: Buffer } | { status: 'skipped'; reason: string };

/** Where the frame is taken: POSTER_SECONDS in, or the middle of a shorter film. */
export const posterTime = (durationSeconds: number) =>
  durationSeconds >= POSTER_SECONDS * 2 ? POSTER_SECONDS : Math.max(0, durationSeconds / 2);

/**
 * One frame of `path` at `seconds`, as PNG bytes (the cover code resizes and re-encodes it), no wider
 * than 1280 pixels. `ffmpeg` names the program (tests point it at a missing one).
 */
export function takePosterFrame(path: string, seconds: number, ffmpeg = 'ffmpeg'): Promise<PosterFrame> {
  return new Promise((resolvePromise) => {
    const child = spawn(
      ffmpeg,
      [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        // Before -i: a fast seek to the keyframe before, then decoding up to the time.
        '-ss',
        seconds.toFixed(3),
        '-i',
        path,
        '-frames:v',
        '1',
        '-vf',
        "scale='min(1280,iw)':-2",
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let size = 0;
    let errors = '';
    let settled = false;
    const settle = (frame: PosterFrame) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolvePromise(frame);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle({ status: 'skipped', reason: 'ffmpeg took too long to take the poster frame' });
    }, POSTER_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FRAME_BYTES) {
        child.kill('SIGKILL');
        settle({ status: 'skipped', reason: 'the poster frame was too large' });
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 2_000) errors += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      settle({
        status: 'skipped',
        reason:
          error.code === 'ENOENT'
            ? 'ffmpeg is not installed (apt-get install ffmpeg to take poster frames)'
            : `ffmpeg could not run: ${error.message}`,
      });
    });
    child.on('close', (code) => {
      const data = Buffer.concat(chunks);
      if (code === 0 && data.length > 8 && data[0] === 0x89 && data[1] === 0x50) {
        settle({ status: 'taken', data });
      } else {
        const detail = errors.trim().split('\n').at(-1) ?? '';
        settle({
          status: 'skipped',
          reason: `ffmpeg took no frame${detail ? `: ${detail.slice(0, 200)}` : ''}`,
        });
      }
    });
  });
}
