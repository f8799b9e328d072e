import { gql, graphqlRequest } from '../../../lib/graphql';
import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

export interface GreenPageData {
  activeMonths: number;
  hoursStreamed: number;
  treesFromMonths: number;
  treesFromStreaming: number;
  trees: number;
  carbonTonnes: number;
  greenPoints: number;
  history: { month: string; trees: number }[];
  version: number;
}

const GREEN_QUERY = gql<{ member: { green: GreenPageData } }, Record<string, never>>(`
  query Green {
    member { green { activeMonths hoursStreamed treesFromMonths treesFromStreaming trees carbonTonnes greenPoints
      history { month trees } version } }
  }
`);

export async function getGreen(signal?: AbortSignal): Promise<GreenPageData> {
  return (await graphqlRequest(GREEN_QUERY, {}, signal ? { signal } : {})).member.green;
}

const FILES = import.meta.glob<unknown>('../../../locales/green/*.json', { import: 'default' });
const greenFile = namespaceFiles('green', FILES);
let pending: Promise<void> | null = null;

/** Loads the namespace once; the same promise every time, so the screen can `use()` it under Suspense. */
export function greenStringsLoaded(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  pending ??= i18n.loadNamespace('green', greenFile).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
