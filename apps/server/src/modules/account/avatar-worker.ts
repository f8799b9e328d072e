/*
 * The avatar resizer's thread (avatar-image.ts starts it). Decoding a photo in pure JavaScript takes
 * seconds for a phone's 12 megapixels; here it holds only this thread, never the server's event loop.
 * Bundled beside the server as dist/avatar-worker.js (apps/server/build.mjs).
 */
import { parentPort } from 'node:worker_threads';

import { Jimp } from 'jimp';

import type { ResizeReply, ResizeRequest } from './avatar-image';

const port = parentPort;
if (!port) throw new Error('avatar-worker runs as a worker thread');

port.on('message', (request: ResizeRequest) => {
  void resize(request).then((reply) => {
    port.postMessage(reply, reply.ok ? [reply.data.buffer] : []);
  });
});

async function resize({ id, bytes, size, quality }: ResizeRequest): Promise<ResizeReply> {
  let image: Awaited<ReturnType<typeof Jimp.fromBuffer>>;
  try {
    image = await Jimp.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return { id, ok: false };
  }
  image.cover({ w: size, h: size });
  const data = await image.getBuffer('image/jpeg', { quality });
  // A copy the size of the picture, so that transferring it hands over no one else's memory.
  return { id, ok: true, data: new Uint8Array(data) };
}
