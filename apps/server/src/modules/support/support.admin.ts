import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import { type AdminCommand, brandOption } from '../../cli/admin-command';

/** The operator's support commands: the brand's feedback and problem reports, listed or exported as CSV. */
export const supportAdminCommands: AdminCommand[] = [
  {
    name: 'support:reports',
    summary: "List a brand's feedback and problem reports, or export them as CSV",
    usage: '--brand <slug> [--since <ISO date>] [--csv <file>]',
    options: { brand: { type: 'string' }, since: { type: 'string' }, csv: { type: 'string' } },
    run: async ({ services, out }, args) => {
      const { since, csv } = args.values;
      const brand = await brandOption({ services }, args);
      const from = typeof since === 'string' ? new Date(since) : new Date(0);
      if (Number.isNaN(from.getTime())) {
        out.error('--since must be a date, such as 2026-11-01');
        return 1;
      }
      const exported = await services.support.exportCsv(brand.id, from.toISOString());
      if (typeof csv === 'string') {
        await writeFile(resolve(csv), exported.csv);
        out.line(`${String(exported.count)} reports written to ${resolve(csv)}`);
      } else {
        out.line(exported.csv.trimEnd());
      }
      return 0;
    },
  },
];
