import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { endpoints, type Integration } from '@hookline/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaBinaries } from '../apps/server/dist/platform/media/binaries.js';
import { synthesizeVideo } from '../apps/server/dist/platform/media/synthetic-media.js';
import { TestApi } from './support/api.js';
import {
  type Browser,
  openBrowser,
  type RunningApp,
  screenshot,
  signInThroughPage,
  startApp,
} from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';

/**
 * The Meta integration (issue #14): Settings → Integrations on a server without Meta (the
 * not-configured notice, the demo connection's ad account, Pages and issue, the Ads Manager
 * import, Upload to Meta asking for a real connection); then a server pointed at the fake
 * Graph API: connecting through Meta's dialog and back, choosing the ad account to sync and
 * watching it sync, uploading two library videos to Meta, and the 'integration incomplete'
 * warning once no default ad account is left.
 */

/**
 * The fake Graph API (apps/server/test/fake-graph.ts), loaded at run time: a static import
 * would make `tsc -p e2e` check that file under e2e's DOM lib, where FormData is not
 * iterable. What this journey reads of it:
 */
interface FakeGraph {
  env: Record<string, string>;
  calls: { method: string; path: string }[];
  state: {
    adAccounts: { id: string; name: string }[];
    uploads: Map<string, { state: 'open' | 'finished' | 'cancelled'; accountId: string }>;
  };
  close(): Promise<void>;
}
async function startFakeGraph(options: {
  adsPerAccount?: [number, number];
  campaignsPerAccount?: number;
  prepareMedia?: boolean;
}): Promise<FakeGraph> {
  const file = path.resolve(import.meta.dirname, '../apps/server/test/fake-graph.ts');
  const fake = (await import(pathToFileURL(file).href)) as {
    startFakeGraph(o: typeof options): Promise<FakeGraph>;
  };
  return fake.startFakeGraph(options);
}

const card = (p: Page, name: string) => p.getByRole('article', { name, exact: true });
const toast = (p: Page, text: string | RegExp) =>
  p.locator('.mantine-Notification-root').filter({ hasText: text });
const days = (n: number) => {
  const date = new Date(Date.now() - n * 86_400_000);
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** The Meta integration of the signed-in user's brand, as the API answers it. */
async function metaOf(p: Page, url: string): Promise<Integration | null> {
  const client = await TestApi.of(p, url);
  const [brand] = await client.call<{ id: string; accountId: string }[]>(endpoints.brands.list);
  if (!brand) throw new Error('the user has no brand');
  const list = await client.call<Integration[]>(endpoints.integrations.list, {
    params: { accountId: brand.accountId, brandId: brand.id },
  });
  return list.find((item) => item.vendor === 'FACEBOOK') ?? null;
}

/**
 * The settings pages scroll inside the main area, so a full-page screenshot stops at the
 * window: a taller window for this one, to see the whole page.
 */
async function tallScreenshot(p: Page, name: string) {
  const size = p.viewportSize();
  await p.setViewportSize({ width: size?.width ?? 1440, height: 1500 });
  try {
    await screenshot(p, name);
  } finally {
    if (size) await p.setViewportSize(size);
  }
}

/** Waits until a notice or dialog has finished fading in (its and its wrappers' opacity 1), for a screenshot. */
async function shown(notice: Locator) {
  await notice.waitFor();
  await expect
    .poll(() =>
      notice.evaluate((element) => {
        let opacity = 1;
        for (let node: Element | null = element; node; node = node.parentElement)
          opacity *= Number(getComputedStyle(node).opacity);
        return opacity;
      }),
    )
    .toBe(1);
}

/** Selects library items by their card's checkbox. */
async function select(p: Page, names: string[]) {
  for (const name of names) await p.getByRole('checkbox', { name: `Select ${name}` }).check({ force: true });
}

async function openFolder(p: Page, name: string) {
  await card(p, name).getByTestId('asset-name').click();
  await p.getByTestId('page-title').filter({ hasText: name }).waitFor();
}

describe('Meta on a server without a Meta app (the demo workspace)', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let files: string;

  beforeAll(async () => {
    files = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-meta-import-'));
    app = await startApp();
    browser = await openBrowser();
    page = browser.page;
    const { email, password } = app.demo();
    // The demo's Meta connection is made with the demo media.
    await app.demoMedia();
    await signInThroughPage(page, app.url, email, password);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (files) await fs.rm(files, { recursive: true, force: true });
  });

  it('Settings → Integrations: three cards; Meta says it is not configured and Connect is disabled', async () => {
    await page.goto(`${app.url}/settings`);
    await page.getByRole('tab', { name: 'Integrations' }).click();
    await page.waitForURL(/\/settings\/integrations(\?|$)/);
    const meta = page.getByTestId('integration-card-facebook');
    await meta.waitFor();
    await page.getByTestId('integration-card-google_drive').waitFor();
    await page.getByTestId('integration-card-dropbox').waitFor();
    const notice = meta.getByTestId('not-configured');
    await notice.waitFor();
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('Meta is not configured on this server');
    expect(text).toContain('FACEBOOK_APP_ID');
    expect(text).toContain('FACEBOOK_APP_SECRET');
    const connect = meta.getByRole('button', { name: 'Connect' });
    expect(await connect.getAttribute('aria-disabled')).toBe('true');
    // Clicking it opens nothing (aria-disabled: Playwright would wait for it to be enabled).
    await connect.click({ force: true });
    await screenshot(page, 'integrations-tab');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("the Meta settings page shows the demo ad account, the demo Pages and the demo's open issue", async () => {
    await page.getByTestId('integration-card-facebook').getByRole('link', { name: 'Meta settings' }).click();
    await page.waitForURL(/\/settings\/integrations\/facebook/);
    await page.getByTestId('meta-settings').waitFor();
    const row = page.getByTestId('ad-account-row').filter({ hasText: 'Demo Brand — Meta Ads' });
    await row.waitFor();
    expect(await row.getByRole('checkbox').isChecked()).toBe(true);
    await row.getByText('Active').waitFor();
    expect(await row.getByRole('radio').isChecked()).toBe(true);
    await page.getByTestId('sync-status').getByTestId('account-sync').first().waitFor();
    await tallScreenshot(page, 'meta-ad-accounts');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Pages' }).click();
    const pages = page.getByTestId('pages-list');
    await pages.getByText('Demo Brand', { exact: true }).waitFor();
    await pages.getByText('Demo Brand Skincare', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('pages');

    const issues = new URL(page.url());
    issues.searchParams.set('tab', 'issues');
    await page.goto(issues.toString());
    const issue = page.getByTestId('issue-card');
    await issue.waitFor();
    await issue.getByText('Missing access to a Page').waitFor();
    expect(await page.getByTestId('issue-card').count()).toBe(1);
    await screenshot(page, 'meta-issues');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('imports a daily Ads Manager export and shows the rows read and imported', async () => {
    const header =
      'Day,Campaign name,Ad set name,Ad name,Amount spent (USD),Impressions,Link clicks,Purchases,Purchases conversion value';
    const rows = [
      `${days(3)},Spring sale,Broad,Hook A,12.50,4000,80,3,150.00`,
      `${days(2)},Spring sale,Broad,Hook A,10.00,3500,70,2,90.00`,
      `${days(2)},Spring sale,Lookalike,Hook B,8.25,2100,31,1,45.50`,
      `${days(1)},Spring sale,Lookalike,Hook B,9.75,2600,40,0,0`,
    ];
    const file = path.join(files, 'ads-manager-daily.csv');
    await fs.writeFile(file, `${[header, ...rows].join('\n')}\n`);

    await page.getByRole('tab', { name: 'Ad accounts' }).click();
    const importCard = page.getByTestId('ad-export-import');
    await importCard.waitFor();
    const chooser = page.waitForEvent('filechooser');
    await importCard.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles(file);
    const result = importCard.getByTestId('import-result');
    await result.waitFor({ timeout: 30_000 });
    await result.getByText('Imported ads-manager-daily.csv').waitFor();
    // Rows read, imported, skipped: 4, 4, 0.
    expect(await result.textContent()).toMatch(/Rows read\s*4\s*Imported\s*4\s*Skipped\s*0/);
    expect(await importCard.getByTestId('import-error').count()).toBe(0);
    await tallScreenshot(page, 'meta-import');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('Upload to Meta with only the demo connection, its default ad account cleared, asks to connect Meta', async () => {
    // The demo connection without a default ad account: its only account turned off on the Meta page.
    await page.goto(`${app.url}/settings/integrations/facebook`);
    const row = page.getByTestId('ad-account-row').filter({ hasText: 'Demo Brand — Meta Ads' });
    await row.getByRole('checkbox').uncheck();
    expect(await row.getByRole('radio').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Integration saved').waitFor();
    const meta = await metaOf(page, app.url);
    expect(meta?.isDemo).toBe(true);
    expect(meta?.metadata.adAccountId).toBeNull();

    await page.goto(`${app.url}/library/assets`);
    await openFolder(page, 'Campaigns');
    await openFolder(page, 'Summer 2026');
    await card(page, 'Summer launch 16x9.mp4').waitFor();
    await select(page, ['Summer launch 16x9.mp4']);
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Upload to Meta' }).click();
    // The demo has no token: nothing can go to Meta before a real connection.
    const prompt = page.getByTestId('upload-to-meta-connect');
    await prompt.waitFor();
    await prompt.getByText(/needs the brand's Meta connection/).waitFor();
    await shown(prompt);
    await screenshot(page, 'meta-upload-demo-connect-prompt');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await prompt.waitFor({ state: 'detached' });
  });
});

describe('Meta on a server pointed at the fake Graph API', () => {
  let fake: FakeGraph;
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let files: string;

  beforeAll(async () => {
    files = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-meta-videos-'));
    const { ffmpeg } = resolveMediaBinaries({});
    for (const [name, sound] of [
      ['Hook one.mp4', 330],
      ['Hook two.mp4', 550],
    ] as const)
      await synthesizeVideo(ffmpeg, path.join(files, name), {
        seconds: 6,
        width: 360,
        height: 640,
        fps: 15,
        sound,
        preset: 'ultrafast',
      });
    fake = await startFakeGraph({ adsPerAccount: [8, 2], campaignsPerAccount: 2, prepareMedia: true });
    app = await startApp(fake.env);
    browser = await openBrowser();
    page = browser.page;
    const { email, password } = app.demo();
    // Connecting replaces the demo's connection: wait until it is there.
    await app.demoMedia();
    await signInThroughPage(page, app.url, email, password);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await fake?.close();
    if (files) await fs.rm(files, { recursive: true, force: true });
  });

  it("connects through Meta's dialog, then syncs the ad account chosen", async () => {
    await page.goto(`${app.url}/settings/integrations`);
    const metaCard = page.getByTestId('integration-card-facebook');
    await metaCard.getByText('Demo data').waitFor();
    expect(await metaCard.getByTestId('not-configured').count()).toBe(0);
    await metaCard.getByRole('button', { name: 'Connect' }).click();
    const modal = page.getByRole('dialog', { name: 'Connect Meta' });
    await modal.getByText(/This window goes to Meta/).waitFor();
    expect(await modal.getByRole('checkbox', { name: /Remove the demo ad account/ }).isChecked()).toBe(true);
    await shown(modal);
    await screenshot(page, 'meta-connect-modal');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Continue: the window goes to the fake's dialog, which sends it back with code and state.
    const returned = page.waitForURL((url) => url.pathname === '/settings/integrations/facebook', {
      timeout: 30_000,
    });
    await modal.getByRole('button', { name: 'Continue to Meta' }).click();
    await returned;
    expect(fake.calls.some((call) => call.path === '/dialog/oauth')).toBe(true);
    await toast(page, 'Integration connected').waitFor({ timeout: 30_000 });
    await page.getByTestId('meta-settings').waitFor();
    await page.waitForURL((url) => !url.searchParams.has('code') && !url.searchParams.has('state'));
    await page.getByText('Connected as Jordan Meta').waitFor();

    // The fake's ad accounts, none enabled yet, and the warning to choose.
    const store = page.getByTestId('ad-account-row').filter({ hasText: 'Hookline Test Store' });
    await store.waitFor();
    await page.getByTestId('ad-account-row').filter({ hasText: 'Old EU Store' }).waitFor();
    expect(await page.getByTestId('ad-account-row').filter({ hasText: 'Demo Brand' }).count()).toBe(0);
    await page.getByText('Choose the ad accounts to sync').waitFor();
    expect(await store.getByRole('checkbox').isChecked()).toBe(false);
    await screenshot(page, 'meta-connected');

    await store.getByRole('checkbox').check();
    await store.getByRole('radio').check();
    expect(await store.getByRole('radio').isChecked()).toBe(true);
    await page.getByLabel('Sync start date').fill(days(4));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Integration saved').waitFor();

    // The sync status: the account, then up to date with rows synced (the fake answers at once).
    const sync = page.getByTestId('account-sync').filter({ hasText: 'Hookline Test Store' });
    await sync.waitFor();
    await sync.getByText('Up to date').waitFor({ timeout: 60_000 });
    await expect
      .poll(
        async () =>
          Number((await sync.textContent())?.match(/Rows synced\s*([\d,]+)/)?.[1]?.replace(/,/g, '')),
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0);
    await tallScreenshot(page, 'meta-connected-synced');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('uploads two library videos to Meta from the bulk bar', async () => {
    await page.goto(`${app.url}/library/assets`);
    await page.getByRole('button', { name: 'New folder' }).first().click();
    await page.getByRole('textbox', { name: 'Folder name' }).fill('For Meta');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await openFolder(page, 'For Meta');
    await page
      .getByTestId('upload-files-input')
      .first()
      .setInputFiles([path.join(files, 'Hook one.mp4'), path.join(files, 'Hook two.mp4')]);
    await card(page, 'Hook one.mp4').locator('img').waitFor({ timeout: 90_000 });
    await card(page, 'Hook two.mp4').locator('img').waitFor({ timeout: 90_000 });

    await select(page, ['Hook one.mp4', 'Hook two.mp4']);
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Upload to Meta' }).click();
    const picker = page.getByTestId('upload-to-meta-picker');
    await picker.waitFor();
    await picker.getByText('2 videos are uploaded to the ad account you choose').waitFor();
    const account = picker.getByRole('combobox', { name: 'Ad account' });
    expect(await account.inputValue()).toMatch(/^Hookline Test Store · act_\d+ · Default for publishing$/);
    await shown(picker);
    await screenshot(page, 'meta-upload-picker');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await picker.getByRole('button', { name: 'Upload' }).click();
    await picker.waitFor({ state: 'detached' });

    // The progress notice, then the success notice.
    await shown(toast(page, 'Uploading 2 videos to Meta'));
    await screenshot(page, 'meta-upload-progress');
    await toast(page, 'Videos uploaded to Meta').waitFor({ timeout: 60_000 });
    await shown(toast(page, 'Videos uploaded to Meta'));
    await screenshot(page, 'meta-upload-done');
    const finished = [...fake.state.uploads.values()].filter((upload) => upload.state === 'finished');
    expect(finished).toHaveLength(2);
    const storeId = fake.state.adAccounts.find((a) => a.name === 'Hookline Test Store')!.id;
    expect(finished.every((upload) => upload.accountId === storeId)).toBe(true);
  });

  it("warns 'integration incomplete' once no default ad account is left", async () => {
    await page.goto(`${app.url}/settings/integrations/facebook`);
    const store = page.getByTestId('ad-account-row').filter({ hasText: 'Hookline Test Store' });
    await store.waitFor();
    // Turning the only enabled account off leaves no default.
    await store.getByRole('checkbox').uncheck();
    expect(await store.getByRole('radio').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Integration saved').waitFor();
    const meta = await metaOf(page, app.url);
    expect(meta?.metadata.adAccountId).toBeNull();

    await page.goto(`${app.url}/library/assets`);
    await openFolder(page, 'For Meta');
    await select(page, ['Hook one.mp4']);
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Upload to Meta' }).click();
    await shown(
      toast(page, 'Integration incomplete: choose a default ad account in the Meta settings first'),
    );
    expect(await page.getByTestId('upload-to-meta-picker').count()).toBe(0);
    await screenshot(page, 'meta-upload-incomplete');
  });
});
