import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { I18nProvider, createI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, requestJson } from '../../../test/render-app';
import { loadBillingStrings } from '../api/billing-strings';

/**
 * jsdom has no modal `<dialog>`: this stands in for the browser's showModal/close and for submitting
 * a `<form method="dialog">` (which closes its dialog). Returns the function that removes it.
 */
function installDialog(): () => void {
  const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (form instanceof HTMLFormElement && form.getAttribute('method') === 'dialog') {
      event.preventDefault();
      form.closest('dialog')?.close();
    }
  };
  document.addEventListener('submit', onSubmit);
  return () => {
    document.removeEventListener('submit', onSubmit);
    delete proto.showModal;
    delete proto.close;
  };
}

/**
 * The hooks of a billing test file: the dialog stand-in for the whole file (the dialogs are unmounted,
 * and closed, after each test's own hooks) and the expected warnings of failed calls kept quiet.
 */
export function installBillingTestHooks(): void {
  let removeDialog: () => void;
  beforeAll(() => {
    removeDialog = installDialog();
  });
  afterAll(() => {
    removeDialog();
  });
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
}

export interface GraphqlCall {
  operation: string;
  variables: unknown;
}

/**
 * Answers GraphQL operations by name (`mutation CancelSubscription`, `query Billing`…) and REST calls
 * by path; records every operation and REST call in order.
 */
export function mockBillingApi(
  graphql: Record<string, (variables: unknown) => unknown>,
  rest: Record<string, (body: unknown) => Response> = {},
) {
  const calls: GraphqlCall[] = [];
  const restCalls: { path: string; body: unknown }[] = [];
  const fetchMock = mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path.endsWith('/graphql')) {
      const body = requestJson(init) as { query?: string; variables?: unknown };
      const operation = /(?:query|mutation)\s+(\w+)/.exec(body.query ?? '')?.[1] ?? 'anonymous';
      calls.push({ operation, variables: body.variables });
      const answer = graphql[operation];
      return answer ? jsonResponse({ data: answer(body.variables) }) : jsonResponse({}, 500);
    }
    const body = requestJson(init);
    restCalls.push({ path, body });
    const handler = rest[path];
    return handler ? handler(body) : jsonResponse({ error: { code: 'not_found' } }, 404);
  });
  return { fetchMock, calls, restCalls };
}

/** Renders billing UI at `path` in a data router (for useRevalidator), with the billing strings. */
export async function renderBilling(element: ReactNode, path = '/account/membership') {
  const i18n = createI18n();
  await i18n.setLocale('en-us');
  await loadBillingStrings(i18n);
  const loader = vi.fn(() => ({ loadedAt: Date.now() }));
  const router = createMemoryRouter(
    [{ path: '/account/:slug?', loader, element, hydrateFallbackElement: null }],
    { initialEntries: [path] },
  );
  const view = render(
    <I18nProvider store={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { ...view, router, loader };
}

export const ok = { succeeded: true, errorCode: null, slug: null, message: null };
export const refused = (slug: string) => ({
  succeeded: false,
  errorCode: 'BAD_USER_INPUT',
  slug,
  message: slug,
});
