import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// The wallet section's strings (`wallet.*`) load with the account screen, not with the first page.
const FILES = import.meta.glob<unknown>('../../../locales/wallet/*.json', { import: 'default' });

const walletFile = namespaceFiles('wallet', FILES);

export function loadWalletStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('wallet', walletFile);
}
