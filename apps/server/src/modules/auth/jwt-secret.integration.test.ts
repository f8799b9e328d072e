import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { buildBrand, buildMember } from '../../test/factories';
import { ENGINES, openSharedTestDb } from '../../test/harness';
import { graphql, login } from '../../test/http';
import { LEGACY_SECRET_FILE, keepJwtSecret } from './jwt-secret';

const quietReporter = { capture: () => undefined, flush: () => Promise.resolve() };

describe.each(ENGINES)('the JWT secret without JWT_SECRET (%s)', (engine) => {
  let folder: string;
  let shared: { first: Db; second: Db; close: () => Promise<void> };
  const dataDirs = () => [join(folder, 'node-a'), join(folder, 'node-b')];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'member-area-secret-'));
    shared = await openSharedTestDb(engine);
  });
  afterAll(async () => {
    await shared.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses to build a server on a secret of its own process', async () => {
    const config = loadConfig({ DATA_DIR: dataDirs()[0], LOG_LEVEL: 'silent' });
    expect(config.jwtSecretFrom).toBe('unset');
    await expect(
      buildApp({ config, db: shared.first, logger: false, errorReporter: quietReporter }),
    ).rejects.toThrow(ConfigError);
  });

  it('keeps the secret an older version generated into the data folder', async () => {
    const legacyDir = join(folder, 'legacy');
    mkdirSync(legacyDir);
    writeFileSync(join(legacyDir, LEGACY_SECRET_FILE), 'l'.repeat(48));
    expect(await keepJwtSecret(shared.first.kysely, legacyDir)).toBe('l'.repeat(48));
    expect(await keepJwtSecret(shared.second.kysely, dataDirs()[1] ?? '')).toBe('l'.repeat(48));
  });

  it('keeps one secret for every server, even when they first start together', async () => {
    await shared.first.kysely.deleteFrom('server_secrets').execute();
    const secrets = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        keepJwtSecret((index % 2 === 0 ? shared.first : shared.second).kysely, dataDirs()[index % 2] ?? ''),
      ),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]?.length).toBeGreaterThanOrEqual(32);
  });

  it('lets a member signed in on one server use the session on another', async () => {
    const nodes = await Promise.all(
      dataDirs().map(async (dataDir, index) => {
        const db = index === 0 ? shared.first : shared.second;
        const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-web-dist' };
        const config = loadConfig(env, await keepJwtSecret(db.kysely, dataDir));
        expect(config.jwtSecretFrom).toBe('database');
        return buildApp({ config, db, logger: false, errorReporter: quietReporter });
      }),
    );
    try {
      const brand = await buildBrand(shared.first);
      const member = await buildMember(shared.first, brand.id);
      const [a, b] = nodes as [(typeof nodes)[number], (typeof nodes)[number]];
      const { cookie } = await login(a, brand.hostname, member.email, member.password);
      const elsewhere = await graphql<{ member: { info: { email: string } } }>(
        b,
        { host: brand.hostname, cookie: cookie ?? '' },
        '{ member { info { email } } }',
      );
      expect(elsewhere.data?.member.info.email).toBe(member.email);
    } finally {
      for (const node of nodes) await node.close();
    }
  });
});
