import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

import { AppError, badInput, notFound, unauthenticated } from '../../errors';
import type { Services } from '../../services';
import { AVATAR_MAX_BYTES } from './avatar-image';

const VERSION = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The profile picture: upload (multipart) and the picture's stable URL. Both are inside the member
 * graph API scope, so the brand is the request's and the caller is resolved first.
 */
export async function registerAccountRoutes(api: FastifyInstance, services: Services) {
  await api.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
    });

    scope.post(
      '/api/account/avatar',
      { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (request) => {
        const { auth } = request.ctx;
        if (auth.kind !== 'member') throw unauthenticated('Please sign in');
        // A custom header makes a cross-site form post (which cannot set one) fail before the body is read.
        if (request.headers['x-requested-with'] !== 'fetch') {
          throw badInput('Upload the picture from the account page.', 'missing_upload_header');
        }
        if (!request.isMultipart())
          throw badInput('Send the picture as multipart/form-data.', 'not_multipart');
        let bytes: Buffer;
        try {
          const file = await request.file();
          if (!file) throw badInput('Choose a picture to upload.', 'no_file');
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof AppError) throw error;
          if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
            throw badInput('The picture can be at most 5 MB.', 'file_too_large');
          }
          throw badInput('The upload could not be read.', 'invalid_upload');
        }
        const pictureUrl = await services.account.setAvatar(request.ctx, auth, bytes);
        return { pictureUrl };
      },
    );
  });

  // Only the member themselves sees the picture: the URL is unguessable (a content hash) and checked
  // against the caller, so it never shows across members or brands.
  api.get<{ Params: { memberId: string; file: string } }>(
    '/api/avatars/:memberId/:file',
    async (request, reply) => {
      const { auth, brand } = request.ctx;
      const memberId = Number(request.params.memberId);
      const version = request.params.file.replace(/\.jpg$/, '');
      if (auth.kind !== 'member' || auth.claims.id !== memberId || !VERSION.test(version)) {
        throw notFound('Picture not found');
      }
      const avatar = await services.account.readAvatar(brand.config.id, memberId, version);
      if (!avatar) throw notFound('Picture not found');
      return reply
        .header('content-type', avatar.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(avatar.data);
    },
  );
}
