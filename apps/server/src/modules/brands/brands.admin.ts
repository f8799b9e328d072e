import {
  type AdminArguments,
  type AdminCommand,
  type AdminOptions,
  AdminUsageError,
  optionalOption,
  requiredOption,
} from '../../cli/admin-command';
import type { BrandSettings } from './brands.operator';

/** The settings brand:add and brand:edit take. */
const SETTINGS: AdminOptions = {
  name: { type: 'string' },
  hostname: { type: 'string', multiple: true },
  accent: { type: 'string' },
  'accent-contrast': { type: 'string' },
  secondary: { type: 'string' },
  languages: { type: 'string' },
  tags: { type: 'string' },
  layout: { type: 'string' },
  status: { type: 'string' },
  'media-types': { type: 'string' },
  currency: { type: 'string' },
  symbol: { type: 'string' },
  country: { type: 'string' },
  'support-email': { type: 'string' },
  'moved-to-url': { type: 'string' },
  'moved-to-name': { type: 'string' },
  'not-moved': { type: 'boolean' },
};

const SETTINGS_USAGE =
  '[--name <name>] [--hostname <host> ...] [--accent <#hex>] [--accent-contrast <#hex>] [--secondary <#hex>] ' +
  '[--languages en-us,de-de] [--tags a,b] [--layout default|clickcoins] [--status active|unavailable] ' +
  '[--media-types music,movie] [--currency EUR --symbol €] [--country DE] [--support-email <email>] ' +
  '[--moved-to-url <https://…> --moved-to-name <name> | --not-moved]';

const list = (value: string | undefined) => value?.split(',').map((item) => item.trim());

function settingsFrom(args: AdminArguments): BrandSettings {
  const hostnames = args.values.hostname;
  const colors = {
    ...(optionalOption(args, 'accent') !== undefined && { accent: optionalOption(args, 'accent') }),
    ...(optionalOption(args, 'accent-contrast') !== undefined && {
      accentContrast: optionalOption(args, 'accent-contrast'),
    }),
    ...(optionalOption(args, 'secondary') !== undefined && { secondary: optionalOption(args, 'secondary') }),
  };
  const currency = optionalOption(args, 'currency');
  const symbol = optionalOption(args, 'symbol');
  if ((currency === undefined) !== (symbol === undefined)) {
    throw new AdminUsageError('--currency and --symbol go together');
  }
  const movedToUrl = optionalOption(args, 'moved-to-url');
  const movedToName = optionalOption(args, 'moved-to-name');
  if ((movedToUrl === undefined) !== (movedToName === undefined)) {
    throw new AdminUsageError('--moved-to-url and --moved-to-name go together');
  }
  const notMoved = args.values['not-moved'] === true;
  if (notMoved && movedToUrl !== undefined) {
    throw new AdminUsageError('--not-moved clears the move: give it without --moved-to-url');
  }
  return {
    name: optionalOption(args, 'name'),
    hostnames: Array.isArray(hostnames) ? hostnames.filter((item) => typeof item === 'string') : undefined,
    colors: Object.keys(colors).length > 0 ? colors : undefined,
    languages: list(optionalOption(args, 'languages')),
    tags: list(optionalOption(args, 'tags')),
    layout: optionalOption(args, 'layout'),
    status: optionalOption(args, 'status'),
    mediaTypes: list(optionalOption(args, 'media-types')),
    currency: currency !== undefined && symbol !== undefined ? { code: currency, symbol } : undefined,
    countryCode: optionalOption(args, 'country'),
    supportEmail: optionalOption(args, 'support-email'),
    movedTo: notMoved
      ? null
      : movedToUrl !== undefined && movedToName !== undefined
        ? { name: movedToName, url: movedToUrl }
        : undefined,
  };
}

/** The operator's brand commands. */
export const brandAdminCommands: AdminCommand[] = [
  {
    name: 'brand:list',
    summary: 'List the brands with their host names',
    usage: '[--json]',
    options: { json: { type: 'boolean' } },
    run: async ({ services, out }, args) => {
      const brands = await services.brands.list();
      if (args.values.json === true) {
        out.line(JSON.stringify(brands, null, 2));
        return 0;
      }
      for (const brand of brands) {
        out.line(
          `${brand.slug.padEnd(16)} ${brand.status.padEnd(12)} ${brand.name} (${brand.hostnames.join(', ')})`,
        );
      }
      return 0;
    },
  },
  {
    name: 'brand:add',
    summary: 'Add a brand with its host names, colours, languages, tags and layout',
    usage: `--slug <slug> --name <name> --hostname <host> ${SETTINGS_USAGE}`,
    options: { slug: { type: 'string' }, ...SETTINGS },
    run: async ({ services, out }, args) => {
      const slug = requiredOption(args, 'slug');
      requiredOption(args, 'name');
      const added = await services.brandsOperator.add(slug, settingsFrom(args));
      out.line(`added brand ${added.slug} (#${String(added.id)})`);
      return 0;
    },
  },
  {
    name: 'brand:edit',
    summary: 'Change a brand; every server shows the change at once with Redis, within 5 s without',
    usage: `--brand <slug> ${SETTINGS_USAGE}`,
    options: { brand: { type: 'string' }, ...SETTINGS },
    run: async ({ services, out }, args) => {
      const slug = requiredOption(args, 'brand');
      const settings = settingsFrom(args);
      if (Object.values(settings).every((value) => value === undefined)) {
        throw new AdminUsageError('Nothing to change: give at least one setting');
      }
      await services.brandsOperator.edit(slug, settings);
      out.line(`changed brand ${slug}`);
      return 0;
    },
  },
];
