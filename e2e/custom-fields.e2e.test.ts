import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type EndpointDefinition, endpoints } from '@hookline/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let app: RunningApp;
let browser: Browser;
let page: Page;
let files: string;

const card = (name: string) => page.getByRole('article', { name, exact: true });
const toast = (text: string) => page.locator('.mantine-Notification-description').getByText(text).first();
const fieldRow = (name: string) =>
  page
    .getByTestId('field-row')
    .filter({ has: page.getByTestId('field-name').getByText(name, { exact: true }) });

/** A brand-scoped read with the page's session, for the brand the page shows. */
async function api<T>(endpoint: EndpointDefinition, query?: Record<string, unknown>): Promise<T> {
  const params = new URL(page.url()).searchParams;
  const scope = { accountId: params.get('accountId'), brandId: params.get('brandId') };
  return (await TestApi.of(page, app.url)).call<T>(endpoint, { params: scope, ...(query ? { query } : {}) });
}

interface Field {
  id: string;
  name: string;
  options: { id: string; label: string }[];
}

beforeAll(async () => {
  files = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-e2e-fields-'));
  await sharp({ create: { width: 960, height: 540, channels: 3, background: { r: 18, g: 120, b: 200 } } })
    .jpeg()
    .toFile(path.join(files, 'market shot.jpg'));
  app = await startApp();
  browser = await openBrowser();
  page = browser.page;
  const { email, password } = app.demo();
  await signInThroughPage(page, app.url, email, password);
  // The demo fields (Campaign, Agency) arrive with the demo media.
  await app.demoMedia();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await fs.rm(files, { recursive: true, force: true });
});

describe('custom fields journeys', () => {
  it('the Custom fields tab lists the demo fields', async () => {
    await page.goto(`${app.url}/library/assets`);
    await page.getByRole('link', { name: 'Tag management' }).click();
    await page.getByRole('tab', { name: 'Custom fields' }).click();
    await fieldRow('Campaign').waitFor();
    await fieldRow('Agency').waitFor();
    expect(await fieldRow('Campaign').getByTestId('field-type').textContent()).toBe('Single select');
    expect(await page.getByTestId('field-name').allTextContents()).toEqual(['Campaign', 'Agency']);
    await screenshot(page, 'custom-fields-tab');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('creates a required single select field', async () => {
    await page.getByRole('button', { name: 'New field' }).click();
    const dialog = page.getByRole('dialog', { name: 'New custom field' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Market');
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Single select' }).click();
    const first = dialog.getByRole('textbox', { name: 'Option 1' });
    await first.fill('US');
    await first.press('Enter');
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill('EU');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Where the ad runs');
    const required = dialog.getByRole('switch', { name: /Required on upload/ });
    await required.check();
    expect(await required.isChecked()).toBe(true);
    await screenshot(page, 'custom-fields-create');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast('Field created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await fieldRow('Market').getByTestId('field-required').waitFor();
    expect(await fieldRow('Market').getByTestId('field-meta').textContent()).toBe(
      '2 options · No values yet',
    );

    // Moved to the top of the list.
    await fieldRow('Market').getByRole('button', { name: 'Move Market up' }).click();
    await fieldRow('Market').getByRole('button', { name: 'Move Market up' }).click();
    await expect
      .poll(() => page.getByTestId('field-name').allTextContents())
      .toEqual(['Market', 'Campaign', 'Agency']);
    await screenshot(page, 'custom-fields-created');
  });

  it('an upload asks for the required field before the file starts; the file carries the value', async () => {
    await page.goto(`${app.url}/library/assets`);
    await page.getByTestId('upload-drop-zone').waitFor();
    const batches: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/assets/batch')) batches.push(request.postData() ?? '');
    });

    // Cancelling uploads nothing.
    await page.getByTestId('upload-files-input').setInputFiles(path.join(files, 'market shot.jpg'));
    let dialog = page.getByRole('dialog', { name: 'Before you upload' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(batches).toEqual([]);
    expect(await card('market shot.jpg').count()).toBe(0);

    await page.getByTestId('upload-files-input').setInputFiles(path.join(files, 'market shot.jpg'));
    dialog = page.getByRole('dialog', { name: 'Before you upload' });
    await dialog.getByText('These values go on the file of this upload.').waitFor();
    const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
    expect(await upload.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Market' }).click();
    await page.getByRole('option', { name: 'EU' }).click();
    await dialog.getByRole('button', { name: 'Other fields (2)' }).click();
    await dialog.getByRole('textbox', { name: 'Agency' }).fill('Northwind');
    await screenshot(page, 'custom-fields-upload-dialog');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(batches).toEqual([]);
    await upload.click();
    await dialog.waitFor({ state: 'detached' });
    await card('market shot.jpg').locator('img').waitFor({ timeout: 60_000 });
    expect(batches).toHaveLength(1);

    const fields = await api<Field[]>(endpoints.customFields.list);
    const market = fields.find((field) => field.name === 'Market')!;
    const agency = fields.find((field) => field.name === 'Agency')!;
    const eu = market.options.find((option) => option.label === 'EU')!;
    expect(JSON.parse(batches[0]!).customFields).toEqual({ [market.id]: eu.id, [agency.id]: 'Northwind' });
    const items = await api<{ name: string; customFields: Record<string, unknown> }[]>(
      endpoints.library.listAssets,
      { parentId: 'root', limit: 200 },
    );
    const uploaded = items.find((item) => item.name === 'market shot.jpg');
    expect(uploaded?.customFields).toEqual({ [market.id]: eu.id, [agency.id]: 'Northwind' });
    await screenshot(page, 'custom-fields-uploaded');
  });

  it("edits field values in the player's info tab", async () => {
    await card('market shot.jpg').getByTestId('asset-name').click();
    const player = page.getByTestId('media-player');
    await player.getByRole('tab', { name: 'Info' }).click();
    const fieldsPanel = player.getByTestId('player-fields');
    const market = fieldsPanel.getByRole('combobox', { name: 'Market' });
    await market.waitFor();
    expect(await market.inputValue()).toBe('EU');
    const agency = fieldsPanel.getByRole('textbox', { name: 'Agency' });
    expect(await agency.inputValue()).toBe('Northwind');

    const saves = () =>
      page.waitForResponse(
        (response) => /\/assets\/[^/]+$/.test(response.url()) && response.request().method() === 'PUT',
      );
    let saved = saves();
    await market.click();
    await page.getByRole('option', { name: 'US' }).click();
    expect((await saved).status()).toBe(200);

    saved = saves();
    await agency.fill('Contoso Creative');
    await agency.press('Enter');
    expect((await saved).status()).toBe(200);

    saved = saves();
    await fieldsPanel.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: 'Holiday' }).click();
    expect((await saved).status()).toBe(200);
    await screenshot(page, 'custom-fields-player-info');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A reload shows what was saved.
    await page.reload();
    const reloaded = page.getByTestId('media-player').getByTestId('player-fields');
    await reloaded.getByRole('textbox', { name: 'Agency' }).waitFor();
    expect(await reloaded.getByRole('combobox', { name: 'Market' }).inputValue()).toBe('US');
    expect(await reloaded.getByRole('textbox', { name: 'Agency' }).inputValue()).toBe('Contoso Creative');
    expect(await reloaded.getByRole('combobox', { name: 'Campaign' }).inputValue()).toBe('Holiday');
  });
});
