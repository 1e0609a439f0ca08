import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { acme, makeBrand, signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';
import { prefetchFirstCalls } from './first-calls';

/** Answers only when released: lets a test look at what went out while it waits. */
function held(answer: () => Response): { handler: FetchHandler; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler: FetchHandler = async () => {
    await gate;
    return answer();
  };
  return { handler, release };
}

describe("the library page's first calls", () => {
  it('go out in one round: the list, tree, usage and sidebar boards do not wait for the brands and profile', async () => {
    const brands = held(() => jsonResponse([acme], { headers: { 'x-total-count': '1' } }));
    const api = signIn({
      routes: {
        ...libraryRoutes([makeAsset({ name: 'Hero.mp4' })]),
        'GET /api/brands': brands.handler,
        [`GET ${BRAND_PATH}/boards`]: () => jsonResponse([], { headers: { 'x-total-count': '0' } }),
      },
    });
    const queryClient = createQueryClient();
    const entry = `/library/assets?accountId=${acme.accountId}&brandId=${acme.id}`;
    const [pathname, search] = entry.split('?');
    prefetchFirstCalls(queryClient, { pathname: pathname!, search: `?${search}` });
    renderApp(entry, { queryClient });

    // While the brands are still on their way, the page's own calls are already out.
    await expect.poll(() => api.to(`${BRAND_PATH}/assets`).length).toBe(1);
    expect(api.to(`${BRAND_PATH}/library/folders`)).toHaveLength(1);
    expect(api.to(`/api/accounts/${acme.accountId}/usage`)).toHaveLength(1);
    expect(api.to('/api/profile')).toHaveLength(1);
    expect(api.to(`${BRAND_PATH}/boards`)).toHaveLength(1);

    brands.release();
    expect(await screen.findByRole('article', { name: 'Hero.mp4' })).toBeTruthy();
    // The page used the prefetched answers: nothing asked twice.
    expect(api.to(`${BRAND_PATH}/assets`)).toHaveLength(1);
    expect(api.to(`${BRAND_PATH}/library/folders`)).toHaveLength(1);
    expect(api.to(`${BRAND_PATH}/boards`)).toHaveLength(1);
  });

  it('a URL without the brand waits for the brands, then asks for the active one', async () => {
    const other = makeBrand({ id: 'brand-other', name: 'Other' });
    const api = signIn({ brands: [acme, other], routes: libraryRoutes([makeAsset({ name: 'Hero.mp4' })]) });
    const queryClient = createQueryClient();
    prefetchFirstCalls(queryClient, { pathname: '/library/assets', search: '' });
    renderApp('/library/assets', { queryClient });
    expect(await screen.findByRole('article', { name: 'Hero.mp4' })).toBeTruthy();
    expect(api.to(`${BRAND_PATH}/assets`)).toHaveLength(1);
  });
});
