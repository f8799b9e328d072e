import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import { type AdminCommand, requiredOption } from '../../cli/admin-command';
import { type ImportOutcome, importCatalogFolder } from './catalog.import';

/** How many files the import will read: the same walk as the import's (no dot files, 16 levels). */
async function countFiles(folder: string, depth = 0): Promise<number> {
  if (depth > 16) return 0;
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  let count = 0;
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) count += await countFiles(join(folder, entry.name), depth + 1);
    else if (entry.isFile()) count += 1;
  }
  return count;
}

function line(outcome: ImportOutcome): string {
  switch (outcome.status) {
    case 'imported':
      return `imported  ${outcome.path} -> ${outcome.mediaType} #${String(outcome.mediaId)} "${outcome.title}"`;
    case 'duplicate':
      return `unchanged ${outcome.path} (already imported as #${String(outcome.mediaId)})`;
    case 'rejected':
      return `REJECTED  ${outcome.path}: ${outcome.reason}`;
  }
}

/** The operator's catalogue commands (`npm run catalog:import` remains as it was). */
export const catalogAdminCommands: AdminCommand[] = [
  {
    name: 'catalog:import',
    summary:
      "Import a folder of media (MP3, M4A, M4B, MP4, M4V, EPUB) into a brand's catalogue, with progress",
    usage: '--brand <slug> <folder>',
    options: { brand: { type: 'string' } },
    positionals: true,
    run: async ({ db, config, out }, args) => {
      const brandSlug = requiredOption(args, 'brand');
      const [folder] = args.positionals;
      if (folder === undefined || args.positionals.length !== 1) {
        out.error('Give exactly one folder');
        return 1;
      }
      const progress = out.progress('importing', await countFiles(resolve(folder)));
      let report;
      try {
        report = await importCatalogFolder(db, {
          brandSlug,
          folder: resolve(folder),
          importedDir: config.media.importedDir,
          onFile: (outcome) => {
            progress.tick();
            if (outcome.status === 'rejected') out.error(line(outcome));
            else out.line(line(outcome));
          },
        });
      } catch (error) {
        // An unknown brand or a missing folder: the import's own message.
        out.error(error instanceof Error ? error.message : String(error));
        return 1;
      }
      progress.done();
      const count = (status: ImportOutcome['status']) =>
        report.outcomes.filter((outcome) => outcome.status === status).length;
      out.line(
        `${String(count('imported'))} imported, ${String(count('duplicate'))} unchanged, ${String(count('rejected'))} rejected`,
      );
      return count('rejected') > 0 ? 2 : 0;
    },
  },
];
