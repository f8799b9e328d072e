import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// Sign-up, payment and billing strings (`billing.*`) load with the screens that show them.
const FILES = import.meta.glob<unknown>('../../../locales/billing/*.json', { import: 'default' });

const billingFile = namespaceFiles('billing', FILES);

export function loadBillingStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('billing', billingFile);
}
