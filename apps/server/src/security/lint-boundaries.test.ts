import { readdirSync } from 'node:fs';
import path from 'node:path';

import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The import boundaries of docs/ARCHITECTURE.md are ESLint zones (eslint.config.js, decision 022). These
 * fixtures are linted as if they were files in the folders named, so the test fails if a zone stops
 * matching: a cross-feature import, a resolver or route reading a repository, a repository calling a
 * service. Each fixture imports a file that exists, or the rule has nothing to check.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const WEB_FEATURES = path.join(ROOT, 'apps/web/src/features');
const MODULES = path.join(ROOT, 'apps/server/src/modules');

/** The first file of a folder whose name ends so, as an import path without its extension. */
function firstFile(folder: string, ending: string): string {
  const name = readdirSync(folder)
    .filter((file) => file.endsWith(ending) && !file.includes('.test.'))
    .sort()[0];
  if (!name) throw new Error(`No ${ending} file in ${folder}`);
  return path.join(folder, name.replace(/\.tsx?$/, ''));
}

/** A server module that has both a repository and a service, as its folder. */
function moduleWithLayers(): string {
  const name = readdirSync(MODULES)
    .sort()
    .find((module) => {
      const files = readdirSync(path.join(MODULES, module));
      return (
        files.some((file) => file.endsWith('.repository.ts')) &&
        files.some((file) => file.endsWith('.service.ts'))
      );
    });
  if (!name) throw new Error('No server module with a repository and a service');
  return path.join(MODULES, name);
}

describe('import boundaries (ESLint zones)', { timeout: 60_000 }, () => {
  let eslint: ESLint;

  beforeAll(() => {
    eslint = new ESLint({
      cwd: ROOT,
      // Only the zones are under test: no type information is needed, which keeps each lint fast.
      overrideConfig: [tseslint.configs.disableTypeChecked],
      ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
    });
  });

  /** The zone messages ESLint reports for `code` as the file at `filePath`. */
  async function zoneErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
  }

  /** An import of `target` written from `from`, as a relative path. */
  function importOf(from: string, target: string): string {
    const relative = path.relative(path.dirname(from), target);
    return `import * as imported from '${relative.startsWith('.') ? relative : `./${relative}`}';\nexport { imported };\n`;
  }

  it('refuses a web feature importing another feature', async () => {
    const fixture = path.join(WEB_FEATURES, 'home/components/boundary-fixture.ts');
    const errors = await zoneErrors(
      fixture,
      importOf(fixture, firstFile(path.join(WEB_FEATURES, 'search/components'), '.tsx')),
    );
    expect(errors).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Web features do not import each other/),
    ]);
  });

  it('covers a feature folder as soon as it exists', async () => {
    const fixture = path.join(WEB_FEATURES, 'vpn/boundary-fixture.ts');
    const errors = await zoneErrors(
      fixture,
      importOf(fixture, firstFile(path.join(WEB_FEATURES, 'home/components'), '.tsx')),
    );
    expect(errors).toHaveLength(1);
  });

  it('lets a web feature import the shared lib', async () => {
    const fixture = path.join(WEB_FEATURES, 'home/components/boundary-fixture.ts');
    expect(await zoneErrors(fixture, importOf(fixture, path.join(ROOT, 'apps/web/src/lib/i18n')))).toEqual(
      [],
    );
  });

  it('refuses a resolver or a route importing a repository, and lets them import a service', async () => {
    const module = moduleWithLayers();
    const repository = firstFile(module, '.repository.ts');
    for (const name of ['boundary-fixture.resolvers.ts', 'boundary-fixture.routes.ts']) {
      const fixture = path.join(module, name);
      expect(await zoneErrors(fixture, importOf(fixture, repository))).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*Resolvers and routes call services/),
      ]);
      expect(await zoneErrors(fixture, importOf(fixture, firstFile(module, '.service.ts')))).toEqual([]);
    }
  });

  it('refuses a repository importing a service', async () => {
    const module = moduleWithLayers();
    const fixture = path.join(module, 'boundary-fixture.repository.ts');
    expect(await zoneErrors(fixture, importOf(fixture, firstFile(module, '.service.ts')))).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Repositories hold queries/),
    ]);
  });
});
