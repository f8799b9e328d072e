import type { LoaderFunctionArgs } from 'react-router';
import type { I18nStore } from '../../../lib/i18n';
import { notFound } from '../../../lib/route-errors';
import { loadOrdersStrings } from './orders-strings';

/** `/account/orders/:id`: the strings, and a well-formed id (the order itself loads on the page). */
export function createOrderLoader(i18n: Pick<I18nStore, 'loadNamespace'>) {
  return async ({ params }: LoaderFunctionArgs): Promise<{ id: number }> => {
    const id = params.id ?? '';
    if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
    await loadOrdersStrings(i18n);
    return { id: Number(id) };
  };
}

export type OrderLoader = ReturnType<typeof createOrderLoader>;
