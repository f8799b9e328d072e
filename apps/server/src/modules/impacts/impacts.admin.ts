import type { AdminArguments, AdminCommand } from '../../cli/admin-command';
import { AdminUsageError, brandOption, requiredOption } from '../../cli/admin-command';
import { AppError } from '../../errors';

/** A refusal of the service (bad price, unknown category) printed as the command's refusal (exit 1). */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new AdminUsageError(error.message);
    throw error;
  }
}

/** `--lang fr-ca=Forêts` (repeated) as `{ 'fr-ca': 'Forêts' }`. */
function pairs(value: unknown): Record<string, string> {
  const list = Array.isArray(value) ? value : [];
  return Object.fromEntries(
    list.flatMap((entry) => {
      if (typeof entry !== 'string' || !entry.includes('=')) return [];
      const at = entry.indexOf('=');
      return [[entry.slice(0, at).trim(), entry.slice(at + 1).trim()]];
    }),
  );
}

function whole(args: AdminArguments, name: string, fallback?: number): number {
  const raw = args.values[name];
  if (raw === undefined && fallback !== undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || !Number.isSafeInteger(value))
    throw new AdminUsageError(`--${name} must be a whole number`);
  return value;
}

/** The operator's impact commands: categories and items per brand (issue 18, item 1). */
export const impactAdminCommands: AdminCommand[] = [
  {
    name: 'impact:list',
    summary: 'List a brand’s impact items with their prices, targets and units funded',
    usage: '--brand <slug> [--json]',
    options: { brand: { type: 'string' }, json: { type: 'boolean' } },
    run: async (context, args) => {
      const items = await context.services.impacts.listForOperator((await brandOption(context, args)).id);
      if (args.values.json === true) {
        context.out.line(JSON.stringify(items, null, 2));
        return 0;
      }
      for (const item of items) {
        context.out.line(
          `${String(item.id).padStart(4)} ${item.slug.padEnd(28)} ${String(item.pricePerUnit).padStart(5)} coins/${item.unit}  ${String(item.funded)}/${String(item.targetQuantity)}${item.active ? '' : '  (retired)'}`,
        );
      }
      return 0;
    },
  },
  {
    name: 'impact:category',
    summary: 'Add or edit an impact category (by slug)',
    usage: '--brand <slug> --slug <slug> --name <English name> [--lang <locale>=<name>]... [--position <n>]',
    options: {
      brand: { type: 'string' },
      slug: { type: 'string' },
      name: { type: 'string' },
      lang: { type: 'string', multiple: true },
      position: { type: 'string' },
    },
    run: async (context, args) => {
      const id = await refusing(async () =>
        context.services.impacts.saveCategory((await brandOption(context, args)).id, {
          slug: requiredOption(args, 'slug'),
          name: requiredOption(args, 'name'),
          langs: pairs(args.values.lang),
          position: whole(args, 'position', 0),
        }),
      );
      context.out.line(`category ${String(id)} saved`);
      return 0;
    },
  },
  {
    name: 'impact:item',
    summary: 'Add or edit an impact item (by slug); --retire stops contributions',
    usage:
      '--brand <slug> --category <slug> --slug <slug> --name <name> --unit <unit> [--unit-plural <units>] --price <coins> --target <units> [--description <text>] [--prices 1,5,10] [--image <url>]... [--lang <locale>=<name>]... [--position <n>] [--retire]',
    options: {
      brand: { type: 'string' },
      category: { type: 'string' },
      slug: { type: 'string' },
      name: { type: 'string' },
      unit: { type: 'string' },
      'unit-plural': { type: 'string' },
      price: { type: 'string' },
      target: { type: 'string' },
      description: { type: 'string' },
      prices: { type: 'string' },
      image: { type: 'string', multiple: true },
      lang: { type: 'string', multiple: true },
      position: { type: 'string' },
      retire: { type: 'boolean' },
    },
    run: async (context, args) => {
      const prices =
        typeof args.values.prices === 'string'
          ? args.values.prices.split(',').map((part) => Number(part.trim()))
          : [];
      const images = Array.isArray(args.values.image)
        ? args.values.image.filter((image) => typeof image === 'string')
        : [];
      const langs: Record<string, { name?: string; unitPlural?: string }> = Object.fromEntries(
        Object.entries(pairs(args.values.lang)).map(([locale, name]) => [locale, { name }]),
      );
      // English's plural of the unit (`trees`) is kept with the other languages' texts.
      const unitPlural = args.values['unit-plural'];
      if (typeof unitPlural === 'string' && unitPlural.trim() !== '') {
        langs['en-us'] = { ...langs['en-us'], unitPlural: unitPlural.trim() };
      }
      const id = await refusing(async () =>
        context.services.impacts.saveItem(
          (await brandOption(context, args)).id,
          requiredOption(args, 'category'),
          {
            slug: requiredOption(args, 'slug'),
            name: requiredOption(args, 'name'),
            unit: requiredOption(args, 'unit'),
            description: typeof args.values.description === 'string' ? args.values.description : '',
            langs,
            pricePerUnit: whole(args, 'price'),
            targetQuantity: whole(args, 'target'),
            prices,
            images,
            position: whole(args, 'position', 0),
            active: args.values.retire !== true,
          },
        ),
      );
      context.out.line(`item ${String(id)} saved`);
      return 0;
    },
  },
];
