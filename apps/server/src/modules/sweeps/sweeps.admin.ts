import { poolDocument } from '@member/domain';

import {
  type AdminArguments,
  type AdminCommand,
  type AdminContext,
  AdminUsageError,
  brandOption,
  optionalOption,
  requiredOption,
} from '../../cli/admin-command';
import { AppError } from '../../errors';

function isoOption(args: AdminArguments, name: string): string {
  const value = requiredOption(args, name);
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new AdminUsageError(`--${name} must be a date, e.g. 2026-12-01T05:01:00Z`);
  return new Date(time).toISOString();
}

function list(args: AdminArguments, name: string): string[] {
  const value = args.values[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** `CUR:SYMBOL:COUNTRY|-:entries:amountMinor` */
function parsePrice(text: string) {
  const [currency, symbol, country, entries, amount] = text.split(':');
  const parsedEntries = Number(entries);
  const amountMinor = Number(amount);
  if (
    !currency ||
    !symbol ||
    !country ||
    !Number.isSafeInteger(parsedEntries) ||
    !Number.isSafeInteger(amountMinor)
  ) {
    throw new AdminUsageError(`--price "${text}" must be CUR:SYMBOL:COUNTRY|-:entries:amountMinor`);
  }
  if (parsedEntries < 1 || amountMinor < 1)
    throw new AdminUsageError(`--price "${text}" needs positive numbers`);
  return {
    currency: currency.toUpperCase(),
    symbol,
    countryCode: country === '-' ? null : country.toUpperCase(),
    entries: parsedEntries,
    amountMinor,
  };
}

/** `CUR:SYMBOL:COUNTRY|-:amountMinor:factor` */
function parseMultiplier(text: string) {
  const [currency, symbol, country, amount, factor] = text.split(':');
  const amountMinor = Number(amount);
  const multiplierFactor = Number(factor);
  if (
    !currency ||
    !symbol ||
    !country ||
    !Number.isSafeInteger(amountMinor) ||
    !Number.isSafeInteger(multiplierFactor)
  ) {
    throw new AdminUsageError(`--multiplier "${text}" must be CUR:SYMBOL:COUNTRY|-:amountMinor:factor`);
  }
  if (multiplierFactor < 1 || multiplierFactor > 100)
    throw new AdminUsageError('A multiplier factor is 1 to 100');
  return {
    currency: currency.toUpperCase(),
    symbol,
    countryCode: country === '-' ? null : country.toUpperCase(),
    amountMinor,
    multiplierFactor,
  };
}

async function refused(context: AdminContext, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) {
      context.out.error(`${error.slug}: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

/** The operator's giveaway commands (docs/decisions/023). */
export const sweepAdminCommands: AdminCommand[] = [
  {
    name: 'sweep:create',
    summary: 'Create a giveaway; prints its id and the seed commitment to publish',
    usage:
      '--brand <slug> --ref <ref> --name <text> --product <text> --description <text> --image <url> ' +
      '--start <date> --end <date> --sale-start <date> --sale-end <date> [--cap <n>] [--monthly-exclusive] ' +
      '--price CUR:SYM:COUNTRY|-:entries:amountMinor ... [--multiplier CUR:SYM:COUNTRY|-:amountMinor:factor ...]',
    options: {
      brand: { type: 'string' },
      ref: { type: 'string' },
      name: { type: 'string' },
      product: { type: 'string' },
      description: { type: 'string' },
      image: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      'sale-start': { type: 'string' },
      'sale-end': { type: 'string' },
      cap: { type: 'string' },
      'monthly-exclusive': { type: 'boolean' },
      price: { type: 'string', multiple: true },
      multiplier: { type: 'string', multiple: true },
    },
    run: async (context, args) => {
      const cap = optionalOption(args, 'cap');
      const entries = cap === undefined ? null : Number(cap);
      if (entries !== null && (!Number.isSafeInteger(entries) || entries < 1)) {
        throw new AdminUsageError('--cap must be a positive whole number');
      }
      const prices = list(args, 'price').map(parsePrice);
      if (prices.length === 0) throw new AdminUsageError('At least one --price is required');
      const input = {
        brandId: (await brandOption(context, args)).id,
        refNumber: requiredOption(args, 'ref'),
        name: requiredOption(args, 'name'),
        productName: requiredOption(args, 'product'),
        description: requiredOption(args, 'description'),
        image: requiredOption(args, 'image'),
        startDate: isoOption(args, 'start'),
        endDate: isoOption(args, 'end'),
        startAvailableDate: isoOption(args, 'sale-start'),
        endAvailableDate: isoOption(args, 'sale-end'),
        monthlyExclusive: args.values['monthly-exclusive'] === true,
        tags: args.values['monthly-exclusive'] === true ? ['monthly_exclusive'] : [],
        entries,
        prices,
        multipliers: list(args, 'multiplier').map(parseMultiplier),
      };
      return refused(context, async () => {
        const created = await context.services.sweeps.createSweep(input);
        context.out.line(
          `sweep ${created.id} created; draw period ${created.drawPeriod}; seed commitment ${created.seedCommitment}`,
        );
        return 0;
      });
    },
  },
  {
    name: 'sweep:edit',
    summary:
      'Change a giveaway’s text, dates, cap, status (active, closed) or tags (e.g. bonus_offer_default, decision 032)',
    usage:
      '--brand <slug> --ref <ref> [--name <text>] [--description <text>] [--end <date>] [--sale-end <date>] [--cap <n>] [--status active|closed] [--tags a,b]',
    options: {
      brand: { type: 'string' },
      ref: { type: 'string' },
      name: { type: 'string' },
      description: { type: 'string' },
      end: { type: 'string' },
      'sale-end': { type: 'string' },
      cap: { type: 'string' },
      status: { type: 'string' },
      tags: { type: 'string' },
    },
    run: async (context, args) => {
      const id = (await brandOption(context, args)).id;
      const sweep = await context.services.sweeps.findSweepByRef(id, requiredOption(args, 'ref'));
      if (!sweep) throw new AdminUsageError('No giveaway has this reference');
      const status = optionalOption(args, 'status');
      if (status !== undefined && status !== 'active' && status !== 'closed') {
        throw new AdminUsageError('--status is active or closed');
      }
      const cap = optionalOption(args, 'cap');
      const tagText = optionalOption(args, 'tags');
      const tags =
        tagText === undefined
          ? undefined
          : [
              ...new Set(
                tagText
                  .split(',')
                  .map((tag) => tag.trim())
                  .filter(Boolean),
              ),
            ];
      if (
        tags?.some((tag) => !/^[a-z0-9_]{1,40}(:[A-Za-z0-9_-]{1,40})?$/.test(tag)) ||
        (tags?.length ?? 0) > 10
      ) {
        throw new AdminUsageError(
          '--tags is up to 10 comma-separated tags: name or name:value (a-z, 0-9, _)',
        );
      }
      // A monthly-exclusive giveaway keeps its tag whatever the list says.
      const keptTags =
        tags && sweep.monthly_exclusive === 1 && !tags.includes('monthly_exclusive')
          ? ['monthly_exclusive', ...tags]
          : tags;
      const patch = {
        ...(optionalOption(args, 'name') ? { name: requiredOption(args, 'name') } : {}),
        ...(optionalOption(args, 'description') ? { description: requiredOption(args, 'description') } : {}),
        ...(optionalOption(args, 'end') ? { end_date: isoOption(args, 'end') } : {}),
        ...(optionalOption(args, 'sale-end') ? { end_available_date: isoOption(args, 'sale-end') } : {}),
        ...(cap !== undefined ? { entries: Number(cap) } : {}),
        ...(status ? { status } : {}),
        ...(keptTags ? { tags: JSON.stringify(keptTags) } : {}),
      };
      if (
        patch.entries !== undefined &&
        (!Number.isSafeInteger(patch.entries) || patch.entries < sweep.entries_reserved)
      ) {
        throw new AdminUsageError(
          `--cap must be a whole number of at least ${sweep.entries_reserved} (already sold or held)`,
        );
      }
      await context.services.sweeps.updateSweep(id, sweep.id, patch);
      context.out.line(`sweep ${sweep.id} updated`);
      return 0;
    },
  },
  {
    name: 'sweep:postal',
    summary:
      'Record one received postal envelope as one entry (refused when the name or address fails the rules)',
    usage:
      '--brand <slug> --ref <ref> --envelope <id> --name <full legal name> --address <street> [--apartment <text>] ' +
      '--city <text> --postcode <text> --email <email> [--phone <text>]',
    options: {
      brand: { type: 'string' },
      ref: { type: 'string' },
      envelope: { type: 'string' },
      name: { type: 'string' },
      address: { type: 'string' },
      apartment: { type: 'string' },
      city: { type: 'string' },
      postcode: { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
    },
    run: async (context, args) => {
      const id = (await brandOption(context, args)).id;
      return refused(context, async () => {
        const result = await context.services.sweeps.recordPostalEntry(
          id,
          requiredOption(args, 'ref'),
          requiredOption(args, 'envelope'),
          {
            fullName: optionalOption(args, 'name') ?? '',
            address: optionalOption(args, 'address') ?? '',
            apartment: optionalOption(args, 'apartment') ?? null,
            city: optionalOption(args, 'city') ?? '',
            postcode: optionalOption(args, 'postcode') ?? '',
            email: optionalOption(args, 'email') ?? '',
            phone: optionalOption(args, 'phone') ?? null,
          },
        );
        context.out.line(
          result.applied
            ? `entry recorded for ${result.entrant}`
            : 'this envelope was recorded before; nothing changed',
        );
        return 0;
      });
    },
  },
  {
    name: 'sweep:draw',
    summary:
      'Run the draws job now (draws or rolls over every closed period, hands lapsed claims to alternates)',
    usage: '',
    options: {},
    run: async (context) => {
      const counts = await context.services.sweeps.runDraws();
      context.out.line(
        `drawn ${counts.drawn}, rolled over ${counts.rolledOver}, claims expired ${counts.expired}`,
      );
      return 0;
    },
  },
  {
    name: 'sweep:verify',
    summary: 'Recompute a past draw from the stored entries: pool hash, seed commitment and every round',
    usage: '--brand <slug> --ref <ref> [--json]',
    options: { brand: { type: 'string' }, ref: { type: 'string' }, json: { type: 'boolean' } },
    run: async (context, args) => {
      const id = (await brandOption(context, args)).id;
      return refused(context, async () => {
        const result = await context.services.sweeps.verifyDraw(id, requiredOption(args, 'ref'));
        if (args.values.json === true) context.out.line(JSON.stringify(result, null, 2));
        else {
          context.out.line(`period ${result.periodKey}, pool hash ${result.poolHash}, seed ${result.seed}`);
          for (const round of result.rounds) {
            context.out.line(
              `round ${round.round}: position ${round.position} of ${round.totalEntries} -> ${round.entrant}`,
            );
          }
          context.out.line(
            `pool hash ${result.poolHashMatches ? 'matches' : 'DIFFERS'}; seed ${result.seedMatchesCommitment ? 'matches' : 'DOES NOT MATCH'} its commitment; winners ${result.roundsMatch ? 'match' : 'DIFFER'}`,
          );
        }
        return result.poolHashMatches && result.seedMatchesCommitment && result.roundsMatch ? 0 : 2;
      });
    },
  },
  {
    name: 'sweep:pool',
    summary: 'Print the pool document of a giveaway’s period (publish its hash before the period closes)',
    usage: '--brand <slug> --ref <ref> [--period YYYY-MM] [--hash-only]',
    options: {
      brand: { type: 'string' },
      ref: { type: 'string' },
      period: { type: 'string' },
      'hash-only': { type: 'boolean' },
    },
    run: async (context, args) => {
      const id = (await brandOption(context, args)).id;
      return refused(context, async () => {
        const pool = await context.services.sweeps.poolDocumentLines(
          id,
          requiredOption(args, 'ref'),
          optionalOption(args, 'period'),
        );
        if (args.values['hash-only'] !== true) {
          context.out.line(poolDocument(pool.sweep.ref_number, pool.period, pool.lines).trimEnd());
        }
        context.out.line(`sha256 ${pool.poolHash}`);
        return 0;
      });
    },
  },
];
