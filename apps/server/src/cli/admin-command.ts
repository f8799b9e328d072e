import type { ParseArgsConfig } from 'node:util';

import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { MigrationEntry } from '../db/migrate';
import type { Services } from '../services';

/** What a long piece of work reports as it goes: a bar on a terminal, a line per tenth elsewhere. */
export interface Progress {
  tick(by?: number): void;
  done(): void;
}

/** Where a command writes: results to stdout, refusals and progress to stderr. */
export interface AdminOutput {
  line(text: string): void;
  error(text: string): void;
  progress(label: string, total: number): Progress;
}

export interface AdminContext {
  db: Db;
  services: Services;
  config: AppConfig;
  out: AdminOutput;
  /** This release's migrations; tests give their own list (db/migrate.ts). */
  migrations?: readonly MigrationEntry[];
}

export type AdminOptions = NonNullable<ParseArgsConfig['options']>;

export interface AdminArguments {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

/**
 * One operator command (`npm run admin -- <name> ...`). Its module owns it (`modules/<m>/<m>.admin.ts`)
 * and calls its own services; `cli/admin-commands.ts` lists them all.
 *
 * Exit codes: 0 done; 2 some of the work was refused (each refusal written to stderr); 1 the command
 * could not run (arguments, missing records).
 */
export interface AdminCommand {
  /** `noun:verb`, e.g. `brand:list`. */
  name: string;
  summary: string;
  /** The arguments after the name, e.g. `--brand <slug> [--json]`. */
  usage: string;
  options: AdminOptions;
  /** Whether positional arguments are taken. */
  positionals?: boolean;
  /**
   * `as-is`: the entry point leaves the database as it finds it (the migration and backup commands);
   * by default it first applies the pending migrations, except one the previous release cannot read.
   */
  database?: 'as-is';
  run(context: AdminContext, args: AdminArguments): Promise<number>;
}

/** A refusal the entry point prints as it is (exit code 1), without a stack. */
export class AdminUsageError extends Error {}

/** The string value of an option, refused with a clear message when it is required and missing. */
export function requiredOption(args: AdminArguments, name: string): string {
  const value = args.values[name];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new AdminUsageError(`--${name} is required`);
  }
  return value.trim();
}

export function optionalOption(args: AdminArguments, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

/** The brand named by `--brand <slug>`, refused with a clear message when it is missing or unknown. */
export async function brandOption(
  { services }: Pick<AdminContext, 'services'>,
  args: AdminArguments,
): Promise<{ id: number; slug: string; name: string }> {
  const slug = requiredOption(args, 'brand');
  const brand = (await services.brands.list()).find((candidate) => candidate.slug === slug);
  if (!brand) throw new AdminUsageError(`No brand with the slug "${slug}" (see brand:list)`);
  return brand;
}
