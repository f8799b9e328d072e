import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// The account area's strings (`account.*`) load with its screens, not with the first page.
const FILES = import.meta.glob<unknown>('../../../locales/account/*.json', { import: 'default' });

const accountFile = namespaceFiles('account', FILES);

export function loadAccountStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('account', accountFile);
}
