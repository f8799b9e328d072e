import { isTokenValid, type BootData, type MemberClaims } from '@member/domain';
import { GRAPH_API_BASE, apiFetch, isRecord, readJson } from './api-client';

export const BOOT_DATA_ELEMENT_ID = 'boot-data';

function isBootData(value: unknown): value is BootData {
  return (
    isRecord(value) &&
    typeof value.env === 'string' &&
    'brand' in value &&
    'member' in value &&
    'error' in value &&
    typeof value.release === 'string'
  );
}

/**
 * The server writes the boot data into index.html so the first paint needs no round trip. The Vite dev
 * server serves index.html untouched, so there the same JSON comes from `GET /api/boot`.
 */
export async function readBootData(doc: Document = document): Promise<BootData> {
  const element = doc.getElementById(BOOT_DATA_ELEMENT_ID);
  let data: unknown;
  if (element?.textContent) {
    data = JSON.parse(element.textContent) as unknown;
  } else {
    const response = await apiFetch(`${GRAPH_API_BASE}/api/boot`, { withToken: false });
    if (!response.ok) throw new Error(`Boot data request failed with status ${response.status}`);
    data = await readJson(response);
  }
  if (!isBootData(data)) throw new Error('Boot data is malformed');
  return data;
}

/** An expired member is treated as logged out (spec section 5). */
export function validMember(member: MemberClaims | null, nowMs: number): MemberClaims | null {
  return member && isTokenValid(member.exp, nowMs) ? member : null;
}

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/** Tokens within a day of expiry are refreshed at boot, which keeps the 365-day cookie alive. */
export function needsTokenRefresh(member: MemberClaims, nowMs: number): boolean {
  return member.exp * 1000 - nowMs < ONE_DAY_MS;
}
