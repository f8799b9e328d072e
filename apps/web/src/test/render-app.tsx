import type { BootData } from '@member/domain';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { AppDeps } from '../app/deps';
import { AppProviders } from '../app/providers';
import { createRouteDiscovery, createRoutes } from '../app/router';
import { createMenuCache } from '../features/menu/api/get-menu-items';
import { createI18n } from '../lib/i18n';
import { createSessionStore } from '../lib/session';
import { buildBoot, buildBrand } from './factories';

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function urlOf(input: RequestInfo | URL): string {
  if (input instanceof Request) return input.url;
  return input instanceof URL ? input.href : input;
}

/** Replaces fetch; every call is recorded on the returned mock. */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(urlOf(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The options of every recorded fetch call whose URL ends with `suffix`. */
export function requestsTo(fetchMock: ReturnType<typeof mockFetch>, suffix: string): RequestInit[] {
  return fetchMock.mock.calls
    .filter(([input]) => urlOf(input).endsWith(suffix))
    .map(([, init]) => init ?? {});
}

/** The request body of a recorded fetch call, parsed. */
export function requestJson(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
}

/** Renders the real route table in memory at `path`, with the languages loaded as at boot. */
export async function renderApp(path: string, boot: BootData = buildBoot()) {
  const brand = boot.brand ?? buildBrand();
  const session = createSessionStore(boot, brand);
  const i18n = createI18n();
  await i18n.setLocale(session.getSnapshot().member?.language ?? 'en-us');
  const deps: AppDeps = { session, i18n, menu: createMenuCache() };
  const router = createMemoryRouter(createRoutes(deps), {
    initialEntries: [path],
    patchRoutesOnNavigation: createRouteDiscovery(deps),
  });
  const view = render(
    <AppProviders deps={deps}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, deps };
}
