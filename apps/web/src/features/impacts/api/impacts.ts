import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';

export interface ImpactItem {
  id: number;
  slug: string;
  name: string;
  description: string;
  unit: string;
  /** Several units (`trees`); pick one with `unitFor`. */
  unitPlural: string;
  prices: { quantity: number; coins: number }[];
  price_per_unit: number;
  target_quantity: number;
  member_target: number | null;
  images: string[];
  funded: number;
  percent: number;
  reached: boolean;
  memberFunded: number;
  memberPercent: number | null;
  active: boolean;
}

export interface ImpactContribution {
  id: number;
  quantity: number;
  coins: number;
  createdAt: string;
}

const ITEM_FIELDS = `id slug name description unit unitPlural prices { quantity coins } price_per_unit target_quantity
  member_target images funded percent reached memberFunded memberPercent active`;

interface PageData {
  impacts: {
    page: { items: ImpactItem[]; page: number; pageCount: number; total: number };
    listCategories: { id: number; name: string; items: { id: number }[] }[];
  };
}

// impacts.listCategories is read on every visit (network-only, spec section 7): there is no client cache.
const PAGE_QUERY = gql<PageData, { page: number }>(`
  query ImpactsPage($page: Int) {
    impacts {
      page(page: $page) { items { ${ITEM_FIELDS} } page pageCount total }
      listCategories { id name items { id } }
    }
  }
`);

export interface ImpactsPageData {
  items: (ImpactItem & { category: string | null })[];
  page: number;
  pageCount: number;
  total: number;
}

export async function getImpactsPage(page: number, signal?: AbortSignal): Promise<ImpactsPageData> {
  const { impacts } = await graphqlRequest(PAGE_QUERY, { page }, signal ? { signal } : {});
  const categoryOf = new Map(
    impacts.listCategories.flatMap((category) =>
      category.items.map((item) => [item.id, category.name] as const),
    ),
  );
  return {
    ...impacts.page,
    items: impacts.page.items.map((item) => ({ ...item, category: categoryOf.get(item.id) ?? null })),
  };
}

interface DetailData {
  impacts: { item: { item: ImpactItem; history: ImpactContribution[] } };
  member: { getCreditBalance: number };
}

const DETAIL_QUERY = gql<DetailData, { id: number }>(`
  query ImpactDetail($id: Int!) {
    impacts { item(id: $id) { item { ${ITEM_FIELDS} } history { id quantity coins createdAt } } }
    member { getCreditBalance }
  }
`);

export interface ImpactDetail {
  item: ImpactItem;
  history: ImpactContribution[];
  balance: number;
}

export async function getImpact(id: number, signal?: AbortSignal): Promise<ImpactDetail> {
  const data = await graphqlRequest(DETAIL_QUERY, { id }, signal ? { signal } : {});
  return { ...data.impacts.item, balance: data.member.getCreditBalance };
}

interface ContributeData {
  member: {
    contributeToImpact: { responseResult: ResponseResult; balance: number | null; item: ImpactItem | null };
  };
}

const CONTRIBUTE = gql<ContributeData, { itemId: number; quantity: number; requestKey: string }>(`
  mutation ContributeToImpact($itemId: Int!, $quantity: Int!, $requestKey: String!) {
    member { contributeToImpact(itemId: $itemId, quantity: $quantity, requestKey: $requestKey) {
      ${RESPONSE_RESULT_FIELDS} balance item { ${ITEM_FIELDS} }
    } }
  }
`);

/** Funds units with coins; `requestKey` is made once per attempt so that a retry spends nothing twice. */
export async function contribute(
  itemId: number,
  quantity: number,
  requestKey: string,
): Promise<{ balance: number; item: ImpactItem }> {
  const { member } = await graphqlRequest(CONTRIBUTE, { itemId, quantity, requestKey });
  assertSucceeded(member.contributeToImpact.responseResult);
  const { balance, item } = member.contributeToImpact;
  if (balance === null || !item) throw new Error('The server answered without the contribution');
  return { balance, item };
}

interface TargetData {
  member: { setImpactTarget: { responseResult: ResponseResult; item: ImpactItem | null } };
}

const SET_TARGET = gql<TargetData, { itemId: number; target: number | null }>(`
  mutation SetImpactTarget($itemId: Int!, $target: Int) {
    member { setImpactTarget(itemId: $itemId, target: $target) { ${RESPONSE_RESULT_FIELDS} item { ${ITEM_FIELDS} } } }
  }
`);

export async function setTarget(itemId: number, target: number | null): Promise<ImpactItem> {
  const { member } = await graphqlRequest(SET_TARGET, { itemId, target });
  assertSucceeded(member.setImpactTarget.responseResult);
  if (!member.setImpactTarget.item) throw new Error('The server answered without the item');
  return member.setImpactTarget.item;
}
