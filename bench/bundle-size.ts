/**
 * Gzip size of the JavaScript a browser loads for `/login` and `/` of the real web app, against a bare
 * React + React Router app built in the same run with the same installed versions.
 *
 * Real app: built with the web app's own Vite config into apps/web/dist-bench (git-ignored), never into
 * the shared apps/web/dist that the server serves and other runs use; the config writes
 * .vite/manifest.json. From the manifest, a route's JavaScript is the entry chunk (`index.html`) and its static imports, recursively,
 * plus the route's lazy modules (ROUTES below, the same files the router imports lazily) and their static
 * imports, plus the en-us locale chunk that boot loads. Vite's preload helper fetches exactly these
 * static imports with a lazy chunk, so the sum is what the browser downloads before the screen shows.
 * Chunks behind other dynamic imports (other screens, other locales, the error-reporting SDK that loads
 * only when a DSN is configured) are not counted.
 *
 * Bare app: written to bench/.tmp-bare (inside the repository so that Node's resolution finds the
 * repository's node_modules: same react, react-dom, react-router and Vite), built with Vite's JS API and
 * the web app's own @vitejs/plugin-react, measured the same way, then deleted.
 *
 * Every file is gzipped at level 9; 1 kB = 1000 bytes, as Vite prints it.
 *
 * Usage: npm run bench:bundle -- [--skip-build] [--check]
 *   --skip-build  measure the existing apps/web/dist-bench instead of building it (the bare app is always
 *                 built)
 *   --check       exit 1 when a target is missed
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

import { type InlineConfig, type Manifest, type PluginOption, build, version as viteVersion } from 'vite';

import { REACT_ROUTER_PRODUCTION_ALIAS } from '../apps/web/react-router-production';
import { BENCH_DIR, REPO_ROOT, fixed, formatTable, machineInfo, verdict, writeResults } from './lib/report';

/** Issue 2: at most 110 kB gzip, and at most 1.15 times the bare build. */
const MAX_GZIP_BYTES = 110_000;
const MAX_RATIO = 1.15;

const WEB_DIR = resolve(REPO_ROOT, 'apps/web');
/** The bench's own build folder (`dist-*` is git-ignored), so a run never replaces the shared `dist`. */
const WEB_DIST_NAME = 'dist-bench';
const WEB_DIST = resolve(WEB_DIR, WEB_DIST_NAME);
const BARE_DIR = resolve(BENCH_DIR, '.tmp-bare');
const BUILD_TIMEOUT_MS = 5 * 60 * 1000;

interface RouteSpec {
  route: string;
  /** Source files (relative to apps/web) that apps/web/src/app/router.tsx imports lazily for the route. */
  lazyModules: string[];
  /**
   * Named chunks (apps/web/vite.config.ts `codeSplitting.groups`) that hold some of those modules; Vite's
   * manifest lists a grouped module only through its chunk, so the chunk is counted by name.
   */
  groupChunks?: string[];
}

/**
 * Read from apps/web/src/app/router.tsx: `/` renders the lazy main layout (route id `main`) with the lazy
 * home page as its index; `/login` lazily imports its page, and its action module once the page shows
 * (FOLLOW_UP_MODULES). Other screens' routes are discovered on navigation (app/screen-routes.tsx) and are
 * not counted.
 */
const ROUTES: RouteSpec[] = [
  {
    route: '/login',
    lazyModules: ['src/app/login-screen.tsx'],
  },
  {
    route: '/',
    // The home page (in the main layout's chunk) shows its heading and splash at once and the shelves'
    // chunk (home-loader, home-content and what they import) in reserved space when it arrives: the route
    // waits for neither, so they are not the first page's. FOLLOW_UP_MODULES below reports them.
    lazyModules: ['src/app/main-layout.tsx', 'src/features/home/components/home-page.tsx'],
    groupChunks: ['main-layout'],
  },
];

/**
 * Modules that a route loads right after its first paint, without waiting: reported beside the route's
 * figure (for information, no target), so that moving code out of the first paint does not hide it.
 */
const FOLLOW_UP_MODULES: Record<string, string[]> = {
  '/login': ['src/features/auth/api/login.ts'],
  '/': ['src/features/home/api/home-loader.ts', 'src/features/home/components/home-content.tsx'],
};

/**
 * Loaded at boot besides the entry's imports. None today: en-us, every page's fallback, ships inside the
 * app chunk (src/lib/i18n.tsx); other languages are chunks loaded only for members who use them.
 */
const BOOT_MODULES: string[] = [];

type Role = 'entry' | 'static import' | 'lazy route module' | 'locale';

interface CountedFile {
  file: string;
  /** Manifest key: a source path for entries, `_name-hash.js` for shared chunks. */
  key: string;
  role: Role;
  rawBytes: number;
  gzipBytes: number;
}

interface RouteFigure {
  route: string;
  files: CountedFile[];
  jsRawBytes: number;
  jsGzipBytes: number;
  /** Stylesheets of the counted chunks, for information only (the target is about JavaScript). */
  cssGzipBytes: number;
  /** Lazy modules the manifest does not list as a chunk of their own (their code sits in another chunk). */
  notChunks: string[];
}

interface Options {
  skipBuild: boolean;
  check: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      'skip-build': { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
    },
  });
  return { skipBuild: values['skip-build'], check: values.check };
}

const gzipSize = (content: Buffer) => gzipSync(content, { level: 9 }).length;
const kB = (bytes: number) => fixed(bytes / 1000, 2);

function readManifest(distDir: string): Manifest {
  const file = resolve(distDir, '.vite/manifest.json');
  if (!existsSync(file)) {
    throw new Error(`${file} does not exist: build with \`build.manifest: true\` in the Vite config`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

function entryKey(manifest: Manifest): string {
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  const key = keys.find((k) => k === 'index.html') ?? (keys.length === 1 ? keys[0] : undefined);
  if (!key)
    throw new Error(`no single index.html entry in the manifest (entries: ${keys.join(', ') || 'none'})`);
  return key;
}

/**
 * The JavaScript a route loads: the entry and its static imports, then each lazy module and its static
 * imports, each file once. Files are listed in load order with the role that first brought them in.
 */
function routeFigure(
  manifest: Manifest,
  distDir: string,
  route: string,
  lazyModules: readonly string[],
  bootModules: readonly string[],
  groupChunks: readonly string[] = [],
): RouteFigure {
  const files: CountedFile[] = [];
  const css = new Set<string>();
  const seen = new Set<string>();
  const notChunks: string[] = [];

  const visit = (key: string, role: Role) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest entry ${key} is missing (imported but not listed)`);
    const content = readFileSync(resolve(distDir, chunk.file));
    files.push({ file: chunk.file, key, role, rawBytes: content.length, gzipBytes: gzipSize(content) });
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported, 'static import');
  };

  visit(entryKey(manifest), 'entry');
  for (const [modules, role] of [
    [bootModules, 'locale'],
    [lazyModules, 'lazy route module'],
  ] as const) {
    for (const module of modules) {
      if (manifest[module]) visit(module, role);
      else notChunks.push(module);
    }
  }
  for (const name of groupChunks) {
    const key = Object.keys(manifest).find((k) => k.endsWith('.js') && manifest[k]?.name === name);
    if (!key) throw new Error(`group chunk ${name} of ${route} is not in the manifest`);
    visit(key, 'lazy route module');
  }
  // A lazy module that is neither a chunk of its own nor in a named group would go uncounted.
  if (
    notChunks.some((module) => module.endsWith('.tsx') || module.endsWith('.ts')) &&
    groupChunks.length === 0
  ) {
    throw new Error(
      `${route}: ${notChunks.join(', ')} are in no chunk of their own; name their group chunk in ROUTES`,
    );
  }
  const cssGzipBytes = [...css].reduce(
    (total, sheet) => total + gzipSize(readFileSync(resolve(distDir, sheet))),
    0,
  );
  return {
    route,
    files,
    jsRawBytes: files.reduce((total, f) => total + f.rawBytes, 0),
    jsGzipBytes: files.reduce((total, f) => total + f.gzipBytes, 0),
    cssGzipBytes,
    notChunks,
  };
}

/** Fails early, with the fix, when the web app's route table no longer matches ROUTES. */
function assertRouteModulesExist(): void {
  const missing = [
    ...ROUTES.flatMap((r) => r.lazyModules),
    ...Object.values(FOLLOW_UP_MODULES).flat(),
    ...BOOT_MODULES,
  ].filter((module) => !existsSync(resolve(WEB_DIR, module)));
  if (missing.length > 0) {
    throw new Error(
      `these route modules no longer exist in apps/web: ${missing.join(', ')}.\n` +
        'Update ROUTES / BOOT_MODULES in bench/bundle-size.ts from apps/web/src/app/router.tsx.',
    );
  }
}

function buildRealApp(): void {
  if (!existsSync(resolve(WEB_DIR, 'package.json'))) {
    throw new Error(
      'apps/web does not exist yet: there is no web app to measure (the bare build ran alone).',
    );
  }
  console.log(`building the web app: vite build --outDir ${WEB_DIST_NAME} (in apps/web) ...`);
  const result = spawnSync('npx', ['vite', 'build', '--outDir', WEB_DIST_NAME, '--emptyOutDir'], {
    cwd: WEB_DIR,
    encoding: 'utf8',
    timeout: BUILD_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const output = `${result.stdout}${result.stderr}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(
      `the web app did not build (${result.error?.message ?? `exit code ${String(result.status)}`}):\n${output}\n` +
        `If the app is mid-change, rerun later, or with --skip-build to measure the last good apps/web/${WEB_DIST_NAME}.`,
    );
  }
}

const BARE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Bare</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;

/** The smallest honest React Router app: a data router with two routes that link to each other. */
const BARE_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Link, RouterProvider, createBrowserRouter } from 'react-router';

function Home() {
  return (
    <main>
      <h1>Home</h1>
      <Link to="/login">Sign in</Link>
    </main>
  );
}

function Login() {
  return (
    <main>
      <h1>Sign in</h1>
      <Link to="/">Home</Link>
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/', Component: Home },
  { path: '/login', Component: Login },
]);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
`;

/** The web app's own copy of @vitejs/plugin-react (it is installed under apps/web, not at the root). */
async function loadReactPlugin(): Promise<() => PluginOption> {
  const requireFromWeb = createRequire(resolve(WEB_DIR, 'package.json'));
  let path: string;
  try {
    path = requireFromWeb.resolve('@vitejs/plugin-react');
  } catch {
    // Installed at the root instead: resolve from there.
    path = createRequire(resolve(REPO_ROOT, 'package.json')).resolve('@vitejs/plugin-react');
  }
  const module = (await import(pathToFileURL(path).href)) as { default: () => PluginOption };
  return module.default;
}

async function buildBareApp(): Promise<{ figure: RouteFigure; versions: Record<string, string> }> {
  rmSync(BARE_DIR, { recursive: true, force: true });
  mkdirSync(resolve(BARE_DIR, 'src'), { recursive: true });
  try {
    writeFileSync(resolve(BARE_DIR, 'index.html'), BARE_HTML);
    writeFileSync(resolve(BARE_DIR, 'src/main.tsx'), BARE_MAIN);
    const react = await loadReactPlugin();
    const config: InlineConfig = {
      root: BARE_DIR,
      // No config file, .env or public folder: only what is written above.
      configFile: false,
      envDir: false,
      publicDir: false,
      cacheDir: resolve(BARE_DIR, '.vite-cache'),
      logLevel: 'warn',
      mode: 'production',
      plugins: [react()],
      // React Router's production build, as the web app's build uses, so the ratio compares like with like.
      resolve: { alias: [REACT_ROUTER_PRODUCTION_ALIAS] },
      build: { outDir: 'dist', emptyOutDir: true, manifest: true },
    };
    await build(config);
    const dist = resolve(BARE_DIR, 'dist');
    const figure = routeFigure(readManifest(dist), dist, 'bare', [], []);
    return {
      figure,
      versions: { vite: viteVersion, ...packageVersions(['react', 'react-dom', 'react-router']) },
    };
  } finally {
    // Deleted at once: generated sources must not linger for lint, prettier or git.
    rmSync(BARE_DIR, { recursive: true, force: true });
  }
}

/** Versions as Node resolves them from bench/, i.e. the repository's installed copies. */
function packageVersions(names: readonly string[]): Record<string, string> {
  const requireFromBench = createRequire(resolve(BENCH_DIR, 'package.json'));
  return Object.fromEntries(
    names.map((name) => {
      const packageJson = requireFromBench.resolve(`${name}/package.json`);
      const parsed = JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: string };
      return [name, `${parsed.version ?? '?'} (${dirname(packageJson)})`];
    }),
  );
}

/** What a route loads right after its first paint (FOLLOW_UP_MODULES), for information. */
interface FollowUp {
  route: string;
  files: string[];
  gzipBytes: number;
  /** The first paint's JavaScript plus this. */
  totalGzipBytes: number;
}

interface Comparison {
  route: string;
  realGzipBytes: number;
  bareGzipBytes: number;
  ratio: number;
  withinSize: boolean;
  withinRatio: boolean;
}

function printRoute(figure: RouteFigure): void {
  console.log(`\n${figure.route}: ${figure.files.length} JavaScript files`);
  console.log(
    formatTable(
      ['file', 'role', 'manifest key', 'raw kB', 'gzip kB'],
      figure.files.map((f) => [f.file, f.role, f.key, kB(f.rawBytes), kB(f.gzipBytes)]),
      ['left', 'left', 'left', 'right', 'right'],
    ),
  );
  for (const module of figure.notChunks) {
    console.log(`  note: ${module} is not a chunk of its own; its code is inside another chunk`);
  }
}

/** The largest JavaScript chunks of the whole build, and which of the measured routes load them. */
function biggestChunks(manifest: Manifest, figures: readonly RouteFigure[], count: number) {
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.file.endsWith('.js'))
    .map(([key, chunk]) => {
      const content = readFileSync(resolve(WEB_DIST, chunk.file));
      return {
        file: chunk.file,
        key,
        lazy: chunk.isDynamicEntry === true,
        rawBytes: content.length,
        gzipBytes: gzipSize(content),
        loadedBy: figures.filter((f) => f.files.some((file) => file.key === key)).map((f) => f.route),
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, count);
}

async function main(): Promise<void> {
  const options = parseOptions();
  const machine = machineInfo();

  console.log('building the bare React + React Router app ...');
  const bare = await buildBareApp();
  console.log(`bare app: ${kB(bare.figure.jsGzipBytes)} kB gzip JavaScript`);
  printRoute(bare.figure);

  // The real app may not exist or build yet (it is being written): say so clearly, after the baseline.
  let figures: RouteFigure[];
  let followUps: FollowUp[];
  let manifest: Manifest;
  try {
    if (!options.skipBuild) buildRealApp();
    if (!existsSync(resolve(WEB_DIST, '.vite/manifest.json'))) {
      throw new Error(
        `apps/web/${WEB_DIST_NAME}/.vite/manifest.json does not exist: the web app has not been built.`,
      );
    }
    assertRouteModulesExist();
    manifest = readManifest(WEB_DIST);
    figures = ROUTES.map((spec) =>
      routeFigure(manifest, WEB_DIST, spec.route, spec.lazyModules, BOOT_MODULES, spec.groupChunks),
    );
    followUps = ROUTES.flatMap((spec) => {
      const modules = FOLLOW_UP_MODULES[spec.route];
      if (!modules) return [];
      const withThem = routeFigure(
        manifest,
        WEB_DIST,
        spec.route,
        [...spec.lazyModules, ...modules],
        BOOT_MODULES,
        spec.groupChunks,
      );
      const first = new Set(figures.find((f) => f.route === spec.route)?.files.map((f) => f.key));
      const files = withThem.files.filter((f) => !first.has(f.key));
      return [
        {
          route: spec.route,
          files: files.map((f) => f.file),
          gzipBytes: files.reduce((total, f) => total + f.gzipBytes, 0),
          totalGzipBytes: withThem.jsGzipBytes,
        },
      ];
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    writeResults('bundle-size', {
      benchmark: 'bundle-size',
      date: new Date().toISOString(),
      machine,
      bare: bare.figure,
      versions: bare.versions,
      error: message,
    });
    throw new Error(`real web app not measured: ${message}`, { cause: error });
  }

  for (const figure of figures) printRoute(figure);
  const comparisons: Comparison[] = figures.map((figure) => {
    const ratio = figure.jsGzipBytes / bare.figure.jsGzipBytes;
    return {
      route: figure.route,
      realGzipBytes: figure.jsGzipBytes,
      bareGzipBytes: bare.figure.jsGzipBytes,
      ratio,
      withinSize: figure.jsGzipBytes <= MAX_GZIP_BYTES,
      withinRatio: ratio <= MAX_RATIO,
    };
  });
  const biggest = biggestChunks(manifest, figures, 10);

  console.log('\nlargest JavaScript chunks of the web build');
  console.log(
    formatTable(
      ['file', 'lazy', 'raw kB', 'gzip kB', 'loaded by'],
      biggest.map((c) => [
        c.file,
        c.lazy ? 'yes' : 'no',
        kB(c.rawBytes),
        kB(c.gzipBytes),
        c.loadedBy.join(' ') || '-',
      ]),
      ['left', 'left', 'right', 'right', 'left'],
    ),
  );
  console.log(
    `\nversions: ${Object.entries(bare.versions)
      .map(([name, v]) => `${name} ${v.split(' ')[0] ?? ''}`)
      .join(', ')}`,
  );
  console.log(
    `\n${formatTable(
      [
        'route',
        'real gzip kB',
        'bare gzip kB',
        'ratio',
        `<= ${MAX_GZIP_BYTES / 1000} kB`,
        `<= ${MAX_RATIO} x bare`,
        'css gzip kB',
      ],
      comparisons.map((c, index) => [
        c.route,
        kB(c.realGzipBytes),
        kB(c.bareGzipBytes),
        fixed(c.ratio, 3),
        verdict(c.withinSize, kB(c.realGzipBytes)),
        verdict(c.withinRatio, fixed(c.ratio, 3)),
        kB(figures[index]?.cssGzipBytes ?? 0),
      ]),
    )}`,
  );

  for (const followUp of followUps) {
    console.log(
      `\n${followUp.route} loads ${kB(followUp.gzipBytes)} kB gzip more right after its first paint ` +
        `(not waited for; ${kB(followUp.totalGzipBytes)} kB in all): ${followUp.files.join(', ')}`,
    );
  }

  const pass = comparisons.every((c) => c.withinSize && c.withinRatio);
  const file = writeResults('bundle-size', {
    benchmark: 'bundle-size',
    date: new Date().toISOString(),
    machine,
    units: 'bytes; gzip level 9; kB in the printed table = 1000 bytes',
    targets: { maxGzipBytes: MAX_GZIP_BYTES, maxRatioToBare: MAX_RATIO, pass },
    versions: bare.versions,
    comparisons,
    routes: figures,
    followUps,
    bare: bare.figure,
    biggestChunks: biggest,
  });
  console.log(`\nresults: ${file}`);
  if (options.check && !pass) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
