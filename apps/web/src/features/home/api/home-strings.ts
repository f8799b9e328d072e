import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// The home shelves' strings (`shelves.*`) load with the shelves, not with the first page's code.
const FILES = import.meta.glob<unknown>('../../../locales/shelves/*.json', { import: 'default' });

const shelvesFile = namespaceFiles('shelves', FILES);

export function loadShelvesStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('shelves', shelvesFile);
}
