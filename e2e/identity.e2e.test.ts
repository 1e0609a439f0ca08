import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeBrand,
  type Browser,
  createUserCommand,
  openBrowser,
  type RunningApp,
  screenshot,
  signInThroughPage,
  startApp,
} from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { newestMailLink } from './support/outbox.js';

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

/** A fresh browser context per journey: nobody is signed in. */
async function freshPage() {
  await browser.context.clearCookies();
  const page = browser.page;
  await page.goto(`${app.url}/signin`);
  await page.evaluate(() => localStorage.clear());
  return page;
}

describe('identity journeys', () => {
  it('sign up → open the verification mail → verify → onboarding → home', async () => {
    const page = await freshPage();
    const email = 'new.founder@example.com';
    await page.goto(`${app.url}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Full name').fill('Nia Founder');
    await page.getByLabel(/^Password/).fill('founder-pass');
    await page.getByLabel('Confirm password').fill('founder-pass');
    await screenshot(page, 'identity-signup-step2');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await screenshot(page, 'identity-check-inbox');

    const link = await newestMailLink(app.dataDir, email, '/email-verification');
    await page.goto(`${app.url}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Tell us about your company' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Company name').fill('Founder Foods');
    await page.getByRole('combobox', { name: 'Industry' }).click();
    await page.getByRole('option', { name: 'Food & Beverage' }).click();
    await page.getByLabel('Website').fill('founderfoods.com');
    await screenshot(page, 'identity-onboarding');
    await page.getByRole('button', { name: 'Get started' }).click();
    await activeBrand(page).waitFor();
    expect(await activeBrand(page).textContent()).toContain('Founder Foods');
    await screenshot(page, 'identity-home-after-onboarding');
  });

  it('the verification link opened in another browser asks for the password before it signs in', async () => {
    const page = await freshPage();
    const email = 'other.device@example.com';
    await page.goto(`${app.url}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Full name').fill('Oda Device');
    await page.getByLabel(/^Password/).fill('signup-pass');
    await page.getByLabel('Confirm password').fill('signup-pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    // Another browser: none of the sign-up's cookies (someone may have signed up with this address).
    await browser.context.clearCookies();
    const link = await newestMailLink(app.dataDir, email, '/email-verification');
    await page.goto(`${app.url}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'identity-verify-choose-password');
    await page.getByLabel(/^Password/).fill('owner-pass');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('heading', { name: 'Tell us about your company' }).waitFor();
  });

  it('admin invites a teammate → the teammate accepts from the mail → signed in', async () => {
    const page = await freshPage();
    const { email, password } = app.demo();
    await signInThroughPage(page, app.url, email, password);
    await page.getByRole('button', { name: /^Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Team members' }).waitFor();
    await page.getByRole('button', { name: 'Invite user' }).click();
    await page.getByLabel('First name').fill('Theo');
    await page.getByLabel('Last name').fill('Mate');
    await page.getByRole('dialog').getByLabel('Email').fill('theo@example.com');
    await screenshot(page, 'identity-invite-modal');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent').first().waitFor();
    await page.getByTestId('team-members-table').getByText('theo@example.com').waitFor();
    await screenshot(page, 'identity-team-members');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const link = await newestMailLink(app.dataDir, 'theo@example.com', '/invitation');
    const teammate = await freshPage();
    await teammate.goto(`${app.url}${link.pathname}${link.search}`);
    await teammate.getByLabel(/^Password/).fill('theo-password');
    await screenshot(teammate, 'identity-accept-invitation');
    await teammate.getByRole('button', { name: 'Accept invitation' }).click();
    await activeBrand(teammate).waitFor();
    expect(await activeBrand(teammate).textContent()).toContain('Demo Brand');
  });

  it('forgot password → reset from the mail → signed in with the new password', async () => {
    const page = await freshPage();
    await page.goto(`${app.url}/forgot-password`);
    await page.getByLabel('Email').fill('theo@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('theo@example.com').first().waitFor();
    await screenshot(page, 'identity-forgot-sent');

    const link = await newestMailLink(app.dataDir, 'theo@example.com', '/reset-password');
    await page.goto(`${app.url}${link.pathname}${link.search}`);
    await page
      .getByLabel(/^New password/)
      .first()
      .fill('theo-new-password');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await activeBrand(page).waitFor();

    // The new password works on a fresh sign-in.
    const again = await freshPage();
    await signInThroughPage(again, app.url, 'theo@example.com', 'theo-new-password');
  });
});

describe('brand switching', () => {
  let two: RunningApp;
  const email = 'switcher@example.com';
  const password = 'switcher-pass';

  beforeAll(async () => {
    two = await startApp({}, async (dataDir) => {
      const first = createUserCommand(dataDir, [
        '--email',
        email,
        '--password',
        password,
        '--first-name',
        'Sam',
        '--brand',
        'Alpha Goods',
      ]);
      createUserCommand(dataDir, [
        '--email',
        'helper@example.com',
        '--account-id',
        first.accountId,
        '--brand',
        'Beta Goods',
      ]);
    });
  });
  afterAll(async () => {
    await two?.stop();
  });

  it('a user with two brands switches between them', async () => {
    const page = browser.page;
    await browser.context.clearCookies();
    await signInThroughPage(page, two.url, email, password);
    const before = await page.getByTestId('active-brand-name').textContent();
    await page.getByRole('button', { name: /^Switch brand/ }).click();
    await screenshot(page, 'identity-brand-switcher');
    const target = before === 'Alpha Goods' ? 'Beta Goods' : 'Alpha Goods';
    await page.getByRole('option', { name: target }).click();
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="active-brand-name"]')?.textContent === name,
      target,
    );
    expect(new URL(page.url()).searchParams.get('brandId')).toBeTruthy();
    await screenshot(page, 'identity-brand-switched');
  });
});
