import {
  IMPACTS_PAGE_SIZE,
  checkMemberTarget,
  impactPageCount,
  impactProgress,
  priceContribution,
} from '@member/domain';

import type { DbTransaction, TransactionRunner } from '../../db/transaction';
import { badInput, notFound } from '../../errors';
import type { LedgerResult, SpendInput } from '../wallet/wallet.service';
import type {
  CategoryInput,
  ContributionRecord,
  ItemInput,
  ImpactCategoryRecord,
  ImpactItemRecord,
  ImpactsRepository,
} from './impacts.repository';

/** One language's texts of an item, as the spec's `langs` lists them. */
export interface ImpactLang {
  language: string;
  name: string;
  description: string;
  unit: string;
  unitPlural: string;
}

/** Impact item of spec section 3, in the member's language, with progress from every member. */
export interface ImpactItem {
  id: number;
  categoryId: number;
  slug: string;
  name: string;
  description: string;
  unit: string;
  /** Several units, for counts the language's plural rules do not call "one" (decision 033). */
  unitPlural: string;
  langs: ImpactLang[];
  /** The quick choices: units and what they cost in coins. */
  prices: { quantity: number; coins: number }[];
  price_per_unit: number;
  target_quantity: number;
  /** The member's own target for this item, or null. */
  member_target: number | null;
  images: string[];
  funded: number;
  percent: number;
  reached: boolean;
  /** Units this member funded. */
  memberFunded: number;
  /** Whole percent of the member's own target, null without one. */
  memberPercent: number | null;
  active: boolean;
}

export interface ImpactCategory {
  id: number;
  name: string;
  slug: string;
  items: ImpactItem[];
}

export interface ImpactContribution {
  id: number;
  itemId: number;
  quantity: number;
  coins: number;
  createdAt: string;
}

/** Impacts of member info (spec section 3): what the member funded, per item. */
export interface MemberImpact {
  itemId: number;
  name: string;
  unit: string;
  unitPlural: string;
  quantity: number;
  coins: number;
  lastAt: string;
}

/** What the wallet offers this module (modules/wallet): a spend in the caller's transaction. */
export interface ImpactCoinSpender {
  spend(input: SpendInput, tx?: DbTransaction): Promise<LedgerResult>;
}

export interface ImpactsServiceDeps {
  repository: ImpactsRepository;
  wallet: ImpactCoinSpender;
  transactions: TransactionRunner;
}

export interface ContributeInput {
  itemId: number;
  quantity: number;
  /** The client's key for this one contribution (8 to 64 letters, digits, `-` or `_`). */
  requestKey: string;
}

const REQUEST_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const HISTORY_LIMIT = 50;
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

interface Viewer {
  brandId: number;
  memberId: number;
  language: string;
}

/** Impacts (spec sections 1, 3, 7): items funded with coins, progress, member targets and history. */
export function createImpactsService({ repository, wallet, transactions }: ImpactsServiceDeps) {
  function localise(
    item: ImpactItemRecord,
    language: string,
  ): Pick<ImpactItem, 'name' | 'description' | 'unit' | 'unitPlural'> {
    const text = item.langs[language] ?? {};
    const unit = text.unit ?? item.unit;
    // A language's plural goes with its own unit word; English's is kept in langs['en-us'].
    const english = item.langs['en-us'];
    const unitPlural = text.unit !== undefined ? (text.unitPlural ?? unit) : (english?.unitPlural ?? unit);
    return {
      name: text.name ?? item.name,
      description: text.description ?? item.description,
      unit,
      unitPlural,
    };
  }

  function langs(item: ImpactItemRecord): ImpactLang[] {
    return [
      {
        language: 'en-us',
        name: item.name,
        description: item.description,
        unit: item.unit,
        unitPlural: item.langs['en-us']?.unitPlural ?? item.unit,
      },
      ...Object.entries(item.langs)
        .filter(([language]) => language !== 'en-us')
        .map(([language]) => ({ language, ...localise(item, language) })),
    ];
  }

  async function present(viewer: Viewer, items: readonly ImpactItemRecord[]): Promise<ImpactItem[]> {
    const [funded, targets, totals] = await Promise.all([
      repository.fundedByItem(items.map((item) => item.id)),
      repository.memberTargets(viewer.brandId, viewer.memberId),
      repository.memberTotals(viewer.brandId, viewer.memberId),
    ]);
    const mine = new Map(totals.map((total) => [total.itemId, total.quantity]));
    return items.map((item) => {
      const progress = impactProgress(funded.get(item.id) ?? 0, item.targetQuantity);
      const memberFunded = mine.get(item.id) ?? 0;
      const memberTarget = targets.get(item.id) ?? null;
      return {
        id: item.id,
        categoryId: item.categoryId,
        slug: item.slug,
        ...localise(item, viewer.language),
        langs: langs(item),
        prices: item.prices.map((quantity) => ({ quantity, coins: quantity * item.pricePerUnit })),
        price_per_unit: item.pricePerUnit,
        target_quantity: item.targetQuantity,
        member_target: memberTarget,
        images: item.images,
        funded: progress.funded,
        percent: progress.percent,
        reached: progress.reached,
        memberFunded,
        memberPercent: memberTarget === null ? null : impactProgress(memberFunded, memberTarget).percent,
        active: item.active,
      };
    });
  }

  function categoryName(category: ImpactCategoryRecord, language: string): string {
    return category.langs[language] ?? category.name;
  }

  async function findItem(brandId: number, itemId: number): Promise<ImpactItemRecord> {
    const item = Number.isSafeInteger(itemId) ? await repository.findItem(brandId, itemId) : undefined;
    if (!item) throw notFound('This impact does not exist.', 'impact_not_found');
    return item;
  }

  const toContribution = (record: ContributionRecord): ImpactContribution => ({ ...record });

  return {
    /** impacts.listCategories: the brand's categories with their active items. */
    listCategories: async (viewer: Viewer): Promise<ImpactCategory[]> => {
      const [categories, items] = await Promise.all([
        repository.listCategories(viewer.brandId),
        repository.listItems(viewer.brandId),
      ]);
      const presented = await present(viewer, items);
      return categories.map((category) => ({
        id: category.id,
        slug: category.slug,
        name: categoryName(category, viewer.language),
        items: presented.filter((item) => item.categoryId === category.id),
      }));
    },

    /** One page of `impacts/{page?}`: active items in list order; a page past the end is empty. */
    page: async (viewer: Viewer, page: number) => {
      const items = await repository.listItems(viewer.brandId);
      const pageCount = impactPageCount(items.length);
      const current = Number.isSafeInteger(page) && page >= 1 ? page : 1;
      const slice = items.slice((current - 1) * IMPACTS_PAGE_SIZE, current * IMPACTS_PAGE_SIZE);
      return { items: await present(viewer, slice), page: current, pageCount, total: items.length };
    },

    /** `impacts/id/{id}`: the item (a retired one still shows, without funding) and the member's history. */
    item: async (viewer: Viewer, itemId: number) => {
      const record = await findItem(viewer.brandId, itemId);
      const [[item], history] = await Promise.all([
        present(viewer, [record]),
        repository.listContributions(viewer.brandId, viewer.memberId, HISTORY_LIMIT, record.id),
      ]);
      if (!item) throw notFound('This impact does not exist.', 'impact_not_found');
      return { item, history: history.map(toContribution) };
    },

    /**
     * Funds `quantity` units with coins: the contribution and the spend that pays for it (its ledger
     * line references the contribution) commit together or not at all (decision 018). The server
     * prices it; a request key used before answers that contribution again and spends nothing twice.
     * Refused with `insufficient_coins` rather than overdrawn.
     */
    contribute: async (viewer: Viewer, input: ContributeInput) => {
      if (!REQUEST_KEY.test(input.requestKey)) {
        throw badInput('The contribution key is missing or malformed.', 'invalid_request_key');
      }
      const item = await findItem(viewer.brandId, input.itemId);
      if (!item.active) throw badInput('This impact no longer takes contributions.', 'impact_closed');
      const priced = priceContribution(input.quantity, item.pricePerUnit);
      if (!priced.ok) throw badInput('Choose a whole number of units from 1 to 1000.', priced.reason);
      const text = localise(item, 'en-us');
      const result = await transactions(async (tx) => {
        const inserted = await repository.insertContribution(
          {
            brandId: viewer.brandId,
            memberId: viewer.memberId,
            itemId: item.id,
            quantity: priced.quantity,
            coins: priced.coins,
            requestKey: input.requestKey,
          },
          tx,
        );
        let contributionId = inserted;
        if (contributionId === null) {
          const before = await repository.findContributionByKey(
            viewer.brandId,
            viewer.memberId,
            input.requestKey,
            tx,
          );
          if (before?.itemId !== item.id || before.quantity !== priced.quantity) {
            throw badInput(
              'This contribution key was already used for another contribution.',
              'idempotency_key_conflict',
            );
          }
          contributionId = before.id;
        }
        const { balance, applied } = await wallet.spend(
          {
            brandId: viewer.brandId,
            memberId: viewer.memberId,
            amount: priced.coins,
            description: `Impact: ${priced.quantity} × ${text.unit} – ${text.name}`.slice(0, 200),
            idempotencyKey: `impact:${viewer.memberId}:${input.requestKey}`,
            reference: { kind: 'impact', id: String(contributionId) },
          },
          tx,
        );
        return { contributionId, balance, applied: applied && inserted !== null };
      });
      const [presented] = await present(viewer, [item]);
      if (!presented) throw notFound('This impact does not exist.', 'impact_not_found');
      return { ...result, coins: priced.coins, item: presented };
    },

    /** The target modal: the member's own target for an item, or null to clear it. */
    setTarget: async (viewer: Viewer, itemId: number, target: number | null) => {
      if (!checkMemberTarget(target)) {
        throw badInput('A target is a whole number of units from 1 to 100000.', 'invalid_target');
      }
      const item = await findItem(viewer.brandId, itemId);
      await repository.setMemberTarget(viewer.brandId, viewer.memberId, item.id, target);
      const [presented] = await present(viewer, [item]);
      if (!presented) throw notFound('This impact does not exist.', 'impact_not_found');
      return presented;
    },

    /** member.info.impacts: what the member funded, per item, most recent first. */
    memberImpacts: async (viewer: Viewer): Promise<MemberImpact[]> => {
      const [totals, items] = await Promise.all([
        repository.memberTotals(viewer.brandId, viewer.memberId),
        repository.listItems(viewer.brandId, { includeRetired: true }),
      ]);
      const byId = new Map(items.map((item) => [item.id, item]));
      return totals
        .flatMap((total) => {
          const item = byId.get(total.itemId);
          if (!item) return [];
          const text = localise(item, viewer.language);
          return [{ ...total, name: text.name, unit: text.unit, unitPlural: text.unitPlural }];
        })
        .sort((a, b) => (a.lastAt < b.lastAt ? 1 : a.lastAt > b.lastAt ? -1 : 0));
    },

    /** Whether the member has funded any impact (onboarding's third step). */
    hasContributed: (brandId: number, memberId: number): Promise<boolean> =>
      repository.hasContributed(brandId, memberId),

    /** Operator: adds or updates a category by slug (modules/impacts/impacts.admin.ts). */
    saveCategory: (brandId: number, input: CategoryInput): Promise<number> => {
      if (!SLUG.test(input.slug) || input.name.trim() === '') {
        throw badInput('A category needs a slug (a-z, 0-9, -) and a name.', 'invalid_category');
      }
      return repository.upsertCategory(brandId, { ...input, name: input.name.trim() });
    },

    /** Operator: adds or updates an item by slug in a category given by its slug. */
    saveItem: async (
      brandId: number,
      categorySlug: string,
      input: Omit<ItemInput, 'categoryId'>,
    ): Promise<number> => {
      const category = await repository.findCategory(brandId, categorySlug);
      if (!category)
        throw notFound(`No impact category "${categorySlug}" on this brand.`, 'impact_category_not_found');
      if (!SLUG.test(input.slug) || input.name.trim() === '' || input.unit.trim() === '') {
        throw badInput('An item needs a slug (a-z, 0-9, -), a name and a unit.', 'invalid_item');
      }
      if (!Number.isSafeInteger(input.pricePerUnit) || input.pricePerUnit < 1) {
        throw badInput('The price per unit must be a whole number of coins from 1.', 'invalid_price');
      }
      if (!Number.isSafeInteger(input.targetQuantity) || input.targetQuantity < 0) {
        throw badInput('The target must be a whole number from 0.', 'invalid_target');
      }
      if (!input.prices.every((quantity) => Number.isSafeInteger(quantity) && quantity >= 1)) {
        throw badInput('Quick choices must be whole unit quantities from 1.', 'invalid_prices');
      }
      return repository.upsertItem(brandId, { ...input, categoryId: category.id });
    },

    /** Operator: every item of the brand, retired ones too, with units funded. */
    listForOperator: async (brandId: number) => {
      const items = await repository.listItems(brandId, { includeRetired: true });
      const funded = await repository.fundedByItem(items.map((item) => item.id));
      return items.map((item) => ({ ...item, funded: funded.get(item.id) ?? 0 }));
    },

    /** The member's recent contributions across items, newest first. */
    history: async (viewer: Viewer): Promise<ImpactContribution[]> =>
      (await repository.listContributions(viewer.brandId, viewer.memberId, HISTORY_LIMIT)).map(
        toContribution,
      ),
  };
}

export type ImpactsService = ReturnType<typeof createImpactsService>;
