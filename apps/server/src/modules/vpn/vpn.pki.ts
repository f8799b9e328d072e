import 'reflect-metadata';

import { webcrypto } from 'node:crypto';

import * as x509 from '@peculiar/x509';

/*
 * The brand's own small public key infrastructure for the VPN (decision 026): a certificate authority
 * per brand, one client certificate per member signed by it, and the revocation list (CRL) the VPN
 * server reads. Keys are ECDSA P-256 made by Node's WebCrypto; @peculiar/x509 writes the X.509 and
 * CRL structures (node:crypto can read certificates but cannot sign them).
 */

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

// @peculiar/x509 finds Node's WebCrypto as `globalThis.crypto` itself (Node 20 and later).
const crypto = webcrypto;

const KEY_ALGORITHM: webcrypto.EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING_ALGORITHM: webcrypto.EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };
const DAY_MS = 86_400_000;

export interface PemPair {
  certificatePem: string;
  privateKeyPem: string;
}

export interface IssuedCertificate extends PemPair {
  /** Lowercase hexadecimal, as the CRL lists it. */
  serialNumber: string;
  notAfter: Date;
}

async function newKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  const der = await crypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

async function importPrivateKey(pem: string): Promise<CryptoKey> {
  const der = x509.PemConverter.decodeFirst(pem);
  return crypto.subtle.importKey('pkcs8', der, KEY_ALGORITHM, false, ['sign']);
}

/** A DN value: the characters a distinguished name string would have to escape are dropped. */
function dnValue(text: string): string {
  const clean = text
    .replace(/[,+="\\<>;#]/g, ' ')
    .replace(/[^\P{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.slice(0, 64) || 'member-area';
}

/** A random positive 128-bit serial, hexadecimal (RFC 5280 allows up to 20 bytes). */
export function newSerialNumber(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x10;
  return Buffer.from(bytes).toString('hex');
}

/** A brand's certificate authority: self-signed, CA:true, valid ten years. */
export async function createAuthority(brandName: string, now = new Date()): Promise<PemPair> {
  const keys = await newKeyPair();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: newSerialNumber(),
    name: [{ CN: [`${dnValue(brandName)} VPN CA`] }, { O: [dnValue(brandName)] }],
    notBefore: new Date(now.getTime() - DAY_MS),
    notAfter: new Date(now.getTime() + 3_650 * DAY_MS),
    keys,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificatePem: certificate.toString('pem'), privateKeyPem: await privateKeyPem(keys.privateKey) };
}

export interface Authority {
  certificate: x509.X509Certificate;
  signingKey: CryptoKey;
}

export async function loadAuthority(pair: PemPair): Promise<Authority> {
  const certificate = new x509.X509Certificate(pair.certificatePem);
  return { certificate, signingKey: await importPrivateKey(pair.privateKeyPem) };
}

/**
 * A certificate signed by the authority: a member's (TLS web client authentication) or the VPN
 * server's (TLS web server authentication, which `remote-cert-tls server` in the client asks for).
 */
export async function issueCertificate(
  authority: Authority,
  commonName: string,
  usage: 'client' | 'server',
  validDays: number,
  now = new Date(),
): Promise<IssuedCertificate> {
  const keys = await newKeyPair();
  const serialNumber = newSerialNumber();
  const notAfter = new Date(now.getTime() + validDays * DAY_MS);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber,
    subject: [{ CN: [dnValue(commonName)] }],
    issuer: authority.certificate.subjectName,
    notBefore: new Date(now.getTime() - 5 * 60_000),
    notAfter,
    publicKey: keys.publicKey,
    signingKey: authority.signingKey,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement,
        true,
      ),
      new x509.ExtendedKeyUsageExtension(
        [usage === 'client' ? x509.ExtendedKeyUsage.clientAuth : x509.ExtendedKeyUsage.serverAuth],
        false,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(authority.certificate),
    ],
  });
  return {
    serialNumber: certificate.serialNumber.toLowerCase(),
    notAfter,
    certificatePem: certificate.toString('pem'),
    privateKeyPem: await privateKeyPem(keys.privateKey),
  };
}

export interface RevokedEntry {
  serialNumber: string;
  revokedAt: Date;
}

/** The authority's revocation list, valid for `validDays` (the VPN server reloads it before then). */
export async function createRevocationList(
  authority: Authority,
  revoked: readonly RevokedEntry[],
  validDays = 7,
  now = new Date(),
): Promise<string> {
  const crl = await x509.X509CrlGenerator.create({
    issuer: authority.certificate.subjectName,
    thisUpdate: now,
    nextUpdate: new Date(now.getTime() + validDays * DAY_MS),
    signingKey: authority.signingKey,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [await x509.AuthorityKeyIdentifierExtension.create(authority.certificate)],
    entries: revoked.map((entry) => ({
      serialNumber: entry.serialNumber,
      revocationDate: entry.revokedAt,
      reason: x509.X509CrlReason.cessationOfOperation,
    })),
  });
  // OpenSSL (and so OpenVPN) reads the label `X509 CRL`, not the library's `CRL`.
  return x509.PemConverter.encode(crl.rawData, 'X509 CRL');
}
