import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { buildApp } from './app';
import type { AdminContext } from './cli/admin-command';
import { memoryOutput } from './cli/admin-output';
import { runAdmin } from './cli/admin-runner';
import type { AppConfig, DatabaseTarget } from './config';
import { keepJwtSecret } from './modules/auth/jwt-secret';
import { createWalletRepository } from './modules/wallet/wallet.repository';
import { createServices } from './services';
import { buildBrand } from './test/factories';
import { ENGINES, type Engine, createTestDb, testConfig } from './test/harness';
import { graphql, signInNewMember } from './test/http';
import { type Db, createDb } from './db/database';
import { isoNow } from './db/json';
import { migrateToLatest } from './db/migrate';

// Issue 15, item 6 (decision 034): back up a deployment with members, coins, orders, the JWT secret kept in
// the database, the VPN authorities and the media folder; change all of it; restore; everything is as
// it was, and a session signed in before the backup (with the secret of that time) is accepted again.

const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

interface Deployment {
  /** The database as the app servers open it (their own connections). */
  target: DatabaseTarget;
  /** The operator's connection (the admin command line's). */
  admin: Db;
  folder: string;
  config: (jwtSecret: string) => AppConfig;
  close: () => Promise<void>;
}

async function deployment(engine: Engine): Promise<Deployment> {
  const folder = mkdtempSync(join(tmpdir(), 'member-area-backup-'));
  const paths = (config: AppConfig): Partial<AppConfig> => ({
    dataDir: join(folder, 'data'),
    vpn: { ...config.vpn, caDir: join(folder, 'data', 'vpn') },
    media: { ...config.media, importedDir: join(folder, 'media', 'imported') },
  });
  let target: DatabaseTarget;
  let admin: Db;
  let cleanup: () => Promise<void>;
  if (engine === 'sqlite') {
    target = { kind: 'sqlite', file: join(folder, 'data', 'member-area.sqlite') };
    admin = createDb(target);
    await migrateToLatest(admin.kysely, admin.dialect);
    cleanup = () => admin.destroy();
  } else {
    const testDb = await createTestDb('postgres');
    admin = testDb;
    // The servers' connections carry a name of their own, so the restore can tell they are open.
    target = {
      kind: 'postgres',
      url: postgresUrl,
      ...(testDb.schema ? { schema: testDb.schema } : {}),
      pool: { applicationName: `backup-test-${randomBytes(4).toString('hex')}` },
    };
    cleanup = () => testDb.cleanup();
  }
  return {
    target,
    admin,
    folder,
    config: (jwtSecret) => {
      const base = testConfig({ jwtSecret: new TextEncoder().encode(jwtSecret), jwtSecretFrom: 'database' });
      return { ...base, ...paths(base), database: target };
    },
    close: async () => {
      await cleanup();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** One app server's start, as main.ts does it without JWT_SECRET: the secret from the database. */
async function startServer(d: Deployment): Promise<{ app: FastifyInstance; db: Db; secret: string }> {
  const db = createDb(d.target);
  const secret = await keepJwtSecret(db.kysely, join(d.folder, 'nowhere'));
  const app = await buildApp({ config: d.config(secret), db, logger: false });
  await app.ready();
  return { app, db, secret };
}

const MEMBER = `{ member { info { email name } getCreditBalance } }`;

describe.each(ENGINES)('backup and restore (%s)', (engine) => {
  let d: Deployment | undefined;
  afterEach(async () => {
    await d?.close();
    d = undefined;
  });

  const admin = (config: AppConfig): AdminContext & { out: ReturnType<typeof memoryOutput> } => {
    if (!d) throw new Error('no deployment');
    return { db: d.admin, config, services: createServices(d.admin, config), out: memoryOutput() };
  };

  it('puts back members, coins, orders, sessions, the JWT secret, the VPN authorities and the media', async () => {
    d = await deployment(engine);
    let server = await startServer(d);
    const secretThen = server.secret;
    const config = d.config(secretThen);
    const brand = await buildBrand(server.db);
    const member = await signInNewMember(server, brand, { name: 'Ada Before' });
    const wallet = createWalletRepository(server.db.kysely);
    const credit = (amount: number, key: string) =>
      wallet.applyEntry({
        brandId: brand.id,
        memberId: member.id,
        amount,
        description: 'test',
        source: 'test',
        reference: { kind: 'payment', id: key },
        idempotencyKey: key,
      });
    await credit(500, 'before');
    const order = await server.db.kysely
      .insertInto('orders')
      .values({
        brand_id: brand.id,
        member_id: member.id,
        reference: `O-backup-${String(member.id)}`,
        status: 'paid',
        currency: 'USD',
        subtotal: 2000,
        delivery_fee: 500,
        total: 2500,
        free_gift: null,
        shipping_info: JSON.stringify({ city: 'Boston' }),
        created_at: isoNow(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const caKey = join(config.vpn.caDir, `brand-${String(brand.id)}`, 'ca.key');
    mkdirSync(join(config.vpn.caDir, `brand-${String(brand.id)}`), { recursive: true });
    writeFileSync(caKey, 'the CA key of that time', { mode: 0o600 });
    const song = join(config.media.importedDir, 'demo', 'audio', 'song.mp3');
    mkdirSync(join(config.media.importedDir, 'demo', 'audio'), { recursive: true });
    writeFileSync(song, randomBytes(64 * 1024), { mode: 0o644 });
    const songBytes = readFileSync(song);

    const before = await graphql<{ member: { info: { name: string }; getCreditBalance: number } }>(
      server.app,
      member.caller,
      MEMBER,
    );
    expect(before.data?.member).toMatchObject({ info: { name: 'Ada Before' }, getCreditBalance: 500 });

    const backupDir = join(d.folder, 'backups', 'one');
    const made = admin(config);
    expect(await runAdmin(['backup:create', '--to', backupDir], made)).toBe(0);
    expect(made.out.lines.join('\n')).toContain(`backup written to ${backupDir}`);
    expect(readdirSync(backupDir).sort()).toEqual(
      [engine === 'sqlite' ? 'database.sqlite' : 'database.dump', 'manifest.json', 'media', 'vpn'].sort(),
    );
    const checked = admin(config);
    expect(await runAdmin(['backup:verify', backupDir], checked)).toBe(0);
    expect(checked.out.lines.join('\n')).toContain('is whole');

    // Everything changes after the backup: the session ends, coins move, the order goes, the name
    // changes, the secret is replaced, the CA key is lost and the media folder changes.
    await server.app.inject({
      method: 'POST',
      url: '/membergraphapi/api/auth/logout',
      headers: { host: brand.hostname, cookie: member.cookie },
    });
    await credit(250, 'after');
    await server.db.kysely.deleteFrom('orders').where('id', '=', order.id).execute();
    await server.db.kysely
      .updateTable('members')
      .set({ name: 'Ada After' })
      .where('id', '=', member.id)
      .execute();
    await server.db.kysely
      .updateTable('server_secrets')
      .set({ value: randomBytes(48).toString('base64url') })
      .where('name', '=', 'jwt_secret')
      .execute();
    rmSync(caKey);
    writeFileSync(song, 'overwritten');
    writeFileSync(join(config.media.importedDir, 'demo', 'audio', 'new.mp3'), 'added after');
    const signedOut = await graphql(server.app, member.caller, MEMBER);
    expect(signedOut.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');

    // A restore needs --yes; on PostgreSQL it refuses while a server's connections are open.
    const unconfirmed = admin(config);
    expect(await runAdmin(['backup:restore', backupDir], unconfirmed)).toBe(1);
    expect(unconfirmed.out.errors.join('\n')).toContain('--yes');
    if (engine === 'postgres') {
      const busy = admin(config);
      expect(await runAdmin(['backup:restore', backupDir, '--yes'], busy)).toBe(1);
      expect(busy.out.errors.join('\n')).toContain('stop the app servers first');
    }
    await server.app.close();
    await server.db.destroy();

    const restoring = admin(config);
    expect(await runAdmin(['backup:restore', backupDir, '--yes'], restoring)).toBe(0);
    expect(restoring.out.lines.join('\n')).toContain('restored the backup');

    server = await startServer(d);
    try {
      expect(server.secret).toBe(secretThen);
      const after = await graphql<{ member: { info: { name: string }; getCreditBalance: number } }>(
        server.app,
        member.caller,
        MEMBER,
      );
      expect(after.errors).toBeUndefined();
      expect(after.data?.member).toMatchObject({ info: { name: 'Ada Before' }, getCreditBalance: 500 });
      const orders = await server.db.kysely
        .selectFrom('orders')
        .select(['id', 'total'])
        .where('member_id', '=', member.id)
        .execute();
      expect(orders).toEqual([{ id: order.id, total: 2500 }]);
      const ledger = await server.db.kysely
        .selectFrom('coin_ledger')
        .select('idempotency_key')
        .where('member_id', '=', member.id)
        .execute();
      expect(ledger.map((row) => row.idempotency_key)).toEqual(['before']);
      // The database's sequences came back too: a new row does not collide with a restored one.
      const restoredWallet = createWalletRepository(server.db.kysely);
      expect(
        await restoredWallet.applyEntry({
          brandId: brand.id,
          memberId: member.id,
          amount: 10,
          description: 'test',
          source: 'test',
          reference: { kind: 'payment', id: 'after-restore' },
          idempotencyKey: 'after-restore',
        }),
      ).toEqual({ outcome: 'applied', balance: 510 });
    } finally {
      await server.app.close();
      await server.db.destroy();
    }
    expect(readFileSync(caKey, 'utf8')).toBe('the CA key of that time');
    expect(readFileSync(song).equals(songBytes)).toBe(true);
    // Permissions come back too: the CA key private, the media readable by the proxy that serves them.
    expect(statSync(caKey).mode & 0o777).toBe(0o600);
    expect(statSync(song).mode & 0o777).toBe(0o644);
    expect(readdirSync(join(config.media.importedDir, 'demo', 'audio'))).toEqual(['song.mp3']);
    // The folders the restore replaced were moved aside, not deleted.
    const aside = restoring.out.lines.filter((line) => line.includes('.before-restore-'));
    expect(aside).toHaveLength(2);
  }, 120_000);

  it('refuses a damaged backup and one made by a newer release, and changes nothing', async () => {
    d = await deployment(engine);
    const server = await startServer(d);
    const config = d.config(server.secret);
    const brand = await buildBrand(server.db);
    await server.app.close();
    await server.db.destroy();
    mkdirSync(config.vpn.caDir, { recursive: true });
    writeFileSync(join(config.vpn.caDir, 'ca.crt'), 'certificate');
    const backupDir = join(d.folder, 'backups', 'two');
    expect(await runAdmin(['backup:create', '--to', backupDir], admin(config))).toBe(0);
    // A second backup into the same folder is refused rather than mixed with the first.
    const again = admin(config);
    expect(await runAdmin(['backup:create', '--to', backupDir], again)).toBe(1);
    expect(again.out.errors.join('\n')).toContain('already exists');

    // Not into a folder the backup copies (it would copy itself).
    const inside = admin(config);
    expect(await runAdmin(['backup:create', '--to', join(config.vpn.caDir, 'backup')], inside)).toBe(1);
    expect(inside.out.errors.join('\n')).toContain('which the backup copies');

    writeFileSync(join(backupDir, 'vpn', 'ca.crt'), 'tampered');
    const damaged = admin(config);
    expect(await runAdmin(['backup:restore', backupDir, '--yes'], damaged)).toBe(1);
    expect(damaged.out.errors.join('\n')).toContain('vpn/ca.crt is missing or differs');
    writeFileSync(join(backupDir, 'vpn', 'ca.crt'), 'certificate');

    const manifestFile = join(backupDir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { migrations: string[] };
    writeFileSync(
      manifestFile,
      JSON.stringify({ ...manifest, migrations: [...manifest.migrations, '9999-future'] }),
    );
    const newer = admin(config);
    expect(await runAdmin(['backup:restore', backupDir, '--yes'], newer)).toBe(1);
    expect(newer.out.errors.join('\n')).toContain('made by a newer release');
    expect(readdirSync(d.folder).some((name) => name.includes('before-restore'))).toBe(false);
    const still = await d.admin.kysely.selectFrom('brands').select('id').where('id', '=', brand.id).execute();
    expect(still).toHaveLength(1);
  });
});
