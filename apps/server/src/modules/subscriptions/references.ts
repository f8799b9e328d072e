import { randomBytes } from 'node:crypto';

/** A reference shown to members and support: `sub-…` for a subscription, `CXL-…` for a cancellation. */
export const newRef = (prefix: string) => `${prefix}-${randomBytes(9).toString('base64url')}`;
