/*
 * The OpenVPN client profile (`.ovpn`) of one member: the stock client options for a routed UDP
 * tunnel, with the brand's CA, the member's certificate and key inline, so one file is all a client
 * (OpenVPN Connect, the community client, NetworkManager, Tunnelblick) needs to import.
 */

export interface VpnEndpoint {
  host: string;
  port: number;
  protocol: 'udp' | 'tcp';
}

export interface ProfileInput {
  brandName: string;
  endpoint: VpnEndpoint;
  caPem: string;
  certificatePem: string;
  privateKeyPem: string;
}

/** A host name or address the profile may name: no spaces, quotes or line breaks reach the file. */
const HOST = /^[A-Za-z0-9.:-]{1,253}$/;

function inline(tag: string, pem: string): string {
  return `<${tag}>\n${pem.trim()}\n</${tag}>`;
}

export function openVpnProfile({
  brandName,
  endpoint,
  caPem,
  certificatePem,
  privateKeyPem,
}: ProfileInput): string {
  if (!HOST.test(endpoint.host)) throw new Error('invalid VPN host');
  if (!Number.isInteger(endpoint.port) || endpoint.port < 1 || endpoint.port > 65_535) {
    throw new Error('invalid VPN port');
  }
  const title = brandName.replace(/[\r\n]/g, ' ').slice(0, 80);
  return [
    `# ${title} VPN: OpenVPN client profile for one member. Keep this file private.`,
    'client',
    'dev tun',
    `proto ${endpoint.protocol}`,
    `remote ${endpoint.host} ${String(endpoint.port)}`,
    'resolv-retry infinite',
    'nobind',
    'persist-key',
    'persist-tun',
    // The server's certificate must be one the brand's CA issued for a server, not another member's.
    'remote-cert-tls server',
    'tls-version-min 1.2',
    'data-ciphers AES-256-GCM:AES-128-GCM:CHACHA20-POLY1305',
    'auth SHA256',
    'verb 3',
    inline('ca', caPem),
    inline('cert', certificatePem),
    inline('key', privateKeyPem),
    '',
  ].join('\n');
}
