import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

// Issue 15, item 4: the production recipe (Dockerfile, compose.yaml, deploy/nginx). Docker is not
// available where the tests run, so these read the files; nginx checks its configuration when present.
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
const nginx = read('deploy/nginx/nginx.conf');
const example = read('apps/server/src/modules/media/nginx/nginx.conf.example');
const activeLines = (text: string) => text.split('\n').map((line) => line.replace(/#.*$/, '').trim());

describe('the Dockerfile', () => {
  it('builds on Node 22 LTS, compiles the SQLite driver in the build stage and runs as node', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22-trixie-slim$/m);
    expect(dockerfile).toMatch(/^FROM \$\{NODE_IMAGE\} AS build$/m);
    expect(dockerfile).toContain('npm_config_build_from_source=true');
    expect(dockerfile).toMatch(/RUN npm prune --omit=dev/);
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/npm (ci|install)/);
    expect(runtime).toContain('CMD ["node", "apps/server/dist/main.js"]');
  });

  it("carries the PostgreSQL client of the compose file's server for the backup commands", () => {
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toMatch(/apt-get install -y --no-install-recommends postgresql-client/);
    expect(compose).toMatch(/image: postgres:17-/);
    expect(runtime).toContain("pg_dump --version | grep -q ' 17\\.'");
  });

  it('copies what the server reads at run time', () => {
    for (const path of [
      'apps/web/dist',
      'apps/server/dist',
      'apps/server/assets',
      'apps/server/media/demo',
      'node_modules',
    ]) {
      expect(dockerfile).toContain(`/src/${path} ./${path}`);
    }
  });
});

describe('compose.yaml', () => {
  it('runs the app, PostgreSQL, Redis and nginx, with the secrets required and the app unpublished', () => {
    for (const service of ['app', 'postgres', 'redis', 'nginx'])
      expect(compose).toMatch(new RegExp(`^  ${service}:$`, 'm'));
    expect(compose).toContain('JWT_SECRET: ${JWT_SECRET:?');
    expect(compose).toContain("TRUST_PROXY: 'true'");
    const app = compose.slice(compose.indexOf('\n  app:'), compose.indexOf('\n  postgres:'));
    expect(app).not.toContain('ports:');
  });

  it('mounts files that exist', () => {
    const mounts = [...compose.matchAll(/^\s+- \.\/([^:]+):/gm)].map((match) => match[1] ?? '');
    expect(mounts).toEqual(
      expect.arrayContaining(['deploy/nginx/nginx.conf', 'apps/server/src/modules/media/nginx/media-url.js']),
    );
    for (const mount of mounts.filter((path) => !['import'].includes(path))) {
      expect(existsSync(resolve(root, mount)), mount).toBe(true);
    }
  });

  it('gives nginx and the app the same media URL key', () => {
    const nginxService = compose.slice(compose.indexOf('\n  nginx:'));
    expect(nginxService).toContain('MEDIA_URL_SECRET: ${MEDIA_URL_SECRET:?');
    expect(nginx).toContain('env MEDIA_URL_SECRET;');
  });
});

describe('the nginx configuration of compose.yaml', () => {
  const lines = activeLines(nginx);

  it('sets the client address, scheme, host and country from nginx, like the example', () => {
    const headers = (text: string) => activeLines(text).filter((line) => line.startsWith('proxy_set_header'));
    expect(headers(nginx)).toEqual(headers(example));
    expect(lines.filter((line) => /^location\b.*proxy_set_header/.test(line))).toEqual([]);
    expect(lines.join('\n')).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('checks signed media URLs with the shipped njs verifier and keeps /metrics inside', () => {
    expect(lines).toContain('js_set $media_check media_url.verify;');
    expect(lines).toContain("if ($media_check != 'ok') { rewrite ^ /media-refused/invalid last; }");
    expect(lines).toContain('location = /metrics { return 404; }');
  });

  const hasNginx =
    existsSync('/usr/sbin/nginx') && existsSync('/usr/lib/nginx/modules/ngx_http_js_module.so');
  it.skipIf(!hasNginx)('passes nginx -t', () => {
    const folder = mkdtempSync(join(tmpdir(), 'nginx-deploy-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=test',
          '-days',
          '1',
          '-keyout',
          join(folder, 'privkey.pem'),
          '-out',
          join(folder, 'fullchain.pem'),
        ],
        { stdio: 'ignore' },
      );
      // Debian's nginx: its own module path, and (1.22) no `http2 on;` directive; the app's address; logs
      // in files (the test runner's output is no device nginx can open).
      const local = nginx
        .replaceAll('/etc/nginx/tls/', `${folder}/`)
        .replace(
          'js_path /etc/nginx/njs;',
          `js_path ${resolve(root, 'apps/server/src/modules/media/nginx')};`,
        )
        .replace('load_module modules/', 'load_module /usr/lib/nginx/modules/')
        .replace('server app:3000;', 'server 127.0.0.1:3000;')
        .replace(/^\s*http2 on;$/m, '')
        .replace('/dev/stdout', join(folder, 'access.log'))
        .replace('/dev/stderr', join(folder, 'error.log'));
      writeFileSync(join(folder, 'nginx.conf'), local);
      const output = execFileSync(
        '/usr/sbin/nginx',
        ['-t', '-c', join(folder, 'nginx.conf'), '-g', `error_log ${join(folder, 'error.log')};`],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(output).toBe('');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
