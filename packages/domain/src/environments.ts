/** Deployment environments of spec section 9. */
export const ENVIRONMENTS = ['LOCAL', 'DEV', 'STAGING', 'PROD'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
