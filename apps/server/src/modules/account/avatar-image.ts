import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import { AppError, badInput } from '../../errors';

/** Uploads larger than this are refused before they are read whole (multipart limit). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Pictures are refused above this many pixels a side, from their header, before any decoding: a
 * 100 KB PNG can declare 6000 x 6000 pixels (144 MB decoded, 3 s of work). 4096 keeps every phone
 * photo (4032 x 3024) and bounds a decode to 64 MB.
 */
export const AVATAR_MAX_DIMENSION = 4096;
export const AVATAR_SIZE = 256;
const AVATAR_QUALITY = 85;

export type ImageKind = 'png' | 'jpeg' | 'gif';

export interface SniffedImage {
  kind: ImageKind;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG start-of-frame markers carry the dimensions (not DHT C4, JPG C8 or DAC CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes and standalone markers carry no length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/**
 * The image's type and size read from its bytes (never from the file name or the declared type).
 * Anything that is not a well-formed PNG, JPEG or GIF header reads as null.
 */
export function sniffImage(bytes: Buffer): SniffedImage | null {
  if (bytes.length >= 24 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { kind: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size ? { kind: 'jpeg', ...size } : null;
  }
  const header = bytes.toString('latin1', 0, 6);
  if (bytes.length >= 10 && (header === 'GIF87a' || header === 'GIF89a')) {
    return { kind: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  return null;
}

/** A picture for the resizer thread (avatar-worker.ts). */
export interface ResizeRequest {
  id: number;
  bytes: Uint8Array<ArrayBuffer>;
  size: number;
  quality: number;
}

/** The resizer's answer: a JPEG, or `ok: false` when the picture could not be decoded. */
export type ResizeReply = { id: number; ok: true; data: Uint8Array<ArrayBuffer> } | { id: number; ok: false };

/** A resize that takes longer than this is abandoned (its thread is ended) and answered 400. */
const RESIZE_TIMEOUT_MS = 30_000;
/** An idle resizer thread ends after this; the next picture starts another (about half a second). */
const IDLE_MS = 60_000;
/** Pictures waiting beyond this many are refused (503) rather than queued for minutes. */
const MAX_WAITING = 16;

interface Job {
  request: ResizeRequest;
  resolve: (data: Buffer) => void;
  reject: (error: unknown) => void;
}

/**
 * Where the resizer thread's code is: beside the bundle (dist/avatar-worker.js) in production; from
 * the TypeScript source in tests and `npm run dev`, through tsx, which those already run on.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./avatar-worker.js', import.meta.url));
  const tsxManifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(tsxManifest, 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  const api = new URL(exports['./esm/api'].import.default, pathToFileURL(tsxManifest)).href;
  const entry = new URL('./avatar-worker.ts', import.meta.url).href;
  const boot = `import { tsImport } from ${JSON.stringify(api)}; await tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
}

/**
 * One resizer thread, started on the first picture and ended when idle: pictures are resized one at a
 * time, off the event loop, so uploads never hold other requests and use at most one core.
 */
function createResizer() {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | null = null;
  let running: (Job & { timer: NodeJS.Timeout }) | null = null;
  const waiting: Job[] = [];
  let nextId = 1;

  function stop(reason: unknown) {
    const current = worker;
    worker = null;
    if (idle) clearTimeout(idle);
    idle = null;
    if (current) void current.terminate();
    if (running) {
      clearTimeout(running.timer);
      running.reject(reason);
      running = null;
    }
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const started = startWorker();
    // The thread never keeps the process alive: a shutdown does not wait for it.
    started.unref();
    started.on('message', (reply: ResizeReply) => {
      const job = running;
      // An answer for a picture already given up on (timed out) is dropped.
      if (job?.request.id !== reply.id) return;
      clearTimeout(job.timer);
      running = null;
      if (reply.ok) job.resolve(Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength));
      else job.reject(unreadable());
      pump();
    });
    started.on('error', (error) => {
      if (worker === started) stop(error);
      pump();
    });
    started.on('exit', () => {
      if (worker === started) stop(new Error('the avatar resizer stopped'));
      pump();
    });
    worker = started;
    return started;
  }

  function pump() {
    if (running) return;
    const job = waiting.shift();
    if (!job) {
      if (worker && !idle) {
        idle = setTimeout(() => {
          stop(null);
        }, IDLE_MS);
        idle.unref();
      }
      return;
    }
    if (idle) clearTimeout(idle);
    idle = null;
    let thread: Worker;
    try {
      thread = ensureWorker();
    } catch (error) {
      job.reject(error);
      return;
    }
    const timer = setTimeout(() => {
      // A picture that takes this long is hostile or broken: end the thread and refuse it.
      stop(unreadable());
      pump();
    }, RESIZE_TIMEOUT_MS);
    timer.unref();
    running = { ...job, timer };
    thread.postMessage(job.request, [job.request.bytes.buffer]);
  }

  return (bytes: Buffer): Promise<Buffer> => {
    if (waiting.length >= MAX_WAITING) {
      return Promise.reject(
        new AppError('UNAVAILABLE', 'Too many pictures are being processed. Try again in a minute.', 'busy'),
      );
    }
    return new Promise((resolve, reject) => {
      // A copy the thread may own: the upload's buffer can share memory with other buffers.
      const request: ResizeRequest = {
        id: nextId++,
        bytes: new Uint8Array(bytes),
        size: AVATAR_SIZE,
        quality: AVATAR_QUALITY,
      };
      waiting.push({ request, resolve, reject });
      pump();
    });
  };
}

const unreadable = () => badInput('This picture could not be read. Choose another one.', 'unreadable_image');

const resize = createResizer();

/**
 * Checks and re-encodes an uploaded picture: a PNG, JPEG or GIF of sane dimensions (read from its
 * header, so a picture too large is refused before any decoding), cropped to a centred square and
 * resized to 256 x 256 JPEG in the resizer thread. Re-encoding drops anything else the file carried
 * (metadata, trailing bytes, scripts in comments).
 */
export async function toAvatar(bytes: Buffer): Promise<{ data: Buffer; contentType: 'image/jpeg' }> {
  const sniffed = sniffImage(bytes);
  if (!sniffed) {
    throw badInput('Choose a PNG, JPEG or GIF picture.', 'unsupported_image');
  }
  if (
    sniffed.width < 1 ||
    sniffed.height < 1 ||
    sniffed.width > AVATAR_MAX_DIMENSION ||
    sniffed.height > AVATAR_MAX_DIMENSION
  ) {
    throw badInput(
      `The picture must be at most ${AVATAR_MAX_DIMENSION} pixels wide and high.`,
      'image_too_large',
    );
  }
  try {
    return { data: await resize(bytes), contentType: 'image/jpeg' };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The thread failed on this picture (out of memory, a decoder crash): the picture is at fault.
    throw unreadable();
  }
}
