/**
 * The web client in Chromium (issue 20), on the production build served by the server:
 * - a cold load of the library page (signed in, empty cache): initial JS and CSS (raw, and
 *   gzipped from the build's .gz files), request count, first and largest contentful paint,
 *   also with the CPU slowed 4×;
 * - a folder of BENCH_WEB_FILES (10,000) files: the time to scroll-load 2,000, then DOM
 *   elements and JS heap after 2,000 and after all of them;
 * - interaction latency with everything loaded: selecting a card (click → selected state
 *   painted) and opening the player (double-click → player painted; first and second open).
 * Prints the issue's budgets beside the figures. Builds the web app first (vite).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page, Request } from 'playwright-core';
import { openBrowser, signInThroughPage, startApp } from '../e2e/support/app.js';
import { seedLargeFolder } from '../e2e/support/seed.js';
import { envInt } from './lib/env.js';
import { repoRoot } from './lib/paths.js';
import { runToCompletion } from './lib/processes.js';
import { round } from './lib/stats.js';
import type { Cell } from './lib/table.js';
import type { Bench, BenchContext } from './lib/types.js';

const BUDGET = { jsGzipKb: 200, cssGzipKb: 40, requests: 20, dom: 3_000, heapMb: 150, interactionMs: 100 };
const distDir = path.join(repoRoot, 'apps', 'web', 'dist');

interface ColdLoad {
  requests: number;
  jsRawKb: number;
  jsGzipKb: number;
  cssRawKb: number;
  cssGzipKb: number;
  fcpMs: number;
  lcpMs: number;
  jsFiles: string[];
  /** Fetched after the first render, once the page was idle (the player's code). */
  idleJsGzipKb: number;
  /** API calls of the cold load, and how many rounds they took (a call after an answer it may need). */
  apiCalls: number;
  apiRounds: number;
  apiTimeline: string[];
}

/**
 * Rounds of API calls: a call that starts after another call's answer came in may have
 * waited for it, so it is in a later round than that one.
 */
function rounds(calls: { start: number; end: number }[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const round: number[] = [];
  sorted.forEach((call, i) => {
    let r = 1;
    for (let j = 0; j < i; j++) if (sorted[j]!.end <= call.start) r = Math.max(r, round[j]! + 1);
    round.push(r);
  });
  return Math.max(0, ...round);
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const fileName = (n: number) => `clip ${String(n).padStart(5, '0')}.mp4`;
const kb = (bytes: number) => round(bytes / 1024, 1);

/** Size of the build's gzip copy of a served asset (the raw size when none was made). */
function gzipSize(url: string): { raw: number; gzip: number } {
  const file = path.join(distDir, new URL(url).pathname);
  const raw = fs.existsSync(file) ? fs.statSync(file).size : 0;
  const gz = `${file}.gz`;
  return { raw, gzip: fs.existsSync(gz) ? fs.statSync(gz).size : raw };
}

async function coldLoad(page: Page, cdp: CDPSession, url: string, readyName: string): Promise<ColdLoad> {
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests: string[] = [];
  const onRequest = (request: { url(): string }) => requests.push(request.url());
  page.on('request', onRequest);
  // When the page asked (the request event: before the browser queues it for a connection;
  // Chromium opens at most 6 per host over HTTP/1.1) and when the answer had arrived, both
  // by this process's clock as the events arrive.
  const api: { path: string; start: number; end: number }[] = [];
  const asked = new Map<Request, number>();
  const onAsked = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) asked.set(request, Date.now());
  };
  page.on('request', onAsked);
  const onFinished = (request: Request) => {
    const url = new URL(request.url());
    const start = asked.get(request);
    if (start === undefined) return;
    api.push({ path: url.pathname, start, end: Date.now() });
  };
  page.on('requestfinished', onFinished);
  await page.goto('about:blank');
  await page.goto(url);
  await card(page, readyName).waitFor();
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  page.off('requestfinished', onFinished);
  page.off('request', onAsked);
  // What the first render needed; what the page fetched once idle (the player, the menus'
  // code...) is apart: requests the page started after its first card was in the document, by
  // the page's own clock (Playwright sees the card later than the page shows it).
  const late = new Set(
    await page.evaluate(() => {
      const shownAt = (window as { firstCardAt?: number }).firstCardAt ?? Number.POSITIVE_INFINITY;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime > shownAt)
        .map((entry) => entry.name);
    }),
  );
  const idle = requests.filter((u) => late.has(u));
  requests.splice(0, requests.length, ...requests.filter((u) => !late.has(u)));
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const paints = await page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number }>((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ fcp, lcp }), 100);
      }),
  );
  const js = requests.filter((u) => new URL(u).pathname.endsWith('.js')).map(gzipSize);
  const css = requests.filter((u) => new URL(u).pathname.endsWith('.css')).map(gzipSize);
  const sum = (list: { raw: number; gzip: number }[], key: 'raw' | 'gzip') =>
    list.reduce((total, item) => total + item[key], 0);
  return {
    requests: requests.filter((u) => u.startsWith('http')).length,
    jsRawKb: kb(sum(js, 'raw')),
    jsGzipKb: kb(sum(js, 'gzip')),
    cssRawKb: kb(sum(css, 'raw')),
    cssGzipKb: kb(sum(css, 'gzip')),
    fcpMs: round(paints.fcp),
    lcpMs: round(paints.lcp),
    jsFiles: requests.filter((u) => u.endsWith('.js')).map((u) => path.basename(new URL(u).pathname)),
    apiRounds: rounds(api),
    apiTimeline: api
      .sort((a, b) => a.start - b.start)
      .map(
        (call) =>
          `${Math.round(call.start - api[0]!.start)}–${Math.round(call.end - api[0]!.start)} ms ${call.path}`,
      ),
    apiCalls: api.length,
    idleJsGzipKb: kb(sum(idle.filter((u) => new URL(u).pathname.endsWith('.js')).map(gzipSize), 'gzip')),
  };
}

/** DOM elements and the JS heap after a garbage collection. */
async function footprint(page: Page, cdp: CDPSession): Promise<{ dom: number; heapMb: number }> {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
  return { dom, heapMb: round(heap.usedSize / 2 ** 20, 1) };
}

/** Scrolls the library a screen at a time until the card of file `n` is in the DOM. */
async function scrollUntil(page: Page, n: number, timeoutMs: number): Promise<number> {
  const started = performance.now();
  const body = page.getByTestId('library-body');
  while ((await card(page, fileName(n)).count()) === 0) {
    if (performance.now() - started > timeoutMs) throw new Error(`file ${n} did not load in time`);
    await body.evaluate((el) => el.scrollBy(0, el.clientHeight));
    await page.waitForTimeout(16);
  }
  return performance.now() - started;
}

/**
 * Time from a DOM event on the element to the frame after the change it causes: measured in
 * the page, so Playwright's own round trips are not counted.
 */
async function interaction(
  page: Page,
  selector: string,
  event: 'click' | 'dblclick',
  doneSelector: string,
): Promise<number> {
  // Plain JavaScript in a string: tsx would wrap named functions of a callback in a helper
  // (__name) that the page does not have.
  const script = `new Promise((resolve, reject) => {
    const target = document.querySelector(${JSON.stringify(selector)});
    if (!target) return reject(new Error('no target'));
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if (!document.querySelector(${JSON.stringify(doneSelector)})) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - started));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    target.dispatchEvent(new MouseEvent(${JSON.stringify(event)}, { bubbles: true, cancelable: true, view: window }));
    setTimeout(() => reject(new Error('no change after the event')), 30000);
  })`;
  return page.evaluate(script) as Promise<number>;
}

async function run(context: BenchContext) {
  const files = envInt('BENCH_WEB_FILES', 10_000);
  context.progress('web: building the web app (vite)');
  await runToCompletion(
    process.execPath,
    [path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: path.join(repoRoot, 'apps', 'web'),
      timeoutMs: 300_000,
    },
  );
  let seeded: Awaited<ReturnType<typeof seedLargeFolder>> | undefined;
  const app = await startApp({ LOG_LEVEL: 'warn' }, async (dataDir) => {
    seeded = await seedLargeFolder(dataDir, files);
  });
  const browser = await openBrowser();
  try {
    const library = seeded!;
    const page = browser.page;
    const cdp = await browser.context.newCDPSession(page);
    // The page's own clock of when its first card was in the document (coldLoad's split).
    // (A string: tsx's name helpers in a serialised function do not exist in the page.)
    await page.addInitScript(`{
      const observer = new MutationObserver(() => {
        if (!document.querySelector('article')) return;
        window.firstCardAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    }`);
    await signInThroughPage(page, app.url, library.email, library.password);
    const folderUrl = `${app.url}/library/assets/${library.folderId}`;

    context.progress('web: cold loads of the library page');
    // The page's address as the app shows it (with the brand: what a reload or a link opens).
    await page.goto(folderUrl);
    await card(page, fileName(1)).waitFor();
    const pageUrl = page.url();
    const cold = await coldLoad(page, cdp, pageUrl, fileName(1));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slow = await coldLoad(page, cdp, pageUrl, fileName(1));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    context.progress(`web: scroll-loading 2,000 of ${files.toLocaleString('en-US')} files`);
    await page.goto(folderUrl);
    await card(page, fileName(1)).waitFor();
    const scroll2000Ms = await scrollUntil(page, Math.min(2_000, files), 600_000);
    const at2000 = await footprint(page, cdp);
    context.progress('web: scroll-loading the rest');
    const scrollAllMs = await scrollUntil(page, files, 1_800_000);
    const atAll = await footprint(page, cdp);

    context.progress('web: interaction latency');
    const visible = `[data-testid="asset-card"][aria-label="${fileName(files - 2)}"]`;
    const selectMs = await interaction(
      page,
      `${visible} input[type="checkbox"]`,
      'click',
      `${visible}[data-selected]`,
    );
    await page.keyboard.press('Escape');
    const openFirstMs = await interaction(page, visible, 'dblclick', '[data-testid="media-player"]');
    await page.keyboard.press('Escape');
    await page.getByTestId('media-player').waitFor({ state: 'detached' });
    const openAgainMs = await interaction(page, visible, 'dblclick', '[data-testid="media-player"]');
    await page.keyboard.press('Escape');
    return {
      files,
      cold,
      slow,
      scroll2000Ms,
      at2000,
      scrollAllMs,
      atAll,
      selectMs,
      openFirstMs,
      openAgainMs,
    };
  } finally {
    await browser.close();
    await app.stop();
  }
}

const verdict = (value: number, budget: number) => (value <= budget ? 'ok' : 'OVER');

export const web: Bench = {
  name: 'web',
  description: 'the library page in Chromium: bundle, requests, paints, 10,000-asset grid, interactions',
  async run(context: BenchContext) {
    const r = await run(context);
    const n = r.files.toLocaleString('en-US');
    const rows: Cell[][] = [
      [
        'initial JS, gzipped (KB)',
        r.cold.jsGzipKb,
        `≤ ${BUDGET.jsGzipKb}`,
        verdict(r.cold.jsGzipKb, BUDGET.jsGzipKb),
      ],
      ['initial JS, raw (KB)', r.cold.jsRawKb, '', ''],
      [
        'CSS, gzipped (KB)',
        r.cold.cssGzipKb,
        `≤ ${BUDGET.cssGzipKb}`,
        verdict(r.cold.cssGzipKb, BUDGET.cssGzipKb),
      ],
      ['CSS, raw (KB)', r.cold.cssRawKb, '', ''],
      [
        'requests (cold load)',
        r.cold.requests,
        `≤ ${BUDGET.requests}`,
        verdict(r.cold.requests, BUDGET.requests),
      ],
      ['API calls of the cold load', r.cold.apiCalls, '', ''],
      ['API rounds of the cold load', r.cold.apiRounds, '1', verdict(r.cold.apiRounds, 1)],
      ['first contentful paint (ms)', r.cold.fcpMs, '', ''],
      ['largest contentful paint (ms)', r.cold.lcpMs, '', ''],
      ['first contentful paint, CPU 4× slower (ms)', r.slow.fcpMs, '', ''],
      ['largest contentful paint, CPU 4× slower (ms)', r.slow.lcpMs, '', ''],
      ['scroll-load 2,000 files (s)', round(r.scroll2000Ms / 1000, 1), '', ''],
      ['DOM elements, 2,000 loaded', r.at2000.dom, `< ${BUDGET.dom}`, verdict(r.at2000.dom, BUDGET.dom - 1)],
      ['JS heap, 2,000 loaded (MB)', r.at2000.heapMb, '', ''],
      [`scroll-load all ${n} files (s)`, round(r.scrollAllMs / 1000, 1), '', ''],
      [`DOM elements, ${n} loaded`, r.atAll.dom, `< ${BUDGET.dom}`, verdict(r.atAll.dom, BUDGET.dom - 1)],
      [
        `JS heap, ${n} loaded (MB)`,
        r.atAll.heapMb,
        `< ${BUDGET.heapMb}`,
        verdict(r.atAll.heapMb, BUDGET.heapMb),
      ],
      [
        'select a card (ms)',
        round(r.selectMs),
        `≤ ${BUDGET.interactionMs}`,
        verdict(r.selectMs, BUDGET.interactionMs),
      ],
      [
        'open the player, first time (ms)',
        round(r.openFirstMs),
        `≤ ${BUDGET.interactionMs}`,
        verdict(r.openFirstMs, BUDGET.interactionMs),
      ],
      [
        'open the player again (ms)',
        round(r.openAgainMs),
        `≤ ${BUDGET.interactionMs}`,
        verdict(r.openAgainMs, BUDGET.interactionMs),
      ],
    ];
    const over = rows.filter((row) => row[3] === 'OVER').map((row) => row[0]);
    return {
      table: { columns: ['figure', 'value', 'budget', ''], rows },
      summary: `web: JS ${r.cold.jsGzipKb} KB gz, CSS ${r.cold.cssGzipKb} KB gz, ${r.cold.requests} requests, LCP ${r.cold.lcpMs} ms (${r.slow.lcpMs} ms at 4× CPU); ${n} files: ${r.atAll.dom} DOM elements, ${r.atAll.heapMb} MB heap; select ${round(r.selectMs)} ms, open ${round(r.openAgainMs)} ms${over.length ? `; over budget: ${over.join(', ')}` : '; every budget met'}`,
      notes: [
        `initial JS files: ${r.cold.jsFiles.join(', ')}`,
        'gzipped sizes are the build’s .gz copies; the server sends Brotli where the browser accepts it (smaller)',
        `initial = until the first card shows; then, once idle, the page prefetched ${r.cold.idleJsGzipKb} KB gz of JS (the player)`,
      ],
      data: r,
    };
  },
};
