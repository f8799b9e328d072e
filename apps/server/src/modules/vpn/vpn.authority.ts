import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { type Authority, type PemPair, createAuthority, loadAuthority } from './vpn.pki';

const CERT_FILE = 'ca.crt';
const KEY_FILE = 'ca.key';

/**
 * Each brand's certificate authority, kept in `<caDir>/brand-<id>/` (`ca.crt`, `ca.key`). An operator
 * may put a brand's own CA there (decision 026); otherwise one is made on first use. Two servers (or
 * two requests) making it at once cannot end with two CAs: each writes a complete folder under a
 * temporary name and renames it into place; the rename fails for all but the first, and they read
 * the winner's.
 */
export function createAuthorityStore(caDir: string) {
  const cache = new Map<number, Promise<{ pair: PemPair; authority: Authority }>>();

  async function readPair(folder: string): Promise<PemPair | null> {
    try {
      const [certificatePem, privateKeyPem] = await Promise.all([
        readFile(join(folder, CERT_FILE), 'utf8'),
        readFile(join(folder, KEY_FILE), 'utf8'),
      ]);
      return { certificatePem, privateKeyPem };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async function loadOrCreate(brandId: number, brandName: string) {
    const folder = join(caDir, `brand-${String(brandId)}`);
    let pair = await readPair(folder);
    if (!pair) {
      await mkdir(caDir, { recursive: true, mode: 0o700 });
      const made = await createAuthority(brandName);
      const temporary = await mkdtemp(join(caDir, `.brand-${String(brandId)}-`));
      await writeFile(join(temporary, CERT_FILE), made.certificatePem, { mode: 0o644 });
      await writeFile(join(temporary, KEY_FILE), made.privateKeyPem, { mode: 0o600 });
      try {
        await rename(temporary, folder);
      } catch {
        // Another maker won the race (the folder exists and is not empty): use its CA.
        await rm(temporary, { recursive: true, force: true });
      }
      pair = await readPair(folder);
      if (!pair)
        throw new Error(`The VPN certificate authority of brand ${String(brandId)} could not be read`);
    }
    return { pair, authority: await loadAuthority(pair) };
  }

  /** The brand's CA (PEM pair and signing key), created on first use. */
  function forBrand(brandId: number, brandName: string) {
    let entry = cache.get(brandId);
    if (!entry) {
      entry = loadOrCreate(brandId, brandName);
      cache.set(brandId, entry);
      // A failure is not remembered: the next call tries again.
      entry.catch(() => cache.delete(brandId));
    }
    return entry;
  }

  return { forBrand };
}

export type AuthorityStore = ReturnType<typeof createAuthorityStore>;
