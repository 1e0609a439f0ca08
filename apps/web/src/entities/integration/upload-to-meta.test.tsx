import type { Integration } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';
import { acmeEu, acmeUs, integrationRoutes, makeAdAccount, makeJob, makeMeta } from './test/fixtures';

const hook = makeAsset({ name: 'Hook A.mp4' });
const cutdown = makeAsset({ name: 'Cutdown 15s.mp4' });
const still = makeAsset({ name: 'Key visual.png', type: 'IMAGE' });

function setup(list: Integration[], extra: Record<string, FetchHandler> = {}) {
  const network = signIn({
    routes: { ...libraryRoutes([hook, cutdown, still]), ...integrationRoutes({ list }), ...extra },
  });
  return { ...renderApp('/library/assets'), network };
}

async function selectVideos(user: ReturnType<typeof setup>['user']) {
  await screen.findByRole('article', { name: 'Hook A.mp4' }, { timeout: 5000 });
  await user.click(screen.getByRole('checkbox', { name: 'Select Hook A.mp4' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Cutdown 15s.mp4' }));
  return within(await screen.findByTestId('bulk-bar')).getByRole('button', { name: 'Upload to Meta' });
}

describe('upload to Meta', () => {
  it('is offered for videos only', async () => {
    const { user } = setup([makeMeta()]);
    await selectVideos(user);
    await user.click(screen.getByRole('checkbox', { name: 'Select Key visual.png' }));
    expect(
      within(await screen.findByTestId('bulk-bar')).queryByRole('button', { name: 'Upload to Meta' }),
    ).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Actions for Key visual.png' }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Upload to Meta' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Hook A.mp4' }));
    expect(await screen.findByRole('menuitem', { name: 'Upload to Meta' })).toBeTruthy();
  });

  it('without a Meta connection it asks to connect, with a way to Integrations', async () => {
    const { user, router, network } = setup([makeMeta({ isDemo: true })]);
    await user.click(await selectVideos(user));
    const prompt = await screen.findByTestId('upload-to-meta-connect', {}, { timeout: 5000 });
    expect(within(prompt).getByText(/needs the brand's Meta connection/)).toBeTruthy();
    await user.click(within(prompt).getByRole('button', { name: 'Open Integrations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations'));
    expect(network.requests.some((r) => r.url.pathname.endsWith('bulk-publish-to-ad-platform'))).toBe(false);
  });

  it('connected without a default ad account: the integration-incomplete warning', async () => {
    const { user } = setup([makeMeta({}, { adAccountId: null })]);
    await user.click(await selectVideos(user));
    expect(
      await screen.findByText(
        'Integration incomplete: choose a default ad account in the Meta settings first',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('picks among the enabled ad accounts (the default preselected), publishes and follows the job to its notice', async () => {
    const eu = { ...acmeEu, enabled: true };
    const closed = makeAdAccount({ id: 'act_1003', name: 'Old brand', enabled: false });
    let polls = 0;
    const { user, network } = setup(
      [makeMeta({}, { adAccounts: [acmeUs, eu, closed], adAccountId: eu.id })],
      {
        [`POST ${BRAND_PATH}/library/bulk-publish-to-ad-platform`]: () =>
          jsonResponse(makeJob({ id: 'publish-1' }), { status: 201 }),
        'GET /api/jobs/publish-1': () => {
          polls += 1;
          return jsonResponse(
            makeJob({
              id: 'publish-1',
              status: 'FINISHED',
              result: { adAccountId: eu.id, videos: [{ status: 'UPLOADED' }, { status: 'UPLOADED' }] },
            }),
          );
        },
      },
    );
    await user.click(await selectVideos(user));
    const picker = await screen.findByTestId('upload-to-meta-picker', {}, { timeout: 5000 });
    expect(within(picker).getByText(/2 videos are uploaded to the ad account you choose/)).toBeTruthy();
    const select = within(picker).getByRole('combobox', { name: 'Ad account' }) as HTMLInputElement;
    expect(select.value).toBe('Acme EU · act_1002 · Default for publishing');
    await user.click(select);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Acme US · act_1001', 'Acme EU · act_1002 · Default for publishing']);
    await user.click(screen.getByRole('option', { name: 'Acme US · act_1001' }));
    await user.click(within(picker).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Uploading 2 videos to Meta')).toBeTruthy();
    const post = network.to(`${BRAND_PATH}/library/bulk-publish-to-ad-platform`)[0];
    expect(post?.body).toEqual({
      adAccountId: acmeUs.id,
      entityIds: [hook.id, cutdown.id],
      library: 'BRAND',
      brandId: 'brand-acme',
      platform: 'FACEBOOK',
    });
    expect(await screen.findByText('Videos uploaded to Meta', {}, { timeout: 8000 })).toBeTruthy();
    expect(polls).toBe(1);
  });
});
