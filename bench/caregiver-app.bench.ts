/// <reference lib="dom" />
/**
 * Benchmark of the caregiver app (issue "caregiver app", "Performance"):
 *   1. Initial JavaScript of /app, gzipped (target <= 200 KB): the entry script of the built index.html with its
 *      static imports, and the JavaScript the browser actually fetched for a cold /app until the schedule showed;
 *      sizes are gzip -9 of the built files (node:zlib).
 *   2. With Chromium's mobile emulation over CDP (Fast 3G: 1.6 Mbps down, 750 kbps up, 150 ms RTT; 4x CPU
 *      slowdown): the time until the schedule shows cold (empty HTTP cache, no service worker; target 2.5 s) and
 *      from the offline cache (second load with the service worker and the encrypted cache, network off; target
 *      1 s). Baseline in the same run: a cold /login until its form shows, under the same emulation. Each is taken
 *      twice: in the page, from its navigation start to the first frame that draws the schedule (or the form), as
 *      the person sees it (the targets are judged on it); and around Playwright's goto and wait, which adds the
 *      polling of its own script on the same slowed CPU.
 *
 *   npm run bench:app
 *
 * Builds the web app into a temporary directory of its own (never apps/web/dist, which `npm start` and the e2e
 * flows serve), starts its own server on a free port on that build (WEB_DIST) with a temporary DATA_DIR (the demo
 * agency is seeded there), runs Debian's Chromium, and removes both directories afterwards.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
/** This run's own build of the web app (a temporary directory, removed at the end). */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-app-web-'));
const TARGETS = { initialJsKb: 200, coldMs: 2500, offlineMs: 1000 };
const RUNS = 3;

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** The entry script of index.html and every module it imports statically, recursively (relative imports). */
function staticEntryModules(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/rel="modulepreload"[^>]+href="([^"]+)"/g),
  ]
    .map((m) => m[1]!)
    .filter((src) => src.endsWith('.js'));
  const seen = new Set<string>();
  const queue = entries.map((src) => path.join(dist, src));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    // Static imports only ("import ... from" / "import '...'"), not import() of lazy routes.
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.join(path.dirname(file), m[1]!));
    }
  }
  return [...seen];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it answered`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The server did not start within ${timeoutMs} ms`);
}

/** Fast 3G and a 4x slower CPU on the page (Chromium DevTools presets). */
async function emulateMobile(page: Page, offline = false): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Runs in every page before its own code: notes (window.__shownAt, ms since the navigation start) the first
 * animation frame after `selector` matches, the frame that draws it.
 */
function watchFirstFrameWith(selector: string): void {
  const w = window as unknown as { __shownAt?: number };
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      w.__shownAt = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** The in-page time noted by watchFirstFrameWith, once there. */
async function shownAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as unknown as { __shownAt?: number }).__shownAt);
  return (await handle.jsonValue()) as number;
}

async function run(): Promise<void> {
  execSync(`npx vite build --outDir ${JSON.stringify(dist)} --emptyOutDir --logLevel warn`, {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });

  const entryFiles = staticEntryModules();
  const entryGzip = entryFiles.reduce((sum, f) => sum + gzipSize(f), 0);

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-app-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      SIGN_IN_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    await waitForHealth(baseUrl, server, 180_000);
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/username`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ username: 'caregiver', password: 'Hearth-demo-1!' }),
    });
    const token = signIn.headers.get('set-auth-token');
    if (!token) throw new Error(`Sign-in failed: ${signIn.status} ${await signIn.text()}`);

    const newContext = async (): Promise<BrowserContext> => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript((t) => window.localStorage.setItem('hearth.token', t), token);
      await context.addInitScript(watchFirstFrameWith, 'article[data-shift-id]');
      return context;
    };

    const loginMs: number[] = [];
    const coldMs: number[] = [];
    const offlineMs: number[] = [];
    const inPage = { login: [] as number[], cold: [] as number[], offline: [] as number[] };
    const fetchedJs = new Set<string>();
    const wireBytes = { all: 0, js: 0, responses: 0 };
    for (let run = 0; run < RUNS; run++) {
      // Baseline: a cold /login (no token) until its form shows.
      const loginContext = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, isMobile: true });
      await loginContext.addInitScript(watchFirstFrameWith, 'form button[type="submit"]');
      const loginPage = await loginContext.newPage();
      await emulateMobile(loginPage);
      let t0 = performance.now();
      await loginPage.goto('/login');
      await loginPage.getByRole('button', { name: 'Sign in' }).waitFor();
      loginMs.push(performance.now() - t0);
      inPage.login.push(await shownAt(loginPage));
      await loginContext.close();

      // Cold /app: fresh context (no HTTP cache, no service worker, no local cache).
      const context = await newContext();
      const page = await context.newPage();
      const js: string[] = [];
      // Body bytes as transferred (compressed when the server compressed them), until the schedule shows.
      const wire: Promise<{ js: boolean; bytes: number }>[] = [];
      let shown = false;
      page.on('response', (r) => {
        if (shown || !r.url().startsWith(baseUrl)) return;
        const isJs = r.url().endsWith('.js');
        if (isJs) js.push(new URL(r.url()).pathname);
        wire.push(
          r
            .request()
            .sizes()
            .then((s) => ({ js: isJs, bytes: s.responseBodySize }))
            .catch(() => ({ js: isJs, bytes: 0 })),
        );
      });
      await emulateMobile(page);
      t0 = performance.now();
      await page.goto('/app');
      await page.locator('article[data-shift-id]').first().waitFor();
      coldMs.push(performance.now() - t0);
      shown = true;
      inPage.cold.push(await shownAt(page));
      if (run === 0) {
        for (const p of js) fetchedJs.add(p);
        for (const { js: isJs, bytes } of await Promise.all(wire)) {
          wireBytes.all += bytes;
          if (isJs) wireBytes.js += bytes;
        }
        wireBytes.responses = wire.length;
      }

      // Second load from the offline cache: wait for the service worker and the saved schedule window, go offline.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('cache');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('entries')) return resolve(false);
              const keys = db.transaction('entries').objectStore('entries').getAllKeys();
              keys.onsuccess = () => resolve(keys.result.some((k) => String(k).includes(':shifts:')));
              keys.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
        undefined,
        { timeout: 60_000 },
      );
      await context.setOffline(true);
      const cached = await context.newPage();
      await emulateMobile(cached, true);
      await page.close();
      t0 = performance.now();
      await cached.goto('/app');
      await cached.locator('article[data-shift-id]').first().waitFor();
      offlineMs.push(performance.now() - t0);
      inPage.offline.push(await shownAt(cached));
      await context.close();
    }

    const fetchedFiles = [...fetchedJs].map((p) => path.join(dist, p)).filter((f) => fs.existsSync(f));
    const fetchedGzip = fetchedFiles.reduce((sum, f) => sum + gzipSize(f), 0);
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER TARGET');
    console.log('\nCaregiver app (/app), Chromium mobile emulation: Fast 3G (1.6 Mbps / 750 kbps / 150 ms RTT), CPU 4x');
    console.log(
      `  initial JS, entry + static imports (${entryFiles.length} files): ${kb(entryGzip)} KB gzip  (target <= ${TARGETS.initialJsKb} KB) ${verdict(entryGzip / 1024 <= TARGETS.initialJsKb)}`,
    );
    console.log(
      `  JS fetched for a cold /app until the schedule shows (${fetchedFiles.length} files): ${kb(fetchedGzip)} KB gzip  ${verdict(fetchedGzip / 1024 <= TARGETS.initialJsKb)}`,
    );
    console.log(
      `  transferred for a cold /app until the schedule shows (${wireBytes.responses} responses): ${kb(wireBytes.all)} KB, of which JS ${kb(wireBytes.js)} KB`,
    );
    const runs = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
    const line = (label: string, values: number[], wall: number[], target?: number) => {
      const judged = target === undefined ? '' : `  target ${target} ms ${verdict(median(values) <= target)}`;
      const ratio = `${(median(values) / median(inPage.login)).toFixed(2)}x login`;
      console.log(
        `  ${label.padEnd(46)} median ${median(values).toFixed(0)} ms (${ratio}; runs ${runs(values)})${judged}\n` +
          `  ${''.padEnd(46)} around Playwright: median ${median(wall).toFixed(0)} ms (runs ${runs(wall)})`,
      );
    };
    line('baseline: cold /login until the form shows', inPage.login, loginMs);
    line('cold /app until the schedule shows', inPage.cold, coldMs, TARGETS.coldMs);
    line('offline /app from the SW and local cache', inPage.offline, offlineMs, TARGETS.offlineMs);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  await run();
} finally {
  fs.rmSync(dist, { recursive: true, force: true });
}
