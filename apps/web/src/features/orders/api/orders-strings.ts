import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// The orders section's strings (`orders.*`) load with the account screen, not with the first page.
const FILES = import.meta.glob<unknown>('../../../locales/orders/*.json', { import: 'default' });

const ordersFile = namespaceFiles('orders', FILES);

export function loadOrdersStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('orders', ordersFile);
}
