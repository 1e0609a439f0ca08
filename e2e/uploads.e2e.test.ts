import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaBinaries } from '../apps/server/dist/platform/media/binaries.js';
import { synthesizeVideo } from '../apps/server/dist/platform/media/synthetic-media.js';
import {
  type Browser,
  dragOnto,
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
const toast = (text: string | RegExp) => page.getByText(text).first();

async function makeFiles(dir: string) {
  const { ffmpeg } = resolveMediaBinaries({});
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 112, g: 72, b: 232 } } })
    .jpeg()
    .toFile(path.join(dir, 'photo.jpg'));
  await synthesizeVideo(ffmpeg, path.join(dir, 'clip.mp4'), { seconds: 6, width: 640, height: 360, fps: 25 });
  await fs.writeFile(path.join(dir, 'notes.xyz'), 'not a media file');
  // A folder to upload: Shoot/Day 1/frame.png and Shoot/plan.csv, plus junk that is left out.
  await fs.mkdir(path.join(dir, 'Shoot', 'Day 1'), { recursive: true });
  await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 20, g: 160, b: 120 } } })
    .png()
    .toFile(path.join(dir, 'Shoot', 'Day 1', 'frame.png'));
  await fs.writeFile(path.join(dir, 'Shoot', 'plan.csv'), 'week,budget\n1,100\n2,250\n');
  await fs.writeFile(path.join(dir, 'Shoot', '.DS_Store'), 'junk');
}

/** Drops files from the computer onto an element, as the browser does for a real drag. */
async function dropFiles(target: string, names: string[]) {
  const payload = await Promise.all(
    names.map(async (name) => ({
      name,
      data: (await fs.readFile(path.join(files, name))).toString('base64'),
    })),
  );
  await page.evaluate(
    async ({ selector, payload }) => {
      const element = document.querySelector(selector)!;
      const transfer = new DataTransfer();
      for (const file of payload) {
        const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name));
      }
      for (const type of ['dragenter', 'dragover', 'drop']) {
        element.dispatchEvent(
          new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
        );
      }
    },
    { selector: target, payload },
  );
}

async function openFolder(name: string) {
  await card(name).getByTestId('asset-name').click();
  await page.getByTestId('page-title').filter({ hasText: name }).waitFor();
}

beforeAll(async () => {
  files = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-e2e-files-'));
  await makeFiles(files);
  app = await startApp();
  browser = await openBrowser();
  page = browser.page;
  const { email, password } = app.demo();
  await app.demoMedia();
  await signInThroughPage(page, app.url, email, password);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await fs.rm(files, { recursive: true, force: true });
});

describe('uploads journeys', () => {
  it('shows the demo media with thumbnails', async () => {
    await page.goto(`${app.url}/library/assets`);
    await openFolder('Campaigns');
    await openFolder('Summer 2026');
    await card('Summer hero.jpg').locator('img').waitFor();
    await card('Summer launch 16x9.mp4').locator('img').waitFor();
    await screenshot(page, 'uploads-demo-media');
  });

  it('drags files onto the library, shows progress, then thumbnails and a summary', async () => {
    await page.goto(`${app.url}/library/assets`);
    await page.getByRole('button', { name: 'New folder' }).first().click();
    await page.getByRole('textbox', { name: 'Folder name' }).fill('Drops');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await openFolder('Drops');
    await dropFiles('[data-testid="upload-drop-zone"]', ['photo.jpg', 'clip.mp4', 'notes.xyz']);
    await page.getByTestId('upload-progress').waitFor();
    await screenshot(page, 'uploads-progress');
    await toast('Some files were not uploaded').waitFor({ timeout: 30_000 });
    await toast(/notes\.xyz \(unsupported type\)/).waitFor();
    await card('photo.jpg').locator('img').waitFor({ timeout: 60_000 });
    await card('clip.mp4').locator('img').waitFor({ timeout: 60_000 });
    await screenshot(page, 'uploads-done');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('warns when nothing dropped can be uploaded', async () => {
    await dropFiles('[data-testid="upload-drop-zone"]', ['notes.xyz']);
    await toast('These files cannot be uploaded').waitFor();
  });

  it('uploads a folder: its folders first, then the files into them, junk left out', async () => {
    await page.getByTestId('upload-folder-input').setInputFiles(path.join(files, 'Shoot'));
    await card('Shoot').waitFor({ timeout: 30_000 });
    await toast('Upload complete').waitFor({ timeout: 30_000 });
    await openFolder('Shoot');
    await card('Day 1').waitFor();
    await card('plan.csv').waitFor();
    expect(await card('.DS_Store').count()).toBe(0);
    await openFolder('Day 1');
    await card('frame.png').locator('img').waitFor({ timeout: 60_000 });
    await page.getByTestId('breadcrumbs').getByRole('link', { name: 'Drops' }).click();
    await card('clip.mp4').waitFor();
  });

  it('plays the video and walks the files with the arrow keys', async () => {
    await card('clip.mp4').getByTestId('asset-name').click();
    const video = page.locator('video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toContain('/api/storage/object');
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5);
    await screenshot(page, 'uploads-player-video');
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('player-stage').locator('img').waitFor();
    expect(page.url()).not.toContain('clip.mp4');
    await page.keyboard.press('ArrowLeft');
    await page.locator('video').waitFor();
  });

  it('makes a GIF from the video', async () => {
    await page
      .getByTestId('media-player')
      .getByRole('button', { name: /Actions for clip\.mp4/ })
      .click();
    await page.getByRole('menuitem', { name: 'Create GIF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create GIF' });
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await dialog.locator('img').waitFor({ timeout: 60_000 });
    await screenshot(page, 'uploads-gif');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Escape again closes the player.
    await page.keyboard.press('Escape');
    await page.getByTestId('media-player').waitFor({ state: 'detached' });
  });

  it('renames a file keeping its extension and drags it into a folder', async () => {
    await card('photo.jpg').hover();
    await card('photo.jpg').getByRole('button', { name: 'Actions for photo.jpg' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Cover');
    await page.getByRole('button', { name: 'Save' }).click();
    await card('Cover.jpg').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await dragOnto(page, card('Cover.jpg'), card('Shoot'));
    await toast('Asset moved').waitFor();
    await card('Cover.jpg').waitFor({ state: 'detached' });
  });

  it('downloads the folder as a zip', async () => {
    await card('Shoot').hover();
    await card('Shoot').getByRole('checkbox').click();
    await card('clip.mp4').getByRole('checkbox').click();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Download' }).click();
    await toast('Generating zip file').waitFor();
    await screenshot(page, 'uploads-zip');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    const saved = path.join(files, 'download.zip');
    await file.saveAs(saved);
    const listing = execFileSync('python3', [
      '-c',
      `import zipfile,sys;print("\\n".join(sorted(zipfile.ZipFile(sys.argv[1]).namelist())))`,
      saved,
    ])
      .toString()
      .trim()
      .split('\n');
    expect(listing).toEqual(['Shoot/Cover.jpg', 'Shoot/Day 1/frame.png', 'Shoot/plan.csv', 'clip.mp4']);
  });
});
