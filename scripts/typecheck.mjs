// Type-checks every TypeScript project of the repository (each includes the domain package's source).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['packages/domain', 'apps/server', 'apps/web', 'e2e', 'scripts'].filter((p) =>
  existsSync(`${p}/tsconfig.json`),
);
for (const project of projects) {
  process.stdout.write(`tsc -p ${project}\n`);
  execFileSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
}
