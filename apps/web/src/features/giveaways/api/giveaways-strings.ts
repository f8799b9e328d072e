import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// The giveaway screens' strings (`giveaways.giveaways.*`) load with those screens.
const FILES = import.meta.glob<unknown>('../../../locales/giveaways/*.json', { import: 'default' });

const giveawaysFile = namespaceFiles('giveaways', FILES);

export function loadGiveawaysStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('giveaways', giveawaysFile);
}
