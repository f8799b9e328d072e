import { data } from 'react-router';

/** Thrown from a loader when the URL names something that does not exist; the route shows Not Found. */
export function notFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's convention for HTTP-like route errors.
  throw data('Not Found', { status: 404 });
}

/** Positive integer ids only: media detail and similar lookups ignore ids below 1 (spec section 5). */
export function parsePositiveId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}
