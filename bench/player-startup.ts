/// <reference lib="dom" />
/**
 * Player start-up in Chromium over a throttled network (10 Mbps down and up, 40 ms latency, through the
 * DevTools protocol's Network.emulateNetworkConditions), against the built server and web app:
 *
 * - audio: from the click on Listen (an audiobook's page) to the first sound, i.e. the `playing` event
 *   and then `currentTime` moving past where it started;
 * - video: from the click on Watch (a film's page) to its first frame (`requestVideoFrameCallback`),
 *   HLS as the app plays it, against the progressive MP4 of the same encode
 *   (`media/demo/video/fractal-tides.mp4`, signed with the run's key) in the same page and run; the HLS
 *   playlist of the same film set on a bare <video> is measured too, so the format's cost is shown apart
 *   from the app's (GraphQL calls and the player's chunks);
 * - the JavaScript a first visit to `/` loads before anything plays, which must hold none of hls.js,
 *   foliate-js or the player overlay (they load when something plays).
 *
 * Each measurement runs RUNS times in fresh pages of one browser context with the browser cache disabled
 * (every run downloads the player's chunks and the media, so both formats start equally cold) and reports
 * the first run and the median. Targets (issue 4): audio within 300 ms; the HLS first frame within 1 s and
 * within 2 times the progressive MP4.
 *
 * Needs the builds (`npm run build` at the repository root). The server runs from apps/server/dist on a
 * fresh SQLite database in a temporary folder with the demo seed, on 127.0.0.1 and a free port; Chromium
 * is Debian's (/usr/bin/chromium, or CHROMIUM_PATH), driven by the repository's playwright-core.
 *
 * Before the runs it reads the machine's CPU speed (Lighthouse's benchmark index, in the same Chromium) and
 * the load average, and saves them with the figures; on a busy machine (load above 0.75 per core before the
 * runs, or index samples spread over 20% between quartiles) the figures are printed but not judged (exit 2
 * with --check). The bare
 * elements' figures of the same run are the baselines: the ratios compare across machines.
 *
 * With --cpu-slowdown N the pages run with Chromium's CPU throttling at N times (the bare elements too):
 * how the start-up holds on a phone or machine N times slower than this one.
 *
 * Usage: npm run bench:player -- [--runs 5] [--check] [--cpu-slowdown 1] [--server-entry path] [--web-dist path]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

import { signedMediaPath } from '../apps/server/src/modules/media/media.signing';
import { describeCpu, noiseReasons, readCpu } from './lib/cpu';
import { REPO_ROOT, fixed, formatTable, machineInfo, verdict, writeResults } from './lib/report';

const AUDIO_TARGET_MS = 300;
const HLS_TARGET_MS = 1000;
const HLS_MAX_RATIO = 2;
const THROTTLE = { latency: 40, downloadThroughput: 10_000_000 / 8, uploadThroughput: 10_000_000 / 8 };
const MEMBER = { email: 'active@streamhub.demo', password: 'demo-pass-2026' };
/** No step may hang the run: each waits at most this long. */
const STEP_TIMEOUT_MS = 30_000;
/** Chunks that must not load before something plays. */
const PLAYER_CHUNKS =
  /\/assets\/(hls[.\w-]*|view|paginator|epub|zip|mobi|player-overlay|audio-player|video-player)-[\w-]+\.js$/;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    check: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
    'cpu-slowdown': { type: 'string', default: '1' },
    'server-entry': { type: 'string', default: resolve(REPO_ROOT, 'apps/server/dist/main.js') },
    'web-dist': { type: 'string', default: resolve(REPO_ROOT, 'apps/web/dist') },
  },
});
const RUNS = Math.max(1, Math.min(20, Number(args.runs)));
const CPU_SLOWDOWN = Math.max(1, Math.min(20, Number(args['cpu-slowdown']) || 1));

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        done(port);
      });
    });
  });
}

async function startServer(port: number, secret: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [args['server-entry']], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      APP_ENV: 'LOCAL',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      MEDIA_URL_SECRET: secret,
      WEB_DIST_DIR: args['web-dist'],
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${String(child.exitCode)}`);
    try {
      const response = await fetch(`http://127.0.0.1:${String(port)}/healthz`);
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not start within 120 s');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLE });
  // Every run downloads what it plays (and the player's chunks), so HLS and MP4 start equally cold.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // --cpu-slowdown: a slower phone (or machine) than this one, for every element of the run alike.
  if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

async function graphql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  return page.evaluate(
    async ([q, v]) => {
      const response = await fetch('/membergraphapi/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return (await response.json()) as unknown;
    },
    [query, variables] as const,
  ) as Promise<T>;
}

interface Title {
  id: number;
  title: string;
  duration: number | null;
}

async function firstTitle(page: Page, mediaType: string, minDuration: number): Promise<Title> {
  const body = await graphql<{ data: { content: { list: { items: Title[] } } } }>(
    page,
    'query($t: String!) { content { list(mediaType: $t, first: 20) { items { id title duration } } } }',
    { t: mediaType },
  );
  const title = body.data.content.list.items.find((item) => (item.duration ?? 0) >= minDuration);
  if (!title) throw new Error(`No ${mediaType} of at least ${String(minDuration)} s in the seed`);
  return title;
}

/**
 * Runs in the page: records click, playing, advancing and frame times in window.__marks, and with
 * --trace the media events of elements in the document.
 */
const ARM_TIMERS = `(() => {
  // Setting a mark wakes whoever waits for it (window.__whenMark): the bench waits inside the page, and
  // nothing of Playwright's polls or is first set up on the page's main thread while the player starts.
  const waiters = {};
  const marks = new Proxy({}, {
    set(target, key, value) {
      target[key] = value;
      for (const wake of waiters[key] ?? []) wake();
      return true;
    },
  });
  window.__marks = marks;
  window.__whenMark = (key) => key in marks ? Promise.resolve() : new Promise((wake) => { (waiters[key] ??= []).push(wake); });
  document.addEventListener('click', () => { marks.click ??= performance.now(); }, { capture: true, once: true });
  const watch = (media) => {
    let startedAt = null;
    // timeupdate fires only every 250 ms or so: poll the clock every 4 ms from 'playing' on instead, so
    // the mark is when the media time (driven by the audio actually rendered) first moves.
    media.addEventListener('playing', () => {
      marks.playing ??= performance.now();
      if (startedAt !== null) return;
      startedAt = media.currentTime;
      const timer = setInterval(() => {
        if (media.currentTime <= startedAt) return;
        marks.advancing ??= performance.now();
        clearInterval(timer);
      }, 4);
    });
    if (media instanceof HTMLVideoElement) media.requestVideoFrameCallback(() => { marks.frame ??= performance.now(); });
  };
  marks.events = [];
  for (const type of ['loadstart', 'loadedmetadata', 'loadeddata', 'canplay', 'seeking', 'seeked', 'play', 'playing', 'waiting', 'stalled']) {
    document.addEventListener(type, (event) => {
      if (event.target instanceof HTMLMediaElement) marks.events.push(type + ' ' + Math.round(performance.now() - (marks.click ?? 0)));
    }, { capture: true });
  }
  // Every media element the page plays, from its play() call on, even one started before it is in the
  // document (the app starts audio while the player's code is still loading).
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (!this.dataset.benchWatched) { this.dataset.benchWatched = '1'; watch(this); }
    return play.call(this);
  };
})()`;

/**
 * Opens a title's page and arms the timers: the click on its Play button starts the clock; the player's
 * media element's `playing`, first advancing `timeupdate` and first video frame stop them.
 */
const requestLog = new WeakMap<Page, string[]>();

async function pressPlay(page: Page, base: string, mediaType: string, title: Title, verb: string) {
  if (args.trace) {
    const log: string[] = [];
    requestLog.set(page, log);
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      const range = request.headers().range ?? '';
      void request.postData()?.match(/(query|mutation) (\w+)/)?.[2];
      const operation = /(?:query|mutation) (\w+)/.exec(request.postData() ?? '')?.[1] ?? '';
      const path = new URL(request.url()).pathname;
      log.push(
        `${String(timing.startTime)} ${fixed(timing.responseEnd, 0)} ${request.resourceType()} ${path.slice(-60)} ${range} ${operation}`,
      );
    });
  }
  await page.goto(`${base}/browse/${mediaType}/id/${String(title.id)}`);
  const button = page.getByRole('button', { name: verb, exact: true });
  await button.waitFor({ timeout: STEP_TIMEOUT_MS });
  // Plain JavaScript text: tsx would wrap named functions of a TypeScript callback in a helper the page lacks.
  await page.evaluate(ARM_TIMERS);
  await button.click();
}

async function marks(page: Page, needed: string): Promise<Record<string, number>> {
  const reached = page.evaluate(
    (key) => (window as unknown as { __whenMark: (name: string) => Promise<void> }).__whenMark(key),
    needed,
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => {
      fail(new Error(`No ${needed} within ${String(STEP_TIMEOUT_MS)} ms`));
    }, STEP_TIMEOUT_MS);
  });
  await Promise.race([reached, late]).finally(() => {
    clearTimeout(timer);
  });
  const found = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
  if (args.trace) await printTrace(page, found);
  return found;
}

/** With --trace: every request made after the click, with its start and end relative to the click. */
async function printTrace(page: Page, found: Record<string, number>): Promise<void> {
  const click = found.click ?? 0;
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: entry.name,
      start: entry.startTime,
      end: entry.responseEnd,
    })),
  );
  void entries;
  const origin = await page.evaluate(() => performance.timeOrigin);
  const lines = (requestLog.get(page) ?? []).map((line) => {
    const [start = '0', duration = '0', ...rest] = line.split(' ');
    const begin = Number(start) - origin - click;
    return `  ${fixed(begin, 0).padStart(6)} → ${fixed(begin + Number(duration), 0).padStart(6)}  ${rest.join(' ')}`;
  });
  lines.push(`  media events: ${String((found as unknown as { events: string[] }).events)}`);
  const stops = Object.entries(found)
    .map(([key, value]) => `${key} ${fixed(value - click, 0)}`)
    .join(', ');
  console.log(`trace (ms after the click): ${stops}\n${lines.join('\n')}`);
}

/** A bare <video> given a URL at t0: milliseconds to its first frame. */
async function bareFirstFrame(page: Page, url: string): Promise<number> {
  return page.evaluate(
    (src) =>
      new Promise<number>((done, fail) => {
        const video = document.createElement('video');
        video.muted = true;
        video.playsInline = true;
        document.body.append(video);
        const t0 = performance.now();
        video.requestVideoFrameCallback(() => {
          done(performance.now() - t0);
          video.remove();
        });
        video.addEventListener('error', () => {
          fail(new Error(video.error?.message ?? 'video error'));
        });
        video.src = src;
        video.play().catch(fail);
      }),
    url,
  );
}

/** A bare <audio> given a URL at t0: milliseconds to its time advancing, and its media events. */
async function bareAudio(page: Page, url: string): Promise<{ ms: number; events: string[] }> {
  return page.evaluate(
    (src) =>
      new Promise<{ ms: number; events: string[] }>((done, fail) => {
        const audio = document.createElement('audio');
        const events: string[] = [];
        const t0 = performance.now();
        for (const type of ['loadstart', 'loadedmetadata', 'loadeddata', 'canplay', 'playing']) {
          audio.addEventListener(type, () => {
            events.push(`${type} ${String(Math.round(performance.now() - t0))}`);
          });
        }
        // As in the app's measure: the media time polled every few milliseconds from 'playing' on (an
        // anonymous callback: tsx would wrap a named one in a helper the page lacks).
        audio.addEventListener(
          'playing',
          () => {
            const timer = setInterval(() => {
              if (audio.currentTime <= 0) return;
              clearInterval(timer);
              done({ ms: performance.now() - t0, events });
              audio.pause();
              audio.removeAttribute('src');
            }, 4);
          },
          { once: true },
        );
        audio.addEventListener('error', () => {
          fail(new Error(audio.error?.message ?? 'audio error'));
        });
        audio.src = src;
        audio.play().catch(fail);
      }),
    url,
  );
}

async function signIn(context: BrowserContext, base: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel(/email/i).fill(MEMBER.email);
  await page.getByLabel(/password/i).fill(MEMBER.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: STEP_TIMEOUT_MS });
  await page.close();
}

async function initialJavaScript(browser: Browser, base: string) {
  const context = await browser.newContext();
  await signIn(context, base);
  const page = await context.newPage();
  await throttle(page);
  const scripts: { url: string; bytes: number }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response
      .body()
      .then((body) => scripts.push({ url: new URL(response.url()).pathname, bytes: body.length }))
      .catch(() => undefined);
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await context.close();
  const forbidden = scripts.filter((script) => PLAYER_CHUNKS.test(script.url));
  return { scripts, forbidden, bytes: scripts.reduce((sum, script) => sum + script.bytes, 0) };
}

async function main(): Promise<void> {
  const port = await freePort();
  const secret = randomBytes(32).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-player-'));
  const server = await startServer(port, secret, dataDir);
  const base = `http://streamhub.localhost:${String(port)}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required', '--disable-quic'],
  });
  try {
    // How fast and how quiet the machine is (issue 19), read before the server is busy with this run.
    const cpu = await readCpu(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
    console.log(describeCpu(cpu));

    const initial = await initialJavaScript(browser, base);

    const context = await browser.newContext();
    await signIn(context, base);
    const setup = await context.newPage();
    await setup.goto(`${base}/`);
    const audiobook = await firstTitle(setup, 'audiobook', 60);
    const film = await firstTitle(setup, 'movie', 36);
    await setup.close();

    // The progressive MP4 of the demo film, signed with the run's key for 10 minutes.
    const mp4 = signedMediaPath(
      new TextEncoder().encode(secret),
      { root: 'demo', scope: ['video', 'fractal-tides.mp4'], expires: Math.floor(Date.now() / 1000) + 600 },
      ['video', 'fractal-tides.mp4'],
    );

    // Its HLS playlist, signed for its folder as the server signs it (the app may never request the
    // playlist itself: the server hands out its text with the URL).
    const hls = signedMediaPath(
      new TextEncoder().encode(secret),
      { root: 'demo', scope: ['video', 'fractal-tides'], expires: Math.floor(Date.now() / 1000) + 600 },
      ['video', 'fractal-tides', 'index.m3u8'],
    );

    const audio = { playing: [] as number[], advancing: [] as number[], bare: [] as number[] };
    const video = { app: [] as number[], bareHls: [] as number[], bareMp4: [] as number[] };
    for (let run = 0; run < RUNS; run += 1) {
      const page = await context.newPage();
      await throttle(page);
      await pressPlay(page, base, 'audiobook', audiobook, 'Listen');
      const heard = await marks(page, 'advancing');
      audio.playing.push((heard.playing ?? Number.NaN) - (heard.click ?? Number.NaN));
      audio.advancing.push((heard.advancing ?? Number.NaN) - (heard.click ?? Number.NaN));
      // The same file on a bare <audio>, in the same page and run: the format's and network's share.
      const audioUrl = await page.evaluate(() =>
        document.querySelector('.player audio')?.getAttribute('src'),
      );
      await page.getByRole('button', { name: 'Close the player' }).click();
      if (audioUrl) {
        const bare = await bareAudio(page, audioUrl);
        audio.bare.push(bare.ms);
        if (args.trace) console.log(`bare audio: ${fixed(bare.ms, 0)} ms; ${bare.events.join(', ')}`);
      }
      await page.close();

      const moviePage = await context.newPage();
      await throttle(moviePage);
      await pressPlay(moviePage, base, 'movie', film, 'Watch');
      const seen = await marks(moviePage, 'frame');
      video.app.push((seen.frame ?? Number.NaN) - (seen.click ?? Number.NaN));
      await moviePage.getByRole('button', { name: 'Close the player' }).click();
      // The same film as progressive MP4 and as HLS on a bare <video>, in the same page and run.
      video.bareMp4.push(await bareFirstFrame(moviePage, mp4));
      video.bareHls.push(await bareFirstFrame(moviePage, hls));
      await moviePage.close();
    }
    await context.close();

    const audioMs = median(audio.advancing);
    const hlsMs = median(video.app);
    const mp4Ms = median(video.bareMp4);
    const ratio = hlsMs / mp4Ms;
    const audioRatio = audioMs / median(audio.bare);
    const noise = noiseReasons(cpu);
    const rows = [
      [
        'audio: click → playing',
        fixed(audio.playing[0] ?? Number.NaN, 0),
        fixed(median(audio.playing), 0),
        '',
      ],
      [
        'audio: click → time advancing',
        fixed(audio.advancing[0] ?? Number.NaN, 0),
        fixed(audioMs, 0),
        verdict(audioMs <= AUDIO_TARGET_MS, `<= ${String(AUDIO_TARGET_MS)} ms`),
      ],
      [
        'audio: bare <audio>, same file',
        fixed(audio.bare[0] ?? Number.NaN, 0),
        fixed(median(audio.bare), 0),
        '',
      ],
      ['audio: app / bare <audio>', '', fixed(audioRatio, 2), ''],
      [
        'video: click → first frame (app, HLS)',
        fixed(video.app[0] ?? Number.NaN, 0),
        fixed(hlsMs, 0),
        verdict(hlsMs <= HLS_TARGET_MS, `<= ${String(HLS_TARGET_MS)} ms`),
      ],
      [
        'video: bare <video>, HLS playlist',
        fixed(video.bareHls[0] ?? Number.NaN, 0),
        fixed(median(video.bareHls), 0),
        '',
      ],
      ['video: bare <video>, progressive MP4', fixed(video.bareMp4[0] ?? Number.NaN, 0), fixed(mp4Ms, 0), ''],
      [
        'app HLS / progressive MP4',
        '',
        fixed(ratio, 2),
        verdict(ratio <= HLS_MAX_RATIO, `<= ${String(HLS_MAX_RATIO)}x`),
      ],
    ];
    const cpuNote = CPU_SLOWDOWN > 1 ? `, CPU slowed ${String(CPU_SLOWDOWN)}x` : '';
    console.log(
      `player start-up, ${String(RUNS)} runs, Chromium throttled to 10 Mbps and 40 ms${cpuNote} (ms)`,
    );
    console.log(
      formatTable(['measure', 'cold', 'median', 'target'], rows, ['left', 'right', 'right', 'left']),
    );
    console.log(
      `\nJavaScript loaded by a first visit to / (signed in): ${String(initial.scripts.length)} files, ${fixed(initial.bytes / 1000)} kB as sent`,
    );
    console.log(
      verdict(
        initial.forbidden.length === 0,
        initial.forbidden.length === 0
          ? 'no hls.js, foliate-js or player chunk before playback'
          : `loaded before playback: ${initial.forbidden.map((script) => script.url).join(', ')}`,
      ),
    );
    if (noise.length > 0) {
      console.log('\nNOT JUDGED: the machine was too noisy for these figures to mean anything:');
      for (const reason of noise) console.log(`  - ${reason}`);
    }
    const file = writeResults('player-startup', {
      machine: machineInfo(),
      cpu,
      judged: noise.length === 0,
      noise,
      runs: RUNS,
      throttle: THROTTLE,
      cpuSlowdown: CPU_SLOWDOWN,
      audiobook,
      film,
      audioMs: audio,
      videoMs: video,
      medians: { audioMs, bareAudioMs: median(audio.bare), audioRatio, hlsMs, mp4Ms, ratio },
      initialJavaScript: initial,
    });
    console.log(`\nresults: ${file}`);
    const pass =
      audioMs <= AUDIO_TARGET_MS &&
      hlsMs <= HLS_TARGET_MS &&
      ratio <= HLS_MAX_RATIO &&
      initial.forbidden.length === 0;
    if (args.check) process.exitCode = noise.length > 0 ? 2 : pass ? 0 : 1;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
