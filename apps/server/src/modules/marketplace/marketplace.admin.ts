import {
  type AdminCommand,
  AdminUsageError,
  brandOption,
  optionalOption,
  requiredOption,
} from '../../cli/admin-command';
import { AppError } from '../../errors';

function wholeNumber(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new AdminUsageError(`--${name} must be a whole number`);
  return value;
}

/** `USD=1999,CAD=2499`: list prices in minor units. */
function prices(text: string): Record<string, number> {
  const entries = text.split(',').map((pair) => pair.split('='));
  const parsed: Record<string, number> = {};
  for (const [currency, amount] of entries) {
    const value = Number(amount);
    if (!currency || !/^[A-Z]{3}$/.test(currency) || !Number.isSafeInteger(value) || value < 0) {
      throw new AdminUsageError('--prices is CUR=minor units, comma separated, e.g. USD=1999,CAD=2499');
    }
    parsed[currency] = value;
  }
  return parsed;
}

/** The operator's marketplace commands: ship and deliver orders, add or change categories and products. */
export const marketplaceAdminCommands: AdminCommand[] = [
  {
    name: 'marketplace:ship',
    summary: 'Mark a placed order shipped with its tracking reference; the member is mailed',
    usage: '--order <reference> --tracking <reference>',
    options: { order: { type: 'string' }, tracking: { type: 'string' } },
    run: async ({ services, out }, args) => {
      const reference = requiredOption(args, 'order');
      try {
        await services.marketplace.markShipped(reference, requiredOption(args, 'tracking'));
      } catch (error) {
        if (error instanceof AppError) {
          out.error(error.message);
          return 2;
        }
        throw error;
      }
      out.line(`${reference} shipped`);
      return 0;
    },
  },
  {
    name: 'marketplace:deliver',
    summary: 'Mark a shipped order delivered',
    usage: '--order <reference>',
    options: { order: { type: 'string' } },
    run: async ({ services, out }, args) => {
      const reference = requiredOption(args, 'order');
      try {
        await services.marketplace.markDelivered(reference);
      } catch (error) {
        if (error instanceof AppError) {
          out.error(error.message);
          return 2;
        }
        throw error;
      }
      out.line(`${reference} delivered`);
      return 0;
    },
  },
  {
    name: 'marketplace:category',
    summary: 'Add a shop category or rename it (by slug)',
    usage: '--brand <slug> --slug <slug> --name <en-us name> [--position <n>]',
    options: {
      brand: { type: 'string' },
      slug: { type: 'string' },
      name: { type: 'string' },
      position: { type: 'string' },
    },
    run: async (context, args) => {
      const id = (await brandOption(context, args)).id;
      const slug = requiredOption(args, 'slug');
      const { id: categoryId } = await context.services.marketplace.upsertCategory(
        id,
        slug,
        { 'en-us': requiredOption(args, 'name') },
        wholeNumber(optionalOption(args, 'position'), 'position') ?? 0,
      );
      context.out.line(`category ${slug} (${categoryId})`);
      return 0;
    },
  },
  {
    name: 'marketplace:product',
    summary: 'Add a product or change it (by slug): prices, stock, picture',
    usage:
      '--brand <slug> --category <slug> --slug <slug> --name <text> --prices USD=1999,… --stock <n> [--description <text>] [--image <path>] [--digital] [--free-gift]',
    options: {
      brand: { type: 'string' },
      category: { type: 'string' },
      slug: { type: 'string' },
      name: { type: 'string' },
      description: { type: 'string' },
      prices: { type: 'string' },
      stock: { type: 'string' },
      image: { type: 'string' },
      digital: { type: 'boolean' },
      'free-gift': { type: 'boolean' },
    },
    run: async (context, args) => {
      const id = (await brandOption(context, args)).id;
      const categorySlug = requiredOption(args, 'category');
      const category = await context.services.marketplace.findCategoryBySlug(id, categorySlug);
      if (!category) throw new AdminUsageError(`No category ${categorySlug}`);
      const slug = requiredOption(args, 'slug');
      const image = optionalOption(args, 'image');
      const productId = await context.services.marketplace.upsertProduct({
        brandId: id,
        categoryId: category.id,
        slug,
        names: { 'en-us': requiredOption(args, 'name') },
        descriptions: { 'en-us': optionalOption(args, 'description') ?? '' },
        prices: prices(requiredOption(args, 'prices')),
        images: image ? [image] : [],
        stock: wholeNumber(requiredOption(args, 'stock'), 'stock') ?? 0,
        shippable: args.values.digital !== true,
        freeGiftEligible: args.values['free-gift'] === true,
      });
      context.out.line(`product ${slug} (${productId})`);
      return 0;
    },
  },
];
