/** JSON columns are text on both engines; a corrupt value reads as the fallback instead of a 500. */
export function readJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const writeJson = (value: unknown): string => JSON.stringify(value);

/** Timestamps are fixed-width ISO-8601 UTC text so they sort and compare the same on both engines. */
export const isoNow = (now: Date = new Date()): string => now.toISOString();
