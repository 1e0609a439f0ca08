import { type EndpointDefinition, routeOf } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getBrandVariant } from '@/config/brand-variant';
import { call } from '@/lib/call';
import { errorResponse, jsonResponse, type RecordedRequest, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render';
import { allocationText } from './upgrade-prompt';

/** An endpoint of the test's own, called through its route. */
const testRoute = <const E extends EndpointDefinition>(endpoint: E) => routeOf('test.endpoint', endpoint);

// The app has no plans page yet: nothing here may lead to one.
const routes = [{ path: '/', element: <h1>Library</h1> }];

function stubApi(flags: Record<string, boolean>, onRequestUpgrade?: (r: RecordedRequest) => void) {
  return stubFetch({
    'GET /api/feature-flags': () => jsonResponse(flags),
    'POST /api/uploads': () =>
      errorResponse(402, {
        code: 'payment_required',
        title: 'Payment Required',
        message: 'Asset limit reached',
        allocation: 100,
        resourceName: 'assets',
      }),
    'POST /api/accounts/acc-1/request-upgrade': (request) => {
      onRequestUpgrade?.(request);
      return new Response(null, { status: 204 });
    },
  });
}

/** Any call the plan refuses (402). */
const createUpload = testRoute({
  method: 'POST',
  path: '/api/uploads',
  permission: 'public',
  tags: [],
  body: z.unknown(),
});

async function hitThePlanLimit() {
  await expect(call(createUpload, { body: {} })).rejects.toMatchObject({ status: 402 });
  return screen.findByRole('dialog');
}

describe('upgrade prompt (402)', () => {
  it('with pricing, the upgrade button opens the request-upgrade form (there is no plans page yet)', async () => {
    const requests: RecordedRequest[] = [];
    stubApi({ pricing: true }, (r) => requests.push(r));
    const { user, router } = renderRoutes(routes, { initialEntries: ['/?accountId=acc-1&brandId=b-1'] });
    await screen.findByRole('heading', { name: 'Library' });

    const dialog = await hitThePlanLimit();
    expect(within(dialog).getByText('Payment Required')).toBeTruthy();
    expect(within(dialog).getByText('Your plan allows 100 assets.')).toBeTruthy();
    expect(within(dialog).queryByLabelText(/Full name/)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Upgrade plan' }));
    expect(router.state.location.pathname).toBe('/');
    await user.type(await within(dialog).findByLabelText(/Full name/), 'Ana Lima');
    await user.type(within(dialog).getByLabelText(/Email/), 'ana@brand.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Upgrade requested. We will be in touch soon.')).toBeTruthy();
    expect(requests.map((r) => r.body)).toEqual([{ fullName: 'Ana Lima', email: 'ana@brand.com' }]);
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('without the pricing flag, shows the get-in-touch form that requests an upgrade', async () => {
    const requests: RecordedRequest[] = [];
    stubApi({ pricing: false }, (r) => requests.push(r));
    const { user } = renderRoutes(routes, { initialEntries: ['/?accountId=acc-1&brandId=b-1'] });
    await screen.findByRole('heading', { name: 'Library' });

    const dialog = await hitThePlanLimit();
    await within(dialog).findByRole('button', { name: 'Send request' });
    expect(within(dialog).queryByRole('button', { name: 'Upgrade plan' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Full name is required')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeTruthy();
    expect(requests).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Full name/), 'Ana Lima');
    await user.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeTruthy();
    expect(requests).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.type(within(dialog).getByLabelText(/Email/), 'ana@brand.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Upgrade requested. We will be in touch soon.')).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ fullName: 'Ana Lima', email: 'ana@brand.com' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('in the corporate variant (no pricing), shows the get-in-touch form even with the flag on', async () => {
    stubApi({ pricing: true });
    renderRoutes(routes, {
      initialEntries: ['/?accountId=acc-1&brandId=b-1'],
      brand: getBrandVariant('corporate'),
    });
    await screen.findByRole('heading', { name: 'Library' });
    const dialog = await hitThePlanLimit();
    expect(within(dialog).queryByRole('button', { name: 'Upgrade plan' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeTruthy();
    expect(within(dialog).getByLabelText(/Full name/)).toBeTruthy();
  });

  it('shows storage allocations as sizes', () => {
    expect(allocationText(10 * 1024 ** 3, 'storage')).toBe('Your plan allows 10 GB storage.');
    expect(allocationText(2500, 'AI generations')).toBe('Your plan allows 2,500 AI generations.');
    expect(allocationText(undefined, 'assets')).toBeNull();
  });
});
