import type { FastifyInstance } from 'fastify';

import type { Services } from '../../services';
import { isWebAppIconName, webAppManifest } from './brands.web-app';

/** Brands whose hostname is unknown or unavailable have no app to install. */
function notFound(path: string) {
  return { error: { code: 'not_found', message: `No web app for ${path}` } };
}

/**
 * `/manifest.webmanifest` and `/web-app/<icon>.png` for the request's hostname (issue 14, item 14). The
 * manifest is small and may change with the brand: an hour's cache. Icons carry their version in the
 * query (brands.web-app.ts `iconHref`), so they are kept for a year.
 */
export function registerWebAppRoutes(app: FastifyInstance, services: Services) {
  async function activeBrand(hostname: string) {
    const resolution = await services.brands.resolveHostname(hostname);
    return resolution.kind === 'found' && resolution.brand.status === 'active'
      ? resolution.brand.config
      : null;
  }

  app.get('/manifest.webmanifest', async (request, reply) => {
    const brand = await activeBrand(request.host);
    if (!brand) return reply.code(404).send(notFound('/manifest.webmanifest'));
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(JSON.stringify(webAppManifest(brand)));
  });

  app.get<{ Params: { name: string } }>('/web-app/:name', async (request, reply) => {
    const { name } = request.params;
    const brand = await activeBrand(request.host);
    if (!brand || !isWebAppIconName(name))
      return reply.code(404).send(notFound(`/web-app/${name.slice(0, 64)}`));
    const png = await services.webAppIcons.icon(brand, name);
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(png);
  });
}
