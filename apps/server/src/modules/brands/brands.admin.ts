import type { AdminCommand } from '../../cli/admin-command';

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
];
