import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
export const artifactsDir = path.join(root, 'e2e/artifacts');

export interface RunningApp {
  url: string;
  dataDir: string;
  output(): string;
  /** The demo credentials the first start prints once. */
  demo(): { email: string; password: string };
  /** Resolves once the demo workspace's sample media is in (it is made after start-up). */
  demoMedia(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the built server on a temporary DATA_DIR and a free port, as `npm start` would. */
export async function startApp(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<RunningApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-e2e-'));
  await prepare?.(dataDir);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    output: () => output,
    demo() {
      const line = output.split('\n').find((l) => l.includes('Demo workspace created'));
      if (!line) throw new Error(`no demo credentials in the log:\n${output}`);
      const { email, password } = JSON.parse(line) as { email: string; password: string };
      return { email, password };
    },
    async demoMedia() {
      const deadline = Date.now() + 120_000;
      while (!output.includes('demo media added')) {
        if (Date.now() > deadline) throw new Error(`the demo media did not arrive:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium through playwright-core (architecture §7), on a fresh profile. */
export async function openBrowser(): Promise<Browser> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The create-user command against a DATA_DIR (run before the server starts on it). */
export function createUserCommand(
  dataDir: string,
  args: string[],
): { accountId: string; brandId: string; userId: string } {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'apps/server/dist/cli/create-user.js'), ...args],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  if (result.status !== 0) throw new Error(`create-user failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as { accountId: string; brandId: string; userId: string };
}

export interface SignedInWorld {
  app: RunningApp;
  browser: Browser;
  page: Page;
  /** The user's account and brand. */
  scope: { accountId: string; brandId: string };
}

/**
 * A server started on a fresh DATA_DIR with one user made by the create-user command (so no
 * demo workspace), and a browser signed in as them. `prepare` writes more into the data
 * folder before the server starts (a plan, a second user).
 */
export async function startSignedIn(
  user: { email: string; password: string; firstName: string; lastName: string },
  options: {
    env?: Record<string, string>;
    prepare?: (dataDir: string, scope: SignedInWorld['scope']) => Promise<void>;
  } = {},
): Promise<SignedInWorld> {
  let scope: SignedInWorld['scope'] | undefined;
  const app = await startApp(options.env, async (dataDir) => {
    const made = createUserCommand(dataDir, [
      '--email',
      user.email,
      '--password',
      user.password,
      '--first-name',
      user.firstName,
      '--last-name',
      user.lastName,
    ]);
    scope = { accountId: made.accountId, brandId: made.brandId };
    await options.prepare?.(dataDir, scope);
  });
  const browser = await openBrowser();
  await signInThroughPage(browser.page, app.url, user.email, user.password);
  return { app, browser, page: browser.page, scope: scope! };
}

/** Signs in through the sign-in page like a person. */
export async function signInThroughPage(
  page: Page,
  url: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await activeBrand(page).waitFor();
}

/** The active brand in the sidebar: the switcher (several brands) or the plain label (one). */
export const activeBrand = (page: Page) =>
  page.locator('[data-testid="active-brand-name"], [data-testid="active-brand"]').first();

/**
 * Drags one card onto another with the mouse as a person would: past the 15 px start
 * distance in steps, then a hover long enough (500 ms) to mark the target before the drop.
 * `whileOver` runs while hovering the target (a screenshot of the drop state).
 *
 * The grid may still be settling (a refetch adds a card, thumbnails arrive) when the drag
 * starts, so the cards' boxes are read once they hold still, and the pointer follows the
 * target until the app marks it as hovered (`data-drop-over`) before letting go.
 */
export async function dragOnto(
  page: Page,
  source: Locator,
  target: Locator,
  whileOver?: () => Promise<unknown>,
): Promise<void> {
  const from = await settledBox(page, source);
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 3 };
  await page.mouse.move(start.x, start.y);
  // The drag-and-drop code loads on demand (when idle, or when a card is pointed at): press
  // only once the item is bound, as a person's pointer would have rested on it first.
  await page.waitForFunction(
    (element) =>
      element?.closest('[data-drag-ready]') !== null || element?.querySelector('[data-drag-ready]'),
    await source.elementHandle(),
    { timeout: 10_000 },
  );
  await page.mouse.down();
  let to = await settledBox(page, target);
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(
      start.x + ((to.x + to.width / 2 - start.x) * step) / 10,
      start.y + ((to.y + to.height / 3 - start.y) * step) / 10,
    );
  }
  for (let tries = 0; tries < 20; tries++) {
    if ((await target.getAttribute('data-drop-over')) !== null) break;
    await page.waitForTimeout(100);
    to = await settledBox(page, target);
    await page.mouse.move(to.x + to.width / 2 + (tries % 2), to.y + to.height / 3);
  }
  await page.waitForTimeout(600);
  await whileOver?.();
  await page.mouse.up();
}

/** The element's box once two reads 100 ms apart agree (up to 3 s). */
async function settledBox(page: Page, element: Locator) {
  let last = await element.boundingBox();
  for (let tries = 0; tries < 30; tries++) {
    await page.waitForTimeout(100);
    const box = await element.boundingBox();
    if (box && last && box.x === last.x && box.y === last.y && box.width === last.width) return box;
    last = box;
  }
  if (!last) throw new Error('element not laid out');
  return last;
}
