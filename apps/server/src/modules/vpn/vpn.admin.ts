import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import { type AdminCommand, brandOption } from '../../cli/admin-command';

/**
 * The operator's VPN commands (decision 026): the files the brand's OpenVPN server needs, its CA
 * certificate and revocation list (`ca`, `crl-verify`, refreshed by running vpn:authority again, at
 * least weekly) and its own server certificate.
 */
export const vpnAdminCommands: AdminCommand[] = [
  {
    name: 'vpn:authority',
    summary: "Write a brand's VPN CA certificate and current revocation list (ca.crt, crl.pem)",
    usage: '--brand <slug> --out <folder>',
    options: { brand: { type: 'string' }, out: { type: 'string' } },
    run: async (context, args) => {
      const brand = await brandOption(context, args);
      const folder = typeof args.values.out === 'string' ? resolve(args.values.out) : null;
      if (!folder) {
        context.out.error('--out <folder> is required');
        return 1;
      }
      const files = await context.services.vpn.authorityFiles(brand.id, brand.name);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'ca.crt'), files.caPem);
      await writeFile(join(folder, 'crl.pem'), files.crlPem);
      context.out.line(
        `${join(folder, 'ca.crt')}\n${join(folder, 'crl.pem')} (${String(files.revokedCount)} revoked)`,
      );
      return 0;
    },
  },
  {
    name: 'vpn:server-cert',
    summary: "Issue the VPN server's certificate and key from the brand's CA (server.crt, server.key)",
    usage: '--brand <slug> --name <host name> --out <folder>',
    options: { brand: { type: 'string' }, name: { type: 'string' }, out: { type: 'string' } },
    run: async (context, args) => {
      const brand = await brandOption(context, args);
      const { name, out } = args.values;
      if (typeof name !== 'string' || !/^[A-Za-z0-9.-]{1,253}$/.test(name) || typeof out !== 'string') {
        context.out.error('--name <host name> and --out <folder> are required');
        return 1;
      }
      const issued = await context.services.vpn.issueServerCertificate(brand.id, brand.name, name);
      const folder = resolve(out);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'server.crt'), issued.certificatePem);
      await writeFile(join(folder, 'server.key'), issued.privateKeyPem, { mode: 0o600 });
      context.out.line(
        `${join(folder, 'server.crt')} (serial ${issued.serialNumber}, until ${issued.notAfter.toISOString()})`,
      );
      return 0;
    },
  },
];
