/**
 * The `next` path after login, accepted only when it stays on this origin: it must start with a single
 * `/` (so `//evil.example` and `/\evil.example`, which browsers treat as other hosts, are refused) and
 * hold no control characters. Anything else sends the member home.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next?.startsWith('/')) return fallback;
  if (next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused.
  if (/[\u0000-\u001f\u007f]/.test(next)) return fallback;
  try {
    const base = 'https://member.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
