import { chooseRandomSweep } from '@member/domain';
import { gql, graphqlRequest } from '../../../lib/graphql';
import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

/** The few fields of a giveaway that its card on the home page shows. */
export interface HomeGiveaway {
  id: number;
  name: string;
  image: string;
  end_date: string;
  member_entries: number;
}

const LIST = gql<{ sweep: { listByBrand: HomeGiveaway[] } }, { brandId: number }>(`
  query HomeGiveaways($brandId: Int!) {
    sweep { listByBrand(brandId: $brandId) { id name image end_date member_entries } }
  }
`);

/**
 * One giveaway for the home page, chosen as spec section 5 says (domain's `chooseRandomSweep`): among
 * the brand's giveaways the member has not entered, one that ends in the future. Null when there is
 * none; the server refuses the list where giveaways are disabled, and the card then shows nothing.
 */
export async function getHomeGiveaway(
  brandId: number,
  random: number,
  now: Date,
  signal?: AbortSignal,
): Promise<HomeGiveaway | null> {
  const data = await graphqlRequest(LIST, { brandId }, signal ? { signal } : {});
  const candidates = data.sweep.listByBrand.map((sweep) => ({
    sweep,
    endDate: new Date(sweep.end_date),
    entries: sweep.member_entries,
  }));
  return chooseRandomSweep(candidates, now, random)?.sweep ?? null;
}

// The card's strings (`giveaways.home.*`) live with the giveaway screens' strings.
const FILES = import.meta.glob<unknown>('../../../locales/giveaways/*.json', { import: 'default' });

const giveawaysFile = namespaceFiles('giveaways', FILES);

export function loadHomeGiveawayStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('giveaways', giveawaysFile);
}
