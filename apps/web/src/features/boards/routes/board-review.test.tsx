import type { Board } from '@hookline/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FetchHandler } from '@/test/fetch-stub';
import { acme, signIn } from '@/test/identity';
import { BRAND_PATH, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';
import { boardRoutes, makeBoard } from '../test/boards-api';
import { assetReview, people, reviewRoutes } from '../test/reviews-api';

// The page, the player and their dialogs load lazily: give them time on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const QUERY = `?accountId=${acme.accountId}&brandId=${acme.id}`;
const BEN = people[2]?.id as string;

function setup(board: Board, routes: Record<string, FetchHandler> = {}, path = '') {
  const network = signIn({ routes: { ...boardRoutes([board]), ...routes } });
  const rendered = renderApp(`/boards/${board.id}${path}${QUERY}`);
  const base = `${BRAND_PATH}/boards/${board.id}`;
  return {
    ...rendered,
    network,
    puts: () => network.to(base).filter((r) => r.method === 'PUT'),
    reviewCalls: () =>
      network.requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/review')),
    reviewsLoads: () => network.to(`${base}/reviews`).length,
    boardLoads: () => network.to(base).filter((r) => r.method === 'GET').length,
  };
}

const hero = makeAsset({ name: 'Hero.mp4' });
const logo = makeAsset({ name: 'Logo.png', type: 'IMAGE' });
const poster = makeAsset({ name: 'Poster.png', type: 'IMAGE' });
const content = [hero, logo, poster];

const card = (name: string) => screen.findByRole('article', { name }, { timeout: 8000 });
const pillOf = async (name: string) => within(await card(name)).queryByTestId('review-pill');

describe('board review: settings dialog', { timeout: 30_000 }, () => {
  it('starts a review with the picked reviewers and the status switch', async () => {
    const board = makeBoard({ name: 'Launch' });
    const { user, puts } = setup(board, reviewRoutes(board, [], []));
    const button = await screen.findByTestId('review-settings-button', {}, { timeout: 8000 });
    expect(button.textContent).toBe('Start review');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Start review' });
    // The company editor ('0') is not someone who reviews.
    const options = await within(dialog).findAllByTestId('reviewer-option');
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      'Ana Lopez',
      'Ben Stone',
      'Cleo Park',
    ]);
    // No reviewer: not started.
    await user.click(within(dialog).getByRole('button', { name: 'Start review' }));
    expect(within(dialog).getByText('Pick at least one reviewer.')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ana Lopez' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ben Stone' }));
    await user.click(within(dialog).getByRole('switch', { name: /Move the board’s status with the review/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Start review' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({ reviewMode: true, reviewerIds: ['user-ana', BEN], autoStatus: true });
    expect(await screen.findByText('Review started')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('review-settings-button').textContent).toBe('Review settings'),
    );
  });

  it('review settings change the reviewers, and Stop review turns review mode off', async () => {
    const board = makeBoard({
      name: 'Launch',
      reviewMode: true,
      reviewerIds: ['user-ana', BEN],
      autoStatus: true,
    });
    const { user, puts } = setup(board, reviewRoutes(board, [], []));
    await user.click(await screen.findByRole('button', { name: 'Review settings' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Review settings' });
    const ben = await within(dialog).findByRole('checkbox', { name: 'Ben Stone' });
    expect(ben.getAttribute('aria-checked')).toBe('true');
    await user.click(ben);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cleo Park' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({
      reviewMode: true,
      reviewerIds: ['user-ana', people[3]?.id],
      autoStatus: true,
    });

    await user.click(screen.getByRole('button', { name: 'Review settings' }));
    const again = await screen.findByRole('dialog', { name: 'Review settings' });
    await user.click(within(again).getByRole('button', { name: 'Stop review' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.body).toMatchObject({ reviewMode: false });
    await waitFor(() =>
      expect(screen.getByTestId('review-settings-button').textContent).toBe('Start review'),
    );
  });

  it('is not offered without the right to change the board', async () => {
    const board = makeBoard({
      name: 'Launch',
      can: { update: false, comment: true, invite: false, delete: false, review: false },
    });
    setup(board, reviewRoutes(board, [], []));
    await screen.findByTestId('board-page', {}, { timeout: 8000 });
    expect(screen.queryByTestId('review-settings-button')).toBeNull();
  });
});

describe('board review: progress and pills', { timeout: 30_000 }, () => {
  it('shows the progress, the automatic status note and each item’s state', async () => {
    const board = makeBoard({
      name: 'Launch',
      status: 'NEEDS_REVISIONS',
      reviewMode: true,
      reviewerIds: ['user-ana', BEN],
      autoStatus: true,
      statusChange: { automatic: true, at: new Date('2026-11-04T10:00:00.000Z'), by: null },
    });
    setup(
      board,
      reviewRoutes(board, content, [
        assetReview(hero.id, 'APPROVED'),
        assetReview(logo.id, 'NEEDS_CHANGES'),
        assetReview(poster.id, 'PENDING'),
      ]),
    );
    expect((await pillOf('Hero.mp4'))?.textContent).toBe('Approved');
    await waitFor(async () => expect((await pillOf('Logo.png'))?.textContent).toBe('Changes requested'));
    expect((await pillOf('Poster.png'))?.textContent).toBe('Needs review');
    expect(screen.getByTestId('review-progress-text').textContent).toBe('1 of 3 approved · 1 needs changes');
    expect(screen.getByTestId('review-auto-status-note').textContent).toBe(
      'Status set by the review · Nov 4, 2026',
    );
  });

  it('no pills, progress or filters when review mode is off (and no reviews asked for)', async () => {
    const board = makeBoard({ name: 'Launch' });
    const { reviewsLoads } = setup(board, reviewRoutes(board, content, []));
    await card('Hero.mp4');
    expect(await pillOf('Hero.mp4')).toBeNull();
    expect(screen.queryByTestId('review-progress')).toBeNull();
    expect(screen.queryByTestId('review-filter')).toBeNull();
    expect(reviewsLoads()).toBe(0);
  });
});

describe('board review: decisions', { timeout: 30_000 }, () => {
  const reviewing = () =>
    makeBoard({
      name: 'Launch',
      reviewMode: true,
      reviewerIds: ['user-ana'],
      can: { update: true, comment: true, invite: true, delete: true, review: true },
    });

  it('a reviewer approves from a card at once; the reviews and the board are asked for again', async () => {
    const board = reviewing();
    const { user, reviewCalls, reviewsLoads, boardLoads } = setup(
      board,
      reviewRoutes(
        board,
        content,
        content.map((a) => assetReview(a.id, 'PENDING')),
      ),
    );
    await waitFor(async () => expect((await pillOf('Hero.mp4'))?.textContent).toBe('Needs review'));
    const loads = { reviews: reviewsLoads(), board: boardLoads() };
    await user.click(within(await card('Hero.mp4')).getByRole('button', { name: 'Approve Hero.mp4' }));
    await waitFor(() => expect(reviewCalls()).toHaveLength(1));
    expect(reviewCalls()[0]?.url.pathname).toBe(`${BRAND_PATH}/boards/${board.id}/assets/${hero.id}/review`);
    expect(reviewCalls()[0]?.body).toEqual({ decision: 'APPROVED' });
    expect(await screen.findByText('“Hero.mp4” approved')).toBeTruthy();
    await waitFor(async () => expect((await pillOf('Hero.mp4'))?.textContent).toBe('Approved'));
    expect(reviewsLoads()).toBeGreaterThan(loads.reviews);
    expect(boardLoads()).toBeGreaterThan(loads.board);
  });

  it('requesting changes needs a note, which is sent with the decision', async () => {
    const board = reviewing();
    const { user, reviewCalls } = setup(
      board,
      reviewRoutes(
        board,
        content,
        content.map((a) => assetReview(a.id, 'PENDING')),
      ),
    );
    await card('Logo.png');
    await user.click(
      within(await card('Logo.png')).getByRole('button', { name: 'Request changes on Logo.png' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(within(dialog).getByText('Say what should change.')).toBeTruthy();
    expect(reviewCalls()).toHaveLength(0);
    await user.type(within(dialog).getByTestId('review-note'), '  Make the logo bigger  ');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    await waitFor(() => expect(reviewCalls()).toHaveLength(1));
    expect(reviewCalls()[0]?.body).toEqual({ decision: 'NEEDS_CHANGES', note: 'Make the logo bigger' });
    expect(await screen.findByText('Changes requested on “Logo.png”')).toBeTruthy();
    await waitFor(async () => expect((await pillOf('Logo.png'))?.textContent).toBe('Changes requested'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request changes' })).toBeNull());
  });

  it('the player opened from the board has the review bar', async () => {
    const board = reviewing();
    const { user, reviewCalls } = setup(
      board,
      reviewRoutes(
        board,
        content,
        content.map((a) => assetReview(a.id, 'PENDING')),
      ),
      `/${poster.id}/overview`,
    );
    const bar = await screen.findByTestId('player-review-bar', {}, { timeout: 8000 });
    await waitFor(() => expect(within(bar).getByTestId('review-pill').textContent).toBe('Needs review'));
    await user.click(within(bar).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(reviewCalls()).toHaveLength(1));
    expect(reviewCalls()[0]?.url.pathname).toContain(`/assets/${poster.id}/review`);
    await waitFor(() => expect(within(bar).getByTestId('review-pill').textContent).toBe('Approved'));
    expect(within(bar).getByRole('button', { name: 'Approve' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('in the player a reviewer may approve with a note (optional)', async () => {
    const board = reviewing();
    const { user, reviewCalls } = setup(
      board,
      reviewRoutes(
        board,
        content,
        content.map((a) => assetReview(a.id, 'PENDING')),
      ),
      `/${hero.id}/overview`,
    );
    const bar = await screen.findByTestId('player-review-bar', {}, { timeout: 8000 });
    await user.click(within(bar).getByRole('button', { name: 'More ways to approve' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Approve with a note…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve' });
    await user.type(within(dialog).getByTestId('review-note'), 'Lovely hook');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(reviewCalls()).toHaveLength(1));
    expect(reviewCalls()[0]?.body).toEqual({ decision: 'APPROVED', note: 'Lovely hook' });
    expect(await screen.findByText('“Hero.mp4” approved')).toBeTruthy();
  });

  it('someone who does not review sees the states but no review actions', async () => {
    const board = makeBoard({ name: 'Launch', reviewMode: true, reviewerIds: [BEN] });
    setup(
      board,
      reviewRoutes(
        board,
        content,
        content.map((a) => assetReview(a.id, 'PENDING')),
      ),
    );
    await waitFor(async () => expect((await pillOf('Hero.mp4'))?.textContent).toBe('Needs review'));
    expect(within(await card('Hero.mp4')).queryByRole('button', { name: 'Approve Hero.mp4' })).toBeNull();
    const filter = screen.getByTestId('review-filter');
    expect(within(filter).queryByText(/Needs my review/)).toBeNull();
  });
});

describe('board review: filters', { timeout: 30_000 }, () => {
  it('All, Needs my review, Changes requested and Approved filter the loaded items', async () => {
    const board = makeBoard({
      name: 'Launch',
      reviewMode: true,
      reviewerIds: ['user-ana', BEN],
      can: { update: true, comment: true, invite: true, delete: true, review: true },
    });
    const { user } = setup(
      board,
      reviewRoutes(board, content, [
        // Ana approved, Ben has not decided yet: still pending, but not waiting for Ana.
        assetReview(hero.id, 'PENDING', [{ reviewerId: 'user-ana', decision: 'APPROVED' }]),
        assetReview(logo.id, 'NEEDS_CHANGES', [{ reviewerId: BEN, decision: 'NEEDS_CHANGES' }]),
        assetReview(poster.id, 'APPROVED', [
          { reviewerId: 'user-ana', decision: 'APPROVED' },
          { reviewerId: BEN, decision: 'APPROVED' },
        ]),
      ]),
    );
    await card('Hero.mp4');
    const filter = await screen.findByTestId('review-filter');
    await waitFor(() => expect(within(filter).getByText('Needs my review 1')).toBeTruthy());
    const names = () => screen.queryAllByRole('article').map((article) => article.getAttribute('aria-label'));
    expect(names()).toEqual(['Hero.mp4', 'Logo.png', 'Poster.png']);

    await user.click(within(filter).getByText('Needs my review 1'));
    await waitFor(() => expect(names()).toEqual(['Logo.png']));
    expect(screen.getByTestId('board-asset-count').textContent).toBe('1 of 3 assets');

    await user.click(within(filter).getByText('Changes requested 1'));
    await waitFor(() => expect(names()).toEqual(['Logo.png']));

    await user.click(within(filter).getByText('Approved 1'));
    await waitFor(() => expect(names()).toEqual(['Poster.png']));

    await user.click(within(filter).getByText('All 3'));
    await waitFor(() => expect(names()).toEqual(['Hero.mp4', 'Logo.png', 'Poster.png']));
    expect(screen.getByTestId('board-asset-count').textContent).toBe('3 assets');
  });

  it('a filter nothing passes says so and offers to show all', async () => {
    const board = makeBoard({ name: 'Launch', reviewMode: true, reviewerIds: [BEN] });
    const { user } = setup(
      board,
      reviewRoutes(
        board,
        content,
        content.map((a) => assetReview(a.id, 'PENDING')),
      ),
    );
    await card('Hero.mp4');
    const filter = await screen.findByTestId('review-filter');
    await waitFor(() => expect(within(filter).getByText('Approved 0')).toBeTruthy());
    await user.click(within(filter).getByText('Approved 0'));
    const empty = await screen.findByTestId('review-filter-empty');
    expect(within(empty).getByText('Nothing here with this filter.')).toBeTruthy();
    await user.click(within(empty).getByRole('button', { name: 'Show all' }));
    await card('Hero.mp4');
  });
});
