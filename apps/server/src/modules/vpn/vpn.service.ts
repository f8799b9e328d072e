import {
  VPN_PLATFORM_INFO,
  type VpnAccess,
  type UpsellKind,
  type VpnPlatformInfo,
  chooseUpsell,
  subscriptionState,
  vpnAccess,
  vpnProfileFileName,
} from '@member/domain';

import type { AppConfig } from '../../config';
import type { MemberAuth, RequestContext } from '../../context';
import { isoNow, readJson } from '../../db/json';
import { forbidden, notFound } from '../../errors';
import { signPath, verifySignedPath } from '../../shared/signed-urls';
import type { MembersRepository } from '../members/members.repository';
import { toMemberSubscription } from '../members/member-subscriptions';
import type { AuthorityStore } from './vpn.authority';
import { createRevocationList, issueCertificate } from './vpn.pki';
import { openVpnProfile } from './vpn.profile';
import type { VpnRepository } from './vpn.repository';

/** Where signed profile downloads are served (under the member graph API's prefix). */
export const VPN_DOWNLOAD_ROUTE = '/api/vpn/profile/';
const DOWNLOAD_PREFIX = `/membergraphapi${VPN_DOWNLOAD_ROUTE}`;
const SERIAL = /^[0-9a-f]{2,40}$/;
const ID = /^[1-9]\d{0,11}$/;
const FILE = /^[a-z0-9-]{1,48}\.ovpn$/;

export interface VpnStatus {
  available: boolean;
  /** Why not, when not: no_vpn_plan, vpn_disabled or blocked_country. */
  reason: string | null;
  platforms: readonly VpnPlatformInfo[];
  /**
   * For a member whose membership lacks the VPN: the giveaways' upsell rule's offer (`chooseUpsell`),
   * 'vpn' for the VPN upsell, or null (none: suppressed by the member's tags, or the VPN is there).
   */
  upsell: UpsellKind | null;
  /** When the member's current certificate was issued and until when it is valid, if one exists. */
  certificateIssuedAt: string | null;
  certificateExpiresAt: string | null;
}

export interface VpnProfileLink {
  url: string;
  fileName: string;
  expiresAt: string;
}

export interface VpnServiceDeps {
  repository: VpnRepository;
  members: Pick<MembersRepository, 'findById' | 'listSubscriptions'>;
  authorities: AuthorityStore;
  config: AppConfig['vpn'];
  now?: () => Date;
}

const refusal = (access: Exclude<VpnAccess, { allowed: true }>) => {
  switch (access.reason) {
    case 'no_vpn_plan':
      return forbidden('Your membership does not include the VPN.', 'vpn_not_included');
    case 'vpn_disabled':
      return forbidden('The VPN is turned off for this account.', 'vpn_disabled');
    case 'blocked_country':
      return forbidden('The VPN is not available in your current location.', 'vpn_blocked_country');
  }
};

/**
 * The VPN offer (issue 18 item 3, decision 026): who may use it (the domain's rule over the member's
 * subscriptions, tags and country), each member's certificate from the brand's CA, the `.ovpn` behind
 * a signed, expiring URL, and revocation when a member loses the VPN.
 */
export function createVpnService({
  repository,
  members,
  authorities,
  config,
  now = () => new Date(),
}: VpnServiceDeps) {
  /** The member's VPN access; `country` is null for checks outside a request (the sweep). */
  async function accessOf(brandId: number, memberId: number, country: string | null): Promise<VpnAccess> {
    return (await accessAndUpsell(brandId, memberId, country)).access;
  }

  /** The member's VPN access and, without a VPN plan, the upsell rule's choice for them. */
  async function accessAndUpsell(
    brandId: number,
    memberId: number,
    country: string | null,
  ): Promise<{ access: VpnAccess; upsell: UpsellKind | null }> {
    const [row, subscriptionRows] = await Promise.all([
      members.findById(brandId, memberId),
      members.listSubscriptions(brandId, memberId),
    ]);
    if (!row) return { access: { allowed: false, reason: 'no_vpn_plan' }, upsell: null };
    const tags = readJson<string[]>(row.tags, []);
    const state = subscriptionState(subscriptionRows.map(toMemberSubscription), tags);
    const access = vpnAccess({
      entitlements: state.activeMediaTypes,
      tags,
      country: country ?? '',
      blockedCountries: country === null ? [] : config.blockedCountries,
    });
    const upsell =
      !access.allowed && access.reason === 'no_vpn_plan'
        ? chooseUpsell({ activeTypes: state.activeMediaTypes, tags })
        : null;
    return { access, upsell };
  }

  /** Revokes the member's certificate when the member no longer has the VPN (not for a location). */
  async function revokeIfLost(brandId: number, memberId: number, access: VpnAccess): Promise<boolean> {
    if (access.allowed || access.reason === 'blocked_country') return false;
    return (await repository.revokeActive(brandId, memberId, isoNow(now()), access.reason)) > 0;
  }

  async function status(ctx: RequestContext, member: MemberAuth): Promise<VpnStatus> {
    const brandId = ctx.brand.config.id;
    const { access, upsell } = await accessAndUpsell(brandId, member.claims.id, ctx.country);
    await revokeIfLost(brandId, member.claims.id, access);
    const current = access.allowed ? await repository.findActive(brandId, member.claims.id) : undefined;
    return {
      available: access.allowed,
      reason: access.allowed ? null : access.reason,
      // Only the VPN upsell belongs on this page; a media upsell (a member who has the VPN) never reaches here.
      upsell: upsell === 'vpn' ? 'vpn' : null,
      platforms: VPN_PLATFORM_INFO,
      certificateIssuedAt: current?.issued_at ?? null,
      certificateExpiresAt: current?.expires_at ?? null,
    };
  }

  /** The member's active certificate, issued on first use (or when the last one is near its end). */
  async function activeCertificate(ctx: RequestContext, memberId: number) {
    const brand = ctx.brand.config;
    const at = now();
    const current = await repository.findActive(brand.id, memberId);
    // A certificate with less than a day left is replaced, so a fresh download always works.
    if (current && Date.parse(current.expires_at) - at.getTime() > 86_400_000) return current;
    if (current) await repository.revokeActive(brand.id, memberId, isoNow(at), 'superseded');
    const { authority } = await authorities.forBrand(brand.id, brand.name);
    const issued = await issueCertificate(
      authority,
      `member-${String(memberId)}@${brand.slug}`,
      'client',
      config.certificateDays,
      at,
    );
    await repository.insertActive({
      brandId: brand.id,
      memberId,
      serialNumber: issued.serialNumber,
      certificatePem: issued.certificatePem,
      privateKeyPem: issued.privateKeyPem,
      issuedAt: isoNow(at),
      expiresAt: isoNow(issued.notAfter),
    });
    // Another request may have stored one first: the stored one is the member's.
    const stored = await repository.findActive(brand.id, memberId);
    if (!stored) throw notFound('VPN certificate not found.', 'vpn_certificate_not_found');
    return stored;
  }

  /** A signed, expiring link to the member's `.ovpn` (the certificate is made on first use). */
  async function createProfileLink(ctx: RequestContext, member: MemberAuth): Promise<VpnProfileLink> {
    const brandId = ctx.brand.config.id;
    const access = await accessOf(brandId, member.claims.id, ctx.country);
    if (!access.allowed) {
      await revokeIfLost(brandId, member.claims.id, access);
      throw refusal(access);
    }
    const certificate = await activeCertificate(ctx, member.claims.id);
    const fileName = vpnProfileFileName(ctx.brand.config.name);
    const expires = Math.floor(now().getTime() / 1000) + config.urlTtlSeconds;
    const path = ['vpn', String(brandId), String(member.claims.id), certificate.serial_number, fileName];
    return {
      url: signPath(config.urlSecret, DOWNLOAD_PREFIX, { prefix: path, expires }, path),
      fileName,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /**
   * Serves a signed download: the signature names brand, member and certificate, so nobody can ask for
   * another member's file; the certificate must still be active and the member still have the VPN.
   */
  async function profileDownload(
    ctx: RequestContext,
    rest: string,
  ): Promise<{ fileName: string; body: string }> {
    const result = verifySignedPath(config.urlSecret, rest, Math.floor(now().getTime() / 1000), (path) => {
      const segments = path.split('/').map((segment) => {
        try {
          return decodeURIComponent(segment);
        } catch {
          return '';
        }
      });
      const [root, brandId, memberId, serial, file] = segments;
      return segments.length === 5 &&
        root === 'vpn' &&
        ID.test(brandId ?? '') &&
        ID.test(memberId ?? '') &&
        SERIAL.test(serial ?? '') &&
        FILE.test(file ?? '')
        ? segments
        : null;
    });
    if (!result.ok) {
      throw result.reason === 'expired'
        ? forbidden('This download link has expired. Open the VPN page for a new one.', 'vpn_link_expired')
        : forbidden('This download link is not valid.', 'vpn_link_invalid');
    }
    const [, brandText, memberText, serial, fileName] = result.segments as [
      string,
      string,
      string,
      string,
      string,
    ];
    const brandId = Number(brandText);
    const memberId = Number(memberText);
    if (brandId !== ctx.brand.config.id || result.segments.length !== 5) {
      throw forbidden('This download link is not valid.', 'vpn_link_invalid');
    }
    const access = await accessOf(brandId, memberId, ctx.country);
    if (!access.allowed) {
      await revokeIfLost(brandId, memberId, access);
      throw refusal(access);
    }
    const certificate = await repository.findBySerial(brandId, memberId, serial);
    if (certificate?.active_key == null) {
      throw notFound(
        'This VPN profile has been replaced. Open the VPN page for a new one.',
        'vpn_profile_revoked',
      );
    }
    const { pair } = await authorities.forBrand(brandId, ctx.brand.config.name);
    const body = openVpnProfile({
      brandName: ctx.brand.config.name,
      endpoint: {
        host: config.remoteHost ?? `vpn.${ctx.brand.config.hostname}`,
        port: config.remotePort,
        protocol: config.protocol,
      },
      caPem: pair.certificatePem,
      certificatePem: certificate.certificate_pem,
      privateKeyPem: certificate.private_key_pem,
    });
    return { fileName, body };
  }

  /** The brand's CA certificate and current revocation list (for the VPN server: `ca` and `crl-verify`). */
  async function authorityFiles(brandId: number, brandName: string) {
    const { pair, authority } = await authorities.forBrand(brandId, brandName);
    const at = now();
    const revoked = await repository.listRevoked(brandId, isoNow(at));
    const crlPem = await createRevocationList(
      authority,
      revoked.map((row) => ({
        serialNumber: row.serial_number,
        revokedAt: new Date(row.revoked_at ?? isoNow(at)),
      })),
      7,
      at,
    );
    return { caPem: pair.certificatePem, crlPem, revokedCount: revoked.length };
  }

  /** Issues the VPN server's own certificate from the brand's CA (an operator command). */
  async function issueServerCertificate(brandId: number, brandName: string, commonName: string) {
    const { authority } = await authorities.forBrand(brandId, brandName);
    return issueCertificate(authority, commonName, 'server', 825, now());
  }

  /**
   * Revokes the certificates of members who no longer have the VPN (subscription ended, `vpn:disabled`),
   * a page at a time; answers how many were revoked. Run by the VPN job.
   */
  async function sweepRevocations(pageSize = 200): Promise<number> {
    let afterId = 0;
    let revoked = 0;
    for (;;) {
      const page = await repository.listActive(afterId, pageSize);
      for (const row of page) {
        const access = await accessOf(row.brand_id, row.member_id, null);
        if (await revokeIfLost(row.brand_id, row.member_id, access)) revoked += 1;
      }
      const last = page.at(-1);
      if (!last || page.length < pageSize) return revoked;
      afterId = last.id;
    }
  }

  return {
    status,
    createProfileLink,
    profileDownload,
    authorityFiles,
    issueServerCertificate,
    sweepRevocations,
  };
}

export type VpnService = ReturnType<typeof createVpnService>;
