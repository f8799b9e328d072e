import type { FastifyInstance } from 'fastify';

import type { Services } from '../../services';
import { VPN_DOWNLOAD_ROUTE } from './vpn.service';

/**
 * `GET /membergraphapi/api/vpn/profile/<expires>/<depth>/<signature>/vpn/<brand>/<member>/<serial>/<file>`:
 * the member's `.ovpn`. The signed path is the permission (a download manager or a phone's browser
 * carries no session); the certificate must still be the member's active one.
 */
export function registerVpnRoutes(api: FastifyInstance, services: Services) {
  api.get<{ Params: { '*': string } }>(`${VPN_DOWNLOAD_ROUTE}*`, async (request, reply) => {
    const { fileName, body } = await services.vpn.profileDownload(request.ctx, request.params['*']);
    return reply
      .header('content-type', 'application/x-openvpn-profile; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store, private')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
