import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';
import { usageRoutes } from '@/test/usage';

/**
 * Regenerating AI tags from the library (issue 15): the bulk bar's and the item menu's calls
 * (a select-all sends the folder's query), and the plan's two limits.
 */

const script = makeAsset({ name: 'Script.pdf', type: 'DOCUMENT' });

function setup(entry: string, extra: Record<string, FetchHandler>, assets: ReturnType<typeof makeAsset>[]) {
  const network = signIn({ routes: { ...libraryRoutes(assets), ...extra } });
  return { ...renderApp(entry), network };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });

describe('regenerating AI tags', () => {
  it('regenerates the AI tags of analysed items from the bulk bar and says how many', async () => {
    const analysedClip = makeAsset({ name: 'Analysed.mp4', mediaAnalysisStatus: 'COMPLETED' });
    const analysedPhoto = makeAsset({
      name: 'Analysed.png',
      type: 'IMAGE',
      mediaAnalysisStatus: 'COMPLETED',
    });
    const { user, network } = setup(
      '/library/assets',
      { [`POST ${BRAND_PATH}/tags/regenerate-ai`]: () => jsonResponse({ count: 2 }, { status: 202 }) },
      [analysedClip, analysedPhoto, script],
    );
    await screen.findByRole('article', { name: 'Script.pdf' });
    // A file the analysis does not tag offers no regeneration.
    await user.click(checkbox('Script.pdf'));
    let bar = await screen.findByTestId('bulk-bar');
    expect(within(bar).queryByRole('button', { name: 'Regenerate AI tags' })).toBeNull();
    await user.click(checkbox('Script.pdf'));

    await user.click(checkbox('Analysed.mp4'));
    await user.click(checkbox('Analysed.png'));
    bar = await screen.findByTestId('bulk-bar');
    await user.click(within(bar).getByRole('button', { name: 'Regenerate AI tags' }));
    await waitFor(() => expect(network.to(`${BRAND_PATH}/tags/regenerate-ai`)).toHaveLength(1));
    expect(network.to(`${BRAND_PATH}/tags/regenerate-ai`)[0]?.body).toEqual({
      entityIds: [
        { id: analysedClip.id, library: 'BRAND' },
        { id: analysedPhoto.id, library: 'BRAND' },
      ],
    });
    expect(await screen.findByText('Regenerating AI tags for 2 items')).toBeTruthy();
  });

  it('offers no regeneration once the month’s are used up: disabled, with the usage in its tooltip', async () => {
    const analysed = makeAsset({ name: 'Analysed.mp4', mediaAnalysisStatus: 'COMPLETED' });
    const { user, network } = setup(
      '/library/assets',
      usageRoutes(
        { assetsCount: 3, aiTagsCount: 1, aiTagsGenerationsCount: 1 },
        { name: 'Free', aiTagsGenerationsCount: 1 },
      ),
      [analysed, script],
    );
    await screen.findByRole('article', { name: 'Analysed.mp4' });
    await user.click(checkbox('Analysed.mp4'));
    const bar = await screen.findByTestId('bulk-bar');
    const button = await within(bar).findByRole('button', { name: 'Regenerate AI tags' });
    await waitFor(() => expect(button.getAttribute('data-disabled')).toBe('true'));
    await user.hover(button);
    expect(await screen.findByText('AI tag regenerations this month: 1 of 1 used')).toBeTruthy();
    await user.click(button);
    expect(network.to(`${BRAND_PATH}/tags/regenerate-ai`)).toHaveLength(0);
  });

  it('sends a select-all as the folder’s query with how many the bar counted', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      makeAsset({ name: `Take ${String(i).padStart(2, '0')}.mp4`, mediaAnalysisStatus: 'COMPLETED' }),
    );
    const { user, network } = setup(
      '/library/assets',
      { [`POST ${BRAND_PATH}/tags/regenerate-ai`]: () => jsonResponse({ count: 45 }, { status: 202 }) },
      many,
    );
    await screen.findByRole('article', { name: 'Take 00.mp4' });
    await user.keyboard('{Control>}a{/Control}');
    const bar = await screen.findByTestId('bulk-bar');
    expect(within(bar).getByText('45 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Regenerate AI tags' }));
    await waitFor(() => expect(network.to(`${BRAND_PATH}/tags/regenerate-ai`)).toHaveLength(1));
    expect(network.to(`${BRAND_PATH}/tags/regenerate-ai`)[0]?.body).toEqual({
      shouldApplyAll: true,
      parentId: 'root',
      totalCount: 45,
    });
    expect(await screen.findByText('Regenerating AI tags for 45 items')).toBeTruthy();
  });

  it('regenerates one item’s AI tags from its menu', async () => {
    const analysed = makeAsset({ name: 'Analysed.mp4', mediaAnalysisStatus: 'COMPLETED' });
    const { user, network } = setup(
      '/library/assets',
      { [`POST ${BRAND_PATH}/tags/regenerate-ai`]: () => jsonResponse({ count: 1 }, { status: 202 }) },
      [analysed, script],
    );
    await screen.findByRole('article', { name: 'Analysed.mp4' });
    // A file the analysis does not tag has no such entry.
    await user.click(screen.getByRole('button', { name: 'Actions for Script.pdf' }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Regenerate AI tags' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for Analysed.mp4' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Regenerate AI tags' }));
    await waitFor(() => expect(network.to(`${BRAND_PATH}/tags/regenerate-ai`)).toHaveLength(1));
    expect(network.to(`${BRAND_PATH}/tags/regenerate-ai`)[0]?.body).toEqual({
      entityIds: [{ id: analysed.id, library: 'BRAND' }],
    });
    expect(await screen.findByText('Regenerating AI tags for 1 items')).toBeTruthy();
  });

  it('is off once the plan’s auto-tagged items are used up, in the bulk bar and the item menu, saying so', async () => {
    const analysed = makeAsset({ name: 'Analysed.mp4', mediaAnalysisStatus: 'COMPLETED' });
    const { user, network } = setup(
      '/library/assets',
      usageRoutes(
        { assetsCount: 3, aiTagsCount: 5, aiTagsGenerationsCount: 0 },
        { name: 'Free', aiTagsCount: 5, aiTagsGenerationsCount: 10 },
      ),
      [analysed, script],
    );
    const reason = 'Your plan’s AI tagging limit is reached: 5 of 5 items tagged';
    await screen.findByRole('article', { name: 'Analysed.mp4' });
    await user.click(checkbox('Analysed.mp4'));
    const bar = await screen.findByTestId('bulk-bar');
    const button = await within(bar).findByRole('button', { name: 'Regenerate AI tags' });
    await waitFor(() => expect(button.getAttribute('data-disabled')).toBe('true'));
    await user.hover(button);
    expect(await screen.findByText(reason)).toBeTruthy();
    await user.click(button);
    await user.unhover(button);

    await user.click(screen.getByRole('button', { name: 'Actions for Analysed.mp4' }));
    const entry = await screen.findByRole('menuitem', { name: 'Regenerate AI tags' });
    expect(entry.getAttribute('aria-disabled')).toBe('true');
    await user.click(entry);
    expect(screen.getByRole('tooltip').textContent).toBe(reason);
    expect(network.to(`${BRAND_PATH}/tags/regenerate-ai`)).toHaveLength(0);
  });
});
