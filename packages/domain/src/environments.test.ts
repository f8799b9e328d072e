import { describe, expect, it } from 'vitest';

import { ENVIRONMENTS } from './environments';

describe('ENVIRONMENTS', () => {
  it('lists the four deployment environments of the spec', () => {
    expect(ENVIRONMENTS).toEqual(['LOCAL', 'DEV', 'STAGING', 'PROD']);
  });
});
