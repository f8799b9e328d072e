import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import type { AppConfig } from '../config';
import type { RequestContext } from '../context';
import type { Services } from '../services';
import { type RunQuery, firstScreen } from './first-screen';

const member = {
  auth: { kind: 'member' },
  brand: { config: { cdnServer: '' } },
} as unknown as RequestContext;
const visitor = {
  auth: { kind: 'visitor' },
  brand: { config: { cdnServer: '' } },
} as unknown as RequestContext;
const request = { log: { warn: vi.fn() } } as unknown as FastifyRequest;
const reply = {} as FastifyReply;
const deps = { services: {} as Services, config: {} as AppConfig };
const FEATURED = {
  content: {
    featured: { media: { thumbnail: { origin: '', path: '/media/covers/a.svg', cacheIndex: 2 } } },
  },
};

const run = (runQuery: RunQuery, path: string, ctx: RequestContext | null) =>
  firstScreen(runQuery, { path, ctx, request, reply }, deps);

describe('firstScreen', () => {
  it("answers the home page's queries for a member, with the featured cover to fetch", async () => {
    const runQuery = vi.fn<RunQuery>().mockResolvedValue({ data: FEATURED });
    expect(await run(runQuery, '/', member)).toEqual({
      answers: { HomeFeatured: FEATURED },
      pictures: ['/media/covers/a.svg?v=2'],
    });
  });

  it('runs nothing for a visitor, a page without a brand, or a page without first-screen queries', async () => {
    const runQuery = vi.fn<RunQuery>().mockResolvedValue({ data: FEATURED });
    for (const [path, ctx] of [
      ['/', visitor],
      ['/', null],
      ['/account', member],
    ] as const) {
      expect(await run(runQuery, path, ctx)).toEqual({ answers: null, pictures: [] });
    }
    expect(runQuery).not.toHaveBeenCalled();
  });

  it('leaves out an answer with errors or a query that fails, and never refuses the page', async () => {
    const withErrors = vi.fn<RunQuery>().mockResolvedValue({ data: null, errors: [new Error('refused')] });
    expect(await run(withErrors, '/', member)).toEqual({ answers: null, pictures: [] });
    const failing = vi.fn<RunQuery>().mockRejectedValue(new Error('database unavailable'));
    expect(await run(failing, '/', member)).toEqual({ answers: null, pictures: [] });
    expect(request.log.warn).toHaveBeenCalled();
  });

  it('names no picture when the featured title has no thumbnail', async () => {
    const data = { content: { featured: null } };
    const runQuery = vi.fn<RunQuery>().mockResolvedValue({ data });
    expect(await run(runQuery, '/', member)).toEqual({ answers: { HomeFeatured: data }, pictures: [] });
  });
});
