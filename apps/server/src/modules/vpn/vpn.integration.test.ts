import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildSubscription } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp, testConfig } from '../../test/harness';
import { type Caller, graphql, signInNewMember } from '../../test/http';
import { createMembersRepository } from '../members/members.repository';
import { createAuthorityStore } from './vpn.authority';
import { createVpnRepository } from './vpn.repository';
import { type VpnService, createVpnService } from './vpn.service';

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const HAS_OPENSSL = has('openssl');
const HAS_OPENVPN = has('openvpn');

const STATUS = `{ member { vpn { available reason upsell certificateIssuedAt platforms { platform minimumVersion client } } } }`;
const LINK = `mutation { member { vpnProfileLink { url fileName expiresAt responseResult { succeeded slug } } } }`;

interface LinkData {
  member: {
    vpnProfileLink: {
      url: string | null;
      fileName: string | null;
      responseResult: { succeeded: boolean; slug: string | null };
    };
  };
}

function section(profile: string, tag: string): string {
  const match = new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(profile);
  if (!match?.[1]) throw new Error(`no <${tag}> in the profile`);
  return `${match[1]}\n`;
}

describe.each(ENGINES)('VPN (%s)', (engine) => {
  let t: TestApp;
  let blocked: TestApp;
  let brand: { id: number; hostname: string };
  let blockedBrand: { id: number; hostname: string };
  /** The same service as the server's, for what only the operator and the job call. */
  let service: VpnService;
  const caDir = mkdtempSync(join(tmpdir(), 'vpn-ca-'));
  const work = mkdtempSync(join(tmpdir(), 'vpn-files-'));

  beforeAll(async () => {
    const vpn = { ...testConfig().vpn, caDir };
    t = await createTestApp(engine, { vpn });
    blocked = await createTestApp(engine, { vpn: { ...vpn, blockedCountries: ['US'] } });
    brand = await buildBrand(t.db);
    blockedBrand = await buildBrand(blocked.db);
    service = createVpnService({
      repository: createVpnRepository(t.db.kysely),
      members: createMembersRepository(t.db.kysely),
      authorities: createAuthorityStore(caDir),
      config: vpn,
    });
  });
  afterAll(async () => {
    await t.close();
    await blocked.close();
    rmSync(caDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  async function vpnMember(app: TestApp = t, on = brand) {
    const member = await signInNewMember(app, on);
    await buildSubscription(app.db, on.id, member.id, {
      planName: 'Movies + VPN',
      offers: [{ id: 1, name: 'Movies + VPN', mediaTypes: ['movie', 'vpn'] }],
    });
    return member;
  }

  async function link(caller: Caller, app: TestApp = t) {
    const result = await graphql<LinkData>(app.app, caller, LINK);
    return result.data?.member.vpnProfileLink;
  }

  async function download(url: string, host = brand.hostname) {
    return t.app.inject({ method: 'GET', url, headers: { host } });
  }

  it('a VPN member downloads a .ovpn whose certificate the brand CA signed', async () => {
    const member = await vpnMember();
    const status = await graphql<{
      member: { vpn: { available: boolean; platforms: { platform: string }[] } };
    }>(t.app, member.caller, STATUS);
    expect(status.data?.member.vpn.available).toBe(true);
    expect(status.data?.member.vpn.platforms.map((p) => p.platform)).toEqual([
      'windows',
      'macos',
      'debian',
      'android',
      'ios',
    ]);
    const payload = await link(member.caller);
    expect(payload?.responseResult.succeeded).toBe(true);
    const response = await download(payload?.url ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('.ovpn');
    expect(response.headers['cache-control']).toContain('no-store');
    const profile = response.body;
    expect(profile).toMatch(/^client$/m);
    expect(profile).toMatch(/^remote-cert-tls server$/m);
    expect(profile).toContain('BEGIN PRIVATE KEY');
    // A second link names the same certificate.
    const again = await download((await link(member.caller))?.url ?? '');
    expect(section(again.body, 'cert')).toBe(section(profile, 'cert'));

    if (HAS_OPENSSL) {
      writeFileSync(join(work, 'ca.pem'), section(profile, 'ca'));
      writeFileSync(join(work, 'cert.pem'), section(profile, 'cert'));
      const verified = execFileSync('openssl', [
        'verify',
        '-purpose',
        'sslclient',
        '-CAfile',
        join(work, 'ca.pem'),
        join(work, 'cert.pem'),
      ]).toString();
      expect(verified).toContain('OK');
    }
    if (HAS_OPENVPN) {
      const file = join(work, 'member.ovpn');
      writeFileSync(file, profile);
      // Parses the options and loads CA, certificate and key, then tries the (absent) server: stopped.
      const run = spawnSync('openvpn', ['--config', file, '--verb', '4', '--connect-retry-max', '1'], {
        timeout: 4_000,
        encoding: 'utf8',
      });
      const output = `${run.stdout}${run.stderr}`;
      expect(output).not.toMatch(/Options error|Cannot load|Error: private key/i);
      expect(output).toContain('Control Channel');
    }
  });

  it('a member without VPN gets no configuration', async () => {
    const member = await signInNewMember(t, brand);
    await buildSubscription(t.db, brand.id, member.id, { mediaTypes: ['movie'], offers: [] });
    const status = await graphql<{ member: { vpn: { available: boolean; reason: string } } }>(
      t.app,
      member.caller,
      STATUS,
    );
    // The giveaways' upsell rule offers this member (a movie plan alone) the VPN upsell.
    expect(status.data?.member.vpn).toMatchObject({ available: false, reason: 'no_vpn_plan', upsell: 'vpn' });
    const payload = await link(member.caller);
    expect(payload).toMatchObject({
      url: null,
      responseResult: { succeeded: false, slug: 'vpn_not_included' },
    });
    const rows = await t.db.kysely
      .selectFrom('vpn_certificates')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('offers no upsell where the rule offers none: a suppressing tag, or the VPN turned off', async () => {
    const visited = await signInNewMember(t, brand, { tags: ['upsell_visited'] });
    await buildSubscription(t.db, brand.id, visited.id, { mediaTypes: ['movie'], offers: [] });
    const disabled = await signInNewMember(t, brand, { tags: ['vpn:disabled'] });
    await buildSubscription(t.db, brand.id, disabled.id, { mediaTypes: ['movie'], offers: [] });
    for (const [member, reason] of [
      [visited, 'no_vpn_plan'],
      [disabled, 'vpn_disabled'],
    ] as const) {
      const status = await graphql<{ member: { vpn: { reason: string; upsell: string | null } } }>(
        t.app,
        member.caller,
        STATUS,
      );
      expect(status.data?.member.vpn).toMatchObject({ reason, upsell: null });
    }
  });

  it('refuses in a blocked country', async () => {
    const member = await vpnMember(blocked, blockedBrand);
    const payload = await link(member.caller, blocked);
    expect(payload?.responseResult).toMatchObject({ succeeded: false, slug: 'vpn_blocked_country' });
  });

  it('never serves another member’s certificate: forged, altered and foreign-brand links fail', async () => {
    const owner = await vpnMember();
    const other = await vpnMember();
    const url = (await link(owner.caller))?.url ?? '';
    const parts = url.split('/');
    // …/profile/<expires>/<depth>/<signature>/vpn/<brand>/<member>/<serial>/<file>
    const memberAt = parts.length - 3;
    const swapped = [...parts];
    swapped[memberAt] = String(other.id);
    expect((await download(swapped.join('/'))).statusCode).toBe(403);
    const forged = [...parts];
    forged[parts.length - 6] = 'A'.repeat(43);
    expect((await download(forged.join('/'))).statusCode).toBe(403);
    const later = [...parts];
    later[parts.length - 8] = String(Number(parts[parts.length - 8]) + 3600);
    expect((await download(later.join('/'))).statusCode).toBe(403);
    expect((await download(`${url}/../../x`)).statusCode).toBeGreaterThanOrEqual(400);
    const otherBrand = await buildBrand(t.db);
    expect((await download(url, otherBrand.hostname)).statusCode).toBe(403);
    expect((await download('/membergraphapi/api/vpn/profile/' + 'x'.repeat(5000))).statusCode).toBe(403);
  });

  it('issues one certificate when many links are asked for at once', async () => {
    const member = await vpnMember();
    const results = await Promise.all(Array.from({ length: 8 }, () => link(member.caller)));
    expect(results.every((r) => r?.responseResult.succeeded)).toBe(true);
    const active = await t.db.kysely
      .selectFrom('vpn_certificates')
      .select('serial_number')
      .where('member_id', '=', member.id)
      .where('active_key', 'is not', null)
      .execute();
    expect(active).toHaveLength(1);
    const serials = new Set(results.map((r) => r?.url?.split('/').at(-2)));
    expect(serials).toEqual(new Set([active[0]?.serial_number]));
  });

  it('revokes the certificate when the member loses VPN, and the CRL lists it', async () => {
    const member = await vpnMember();
    const url = (await link(member.caller))?.url ?? '';
    const profile = (await download(url)).body;
    await t.db.kysely
      .updateTable('members')
      .set({ tags: JSON.stringify(['vpn:disabled']) })
      .where('id', '=', member.id)
      .execute();
    expect((await download(url)).statusCode).toBe(403);
    const revoked = await t.db.kysely
      .selectFrom('vpn_certificates')
      .select(['revoked_at', 'revoke_reason', 'active_key'])
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(revoked).toMatchObject({ revoke_reason: 'vpn_disabled', active_key: null });
    const files = await service.authorityFiles(brand.id, 'Test brand');
    expect(files.revokedCount).toBeGreaterThanOrEqual(1);
    if (HAS_OPENSSL) {
      writeFileSync(join(work, 'ca2.pem'), section(profile, 'ca'));
      writeFileSync(join(work, 'cert2.pem'), section(profile, 'cert'));
      writeFileSync(join(work, 'crl.pem'), files.crlPem);
      const run = spawnSync(
        'openssl',
        [
          'verify',
          '-crl_check',
          '-CAfile',
          join(work, 'ca2.pem'),
          '-CRLfile',
          join(work, 'crl.pem'),
          join(work, 'cert2.pem'),
        ],
        { encoding: 'utf8' },
      );
      expect(`${run.stdout}${run.stderr}`).toContain('certificate revoked');
    }
  });

  it('the sweep revokes certificates of members whose subscription ended', async () => {
    const member = await vpnMember();
    await link(member.caller);
    await t.db.kysely
      .updateTable('subscriptions')
      .set({ is_active: 0 })
      .where('member_id', '=', member.id)
      .execute();
    expect(await service.sweepRevocations(2)).toBeGreaterThanOrEqual(1);
    const row = await t.db.kysely
      .selectFrom('vpn_certificates')
      .select('revoke_reason')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.revoke_reason).toBe('no_vpn_plan');
  });
});
