import { messages } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeBrand,
  type Browser,
  openBrowser,
  type RunningApp,
  screenshot,
  startApp,
} from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('platform journeys', () => {
  it('an unknown route shows Page not found with a link home that works', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/no/such/page`);
    await page.getByRole('heading', { name: messages.notFound.title }).waitFor();
    await screenshot(page, 'platform-not-found');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Home needs sign-in: the link leads to the sign-in page, which leads home.
    await page.getByRole('link', { name: messages.notFound.home }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const { email, password } = app.demo();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await activeBrand(page).waitFor();
    expect(await activeBrand(page).textContent()).toContain('Demo Brand');
    await screenshot(page, 'platform-home');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('the general error page renders', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/general-error`);
    await page.getByRole('heading', { name: messages.generalError.title }).waitFor();
    await screenshot(page, 'platform-general-error');
  });

  it('/api/docs shows the API documentation', async () => {
    const { page } = browser;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/api/docs`);
    await page.getByText('Hookline API').first().waitFor();
    // Sections start collapsed (a document of this size listed whole stops rendering): every
    // group is there, and one opens on a click.
    await page.locator('.opblock-tag', { hasText: 'ai-analysis' }).waitFor();
    await page.locator('.opblock-tag', { hasText: /^jobs/ }).click();
    await page.locator('.opblock-summary-path', { hasText: '/api/jobs' }).first().waitFor();
    await screenshot(page, 'platform-api-docs');
    expect(errors).toEqual([]);
  });
});
