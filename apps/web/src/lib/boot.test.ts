import { afterEach, describe, expect, it } from 'vitest';
import { buildBoot, buildMember } from '../test/factories';
import { jsonResponse, mockFetch, requestsTo } from '../test/render-app';
import { BOOT_DATA_ELEMENT_ID, needsTokenRefresh, readBootData, validMember } from './boot';

describe('boot data', () => {
  afterEach(() => {
    document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove();
  });

  it('reads the JSON the server wrote into index.html', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}, 500));
    const script = document.createElement('script');
    script.id = BOOT_DATA_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = JSON.stringify(buildBoot({ release: 'r42' }));
    document.head.append(script);
    await expect(readBootData()).resolves.toMatchObject({ release: 'r42', env: 'LOCAL' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the API when the page has none (the Vite dev server)', async () => {
    const fetchMock = mockFetch(() => jsonResponse(buildBoot({ release: 'dev' })));
    await expect(readBootData()).resolves.toMatchObject({ release: 'dev' });
    const [init] = requestsTo(fetchMock, '/membergraphapi/api/boot');
    expect(new Headers(init?.headers).get('x-transaction-id')).toBeTruthy();
  });

  it('treats an expired member as logged out and refreshes tokens within a day of expiry', () => {
    const now = Date.UTC(2026, 0, 1);
    const inSeconds = (ms: number) => Math.floor((now + ms) / 1000);
    expect(validMember(buildMember({ exp: inSeconds(-1000) }), now)).toBeNull();
    const member = buildMember({ exp: inSeconds(3_600_000) });
    expect(validMember(member, now)).toBe(member);
    expect(needsTokenRefresh(member, now)).toBe(true);
    expect(needsTokenRefresh(buildMember({ exp: inSeconds(3 * 86_400_000) }), now)).toBe(false);
  });
});
