import {
  type AdminArguments,
  type AdminCommand,
  type AdminOptions,
  AdminUsageError,
  optionalOption,
  requiredOption,
} from '../../cli/admin-command';
import type { LocalPrice, OperatorPlan, PlanFields } from './plans.operator';

const FIELD_OPTIONS: AdminOptions = {
  name: { type: 'string' },
  group: { type: 'string' },
  description: { type: 'string' },
  'trial-days': { type: 'string' },
  price: { type: 'string' },
  initial: { type: 'string' },
  currency: { type: 'string' },
  symbol: { type: 'string' },
  interval: { type: 'string' },
  'interval-count': { type: 'string' },
  'media-types': { type: 'string' },
  vpn: { type: 'boolean' },
  'no-vpn': { type: 'boolean' },
  'bonus-coins': { type: 'string' },
  sort: { type: 'string' },
  local: { type: 'string', multiple: true },
};

const FIELD_USAGE =
  '[--group <text>] [--description <text>] [--trial-days <n>] [--initial <minor units>] ' +
  '[--interval day|week|month|year] [--interval-count <n>] [--media-types music,movie,…] [--vpn|--no-vpn] ' +
  '[--bonus-coins <n>] [--sort <n>] [--local CUR=<recurring>/<initial>/<symbol> …]';

function integer(args: AdminArguments, name: string): number | undefined {
  const value = optionalOption(args, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new AdminUsageError(`--${name} must be a whole number`);
  return Number(value);
}

/** `--local CAD=1299/149/$`: a price in another currency, in its minor units. */
function localPrices(args: AdminArguments): LocalPrice[] {
  const given = args.values.local;
  const list = Array.isArray(given) ? given : [];
  return list.map((entry) => {
    const match = /^([A-Za-z]{3})=(\d+)\/(\d+)\/(.{1,8})$/.exec(String(entry).trim());
    if (!match)
      throw new AdminUsageError('--local is CUR=<recurring>/<initial>/<symbol>, e.g. CAD=1299/149/$');
    return {
      currency: match[1] ?? '',
      priceRecurring: Number(match[2]),
      priceInitial: Number(match[3]),
      symbol: match[4] ?? '',
    };
  });
}

/** The fields the arguments give (an edit changes only those). */
function givenFields(args: AdminArguments): Partial<Omit<PlanFields, 'brand' | 'localPrices'>> {
  const fields: Partial<Omit<PlanFields, 'brand' | 'localPrices'>> = {};
  const set = <K extends keyof typeof fields>(key: K, value: (typeof fields)[K] | undefined) => {
    if (value !== undefined) fields[key] = value;
  };
  set('name', optionalOption(args, 'name'));
  set('group', optionalOption(args, 'group'));
  set('description', optionalOption(args, 'description'));
  set('trialDays', integer(args, 'trial-days'));
  set('priceRecurring', integer(args, 'price'));
  set('priceInitial', integer(args, 'initial'));
  set('currency', optionalOption(args, 'currency'));
  set('symbol', optionalOption(args, 'symbol'));
  set('interval', optionalOption(args, 'interval'));
  set('intervalCount', integer(args, 'interval-count'));
  const types = optionalOption(args, 'media-types');
  set('mediaTypes', types === undefined ? undefined : types.split(','));
  if (args.values.vpn === true && args.values['no-vpn'] === true) {
    throw new AdminUsageError('--vpn and --no-vpn contradict each other');
  }
  set('vpn', args.values.vpn === true ? true : args.values['no-vpn'] === true ? false : undefined);
  set('bonusCoins', integer(args, 'bonus-coins'));
  set('sortOrder', integer(args, 'sort'));
  return fields;
}

function describe(plan: OperatorPlan): string {
  const every = plan.intervalCount === 1 ? plan.interval : `${String(plan.intervalCount)} ${plan.interval}s`;
  return (
    `#${String(plan.id)}  ${plan.name} (${plan.group})  ${String(plan.priceRecurring)} ${plan.currency} minor units ` +
    `every ${every}, ${String(plan.priceInitial)} first, ${String(plan.trialDays)} trial days` +
    `  [${[...plan.mediaTypes, ...(plan.vpn ? ['vpn'] : [])].join(', ')}]` +
    (plan.brandId === null ? '  all brands' : `  brand #${String(plan.brandId)}`)
  );
}

/** The operator's plan commands (decision 034): every change clears every server's plan cache. */
export const planAdminCommands: AdminCommand[] = [
  {
    name: 'plan:list',
    summary: "The plans (a brand's and those on every brand with --brand), with their ids",
    usage: '[--brand <slug>] [--json]',
    options: { brand: { type: 'string' }, json: { type: 'boolean' } },
    run: async ({ services, out }, args) => {
      const plans = await services.plansOperator.list(optionalOption(args, 'brand'));
      if (args.values.json === true) out.line(JSON.stringify(plans, null, 2));
      else for (const plan of plans) out.line(describe(plan));
      return 0;
    },
  },
  {
    name: 'plan:add',
    summary: 'Add a plan to a brand (or every brand); prices in minor units (1999 = 19.99)',
    usage: `(--brand <slug> | --all-brands) --name <text> --price <minor units> --currency <CUR> --symbol <s> [--id <n>] ${FIELD_USAGE}`,
    options: {
      ...FIELD_OPTIONS,
      brand: { type: 'string' },
      'all-brands': { type: 'boolean' },
      id: { type: 'string' },
    },
    run: async ({ services, out }, args) => {
      const brand = optionalOption(args, 'brand');
      const all = args.values['all-brands'] === true;
      if ((brand === undefined) === !all) throw new AdminUsageError('Give --brand <slug> or --all-brands');
      const given = givenFields(args);
      const id = integer(args, 'id');
      const plan = await services.plansOperator.add({
        brand: brand ?? null,
        name: requiredOption(args, 'name'),
        group: 'Standard',
        description: '',
        trialDays: 0,
        priceInitial: 0,
        interval: 'month',
        intervalCount: 1,
        mediaTypes: [],
        vpn: false,
        bonusCoins: 0,
        sortOrder: 1_000,
        ...given,
        priceRecurring: given.priceRecurring ?? Number(requiredOption(args, 'price')),
        currency: requiredOption(args, 'currency'),
        symbol: requiredOption(args, 'symbol'),
        localPrices: localPrices(args),
        ...(id === undefined ? {} : { id }),
      });
      out.line(`added ${describe(plan)}`);
      return 0;
    },
  },
  {
    name: 'plan:edit',
    summary: "Change a plan's name, prices, period, media types…; new sign-ups get the new price",
    usage: `--id <n> [--name <text>] [--price <minor units>] [--currency <CUR>] [--symbol <s>] ${FIELD_USAGE}`,
    options: { ...FIELD_OPTIONS, id: { type: 'string' } },
    run: async ({ services, out }, args) => {
      const id = integer(args, 'id');
      if (id === undefined) throw new AdminUsageError('--id is required');
      const plan = await services.plansOperator.edit(id, {
        ...givenFields(args),
        localPrices: localPrices(args),
      });
      out.line(`changed ${describe(plan)}`);
      return 0;
    },
  },
];
