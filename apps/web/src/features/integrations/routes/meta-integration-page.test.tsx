import {
  INTEGRATION_ISSUE_COUNT_KEY,
  type Integration,
  type UpdateIntegrationBody,
} from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acmeEu,
  acmeUs,
  integrationRoutes,
  META_ID,
  makeJob,
  makeMeta,
} from '@/entities/integration/test/fixtures';
import { errorResponse, type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { makeProfile, signIn } from '@/test/identity';
import { BRAND_PATH } from '@/test/library';
import { renderApp } from '@/test/render';

const META_PATH = '/settings/integrations/facebook';
const INTEGRATION_PATH = `${BRAND_PATH}/integrations/${META_ID}`;

function setup(
  entry: string,
  options: { list?: Integration[]; role?: 'admin' | 'member'; extra?: Record<string, FetchHandler> } = {},
) {
  const state = { list: options.list ?? [makeMeta()] };
  const network = signIn({
    profile: makeProfile({ role: options.role ?? 'admin' }),
    routes: {
      ...integrationRoutes(state),
      [`PUT ${INTEGRATION_PATH}`]: (request) => {
        const body = request.body as UpdateIntegrationBody;
        const current = state.list[0] as Integration;
        const enabled = body.enabledAdAccountIds;
        const next = makeMeta(
          {},
          {
            adAccounts: current.metadata.adAccounts.map((a) =>
              enabled ? { ...a, enabled: enabled.includes(a.id) } : a,
            ),
            adAccountId: body.adAccountId === undefined ? current.metadata.adAccountId : body.adAccountId,
          },
        );
        state.list = [next];
        return jsonResponse(next);
      },
      ...options.extra,
    },
  });
  return { ...renderApp(entry), network, state };
}

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('Meta settings: the return from Meta', () => {
  it('saves code and state with a spinner, says connected, and leaves a clean URL that keeps the brand', async () => {
    window.sessionStorage.setItem(
      'hookline.meta-connect',
      JSON.stringify({ accountId: 'acc-own', brandId: 'brand-acme', removeDemo: true }),
    );
    let answer: (response: Response) => void = () => {};
    const { router, network } = setup(`${META_PATH}?code=the-code&state=the-state`, {
      extra: {
        [`POST ${BRAND_PATH}/integrations`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    expect(await screen.findByText('Connecting Meta…')).toBeTruthy();
    await waitFor(() =>
      expect(network.to(`${BRAND_PATH}/integrations`).some((r) => r.method === 'POST')).toBe(true),
    );
    const post = network.to(`${BRAND_PATH}/integrations`).find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      vendor: 'FACEBOOK',
      brandId: 'brand-acme',
      settings: { code: 'the-code', state: 'the-state' },
      removeDemo: true,
    });
    answer(jsonResponse(makeMeta(), { status: 201 }));

    expect(await screen.findByText('Integration connected')).toBeTruthy();
    await waitFor(() => expect(search(router).get('code')).toBeNull());
    expect(router.state.location.pathname).toBe(META_PATH);
    expect(search(router).get('state')).toBeNull();
    expect(search(router).get('brandId')).toBe('brand-acme');
    expect(search(router).get('accountId')).toBe('acc-own');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByTestId('meta-settings')).toBeTruthy();
    expect(window.sessionStorage.getItem('hookline.meta-connect')).toBeNull();
  });

  it('error=access_denied: the connection was cancelled, nothing is saved', async () => {
    const { router, network } = setup(`${META_PATH}?error=access_denied&error_reason=user_denied`);
    expect(await screen.findByText('Meta connection cancelled')).toBeTruthy();
    await waitFor(() => expect(search(router).get('error')).toBeNull());
    expect(network.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('a failed save shows the server message and still cleans the URL', async () => {
    const { router } = setup(`${META_PATH}?code=old&state=expired`, {
      list: [],
      extra: {
        [`POST ${BRAND_PATH}/integrations`]: () =>
          errorResponse(400, {
            code: 'validation_failed',
            title: 'Bad Request',
            message: 'The Meta connection link has expired. Connect again.',
          }),
      },
    });
    expect(await screen.findByText('The Meta connection link has expired. Connect again.')).toBeTruthy();
    await waitFor(() => expect(search(router).get('code')).toBeNull());
    expect(await screen.findByTestId('meta-not-connected')).toBeTruthy();
  });

  it('an unknown integrationVendor is reported as a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router, network } = setup(`${META_PATH}?integrationVendor=myspace&code=abc`);
    expect(
      await screen.findByText('This link came back from an integration we do not know (myspace).'),
    ).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    await waitFor(() => expect(search(router).get('integrationVendor')).toBeNull());
    expect(network.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});

describe('Meta settings: header and tabs', () => {
  it('shows who connected Meta; the tab lives in ?tab= with the default left out', async () => {
    const { router, user } = setup(`${META_PATH}?tab=bogus`);
    expect(await screen.findByText('Connected as Ana Lopez')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Ad accounts', selected: true })).toBeTruthy();
    await waitFor(() => expect(search(router).has('tab')).toBe(false));
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('tab', { name: 'Pages' }));
    await waitFor(() => expect(search(router).get('tab')).toBe('pages'));
    const page = await screen.findByRole('link', { name: 'Open Acme Rockets on Facebook' });
    expect(page.getAttribute('href')).toBe('https://www.facebook.com/acmerockets');

    await user.click(screen.getByRole('tab', { name: 'Ad accounts' }));
    await waitFor(() => expect(search(router).has('tab')).toBe(false));
  });

  it('?tab=adAccounts is the default and is dropped from the URL', async () => {
    const { router } = setup(`${META_PATH}?tab=adAccounts`);
    expect(await screen.findByRole('tab', { name: 'Ad accounts', selected: true })).toBeTruthy();
    await waitFor(() => expect(search(router).has('tab')).toBe(false));
  });

  it('refresh says refreshed; disconnect confirms, says disconnected and goes back to Integrations', async () => {
    const { user, router, network } = setup(META_PATH, {
      extra: {
        [`PUT ${INTEGRATION_PATH}/refresh`]: () => jsonResponse(makeMeta()),
        [`DELETE ${INTEGRATION_PATH}`]: () => new Response(null, { status: 204 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Integration refreshed')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Meta' });
    expect(network.to(INTEGRATION_PATH).some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByTestId('confirm-disconnect'));
    expect(await screen.findByText('Integration disconnected')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations'));
  });

  it('members read the settings: no refresh, disconnect, save or import, and the controls are disabled', async () => {
    setup(META_PATH, { role: 'member' });
    expect(await screen.findByText('Only account admins can change the Meta connection.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
    expect(screen.queryByTestId('ad-export-import')).toBeNull();
    const sync = screen.getByRole('checkbox', { name: 'Sync Acme EU' }) as HTMLInputElement;
    expect(sync.disabled).toBe(true);
  });
});

describe('Meta settings: ad accounts', () => {
  it('warns while not every account syncs; enabling one and saving sends the enabled accounts', async () => {
    const { user, network } = setup(META_PATH);
    expect(await screen.findByText('Choose the ad accounts to sync')).toBeTruthy();
    const table = await screen.findByTestId('ad-accounts-table');
    expect(within(table).getByText('act_1001')).toBeTruthy();
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    expect(within(table).getByText('EUR')).toBeTruthy();
    const euDefault = within(table).getByRole('radio', {
      name: 'Publish to Acme EU by default',
    }) as HTMLInputElement;
    expect(euDefault.disabled).toBe(true);
    expect(
      (within(table).getByRole('radio', { name: 'Publish to Acme US by default' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.click(within(table).getByRole('checkbox', { name: 'Sync Acme EU' }));
    expect(screen.queryByText('Choose the ad accounts to sync')).toBeNull();
    expect(euDefault.disabled).toBe(false);
    expect(save.disabled).toBe(false);
    await user.click(save);

    expect(await screen.findByText('Integration saved')).toBeTruthy();
    const put = network.to(INTEGRATION_PATH).find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ enabledAdAccountIds: [acmeUs.id, acmeEu.id] });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it("the sync start date stays within the plan's months and is sent as UTC midnight", async () => {
    const { user, network } = setup(META_PATH);
    const input = (await screen.findByLabelText('Sync start date')) as HTMLInputElement;
    expect(await screen.findByText('Your plan keeps 6 months')).toBeTruthy();
    expect(input.value).toBe('2026-08-01');
    const min = input.getAttribute('min') as string;
    expect(input.getAttribute('max')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;

    await user.clear(input);
    await user.type(input, '2001-01-01');
    expect(await screen.findByText(/Choose a sync start date between/)).toBeTruthy();
    expect(save.disabled).toBe(true);

    await user.clear(input);
    await user.type(input, min);
    expect(save.disabled).toBe(false);
    await user.click(save);
    await screen.findByText('Integration saved');
    expect(network.to(INTEGRATION_PATH).find((r) => r.method === 'PUT')?.body).toEqual({
      syncStartTimestampUtc: `${min}T00:00:00.000Z`,
    });
  });

  it('shows each enabled account’s sync: state, rows, and a sync now for admins', async () => {
    const { user, network } = setup(META_PATH, {
      extra: { [`PUT ${INTEGRATION_PATH}/refresh`]: () => jsonResponse(makeMeta()) },
    });
    const panel = await screen.findByTestId('sync-status');
    const account = await within(panel).findByTestId('account-sync');
    expect(within(account).getByText('Acme US')).toBeTruthy();
    expect(within(account).getByText('Up to date')).toBeTruthy();
    expect(within(account).getByText('1,234')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Integration refreshed')).toBeTruthy();
    expect(network.to(`${INTEGRATION_PATH}/refresh`)[0]?.method).toBe('PUT');
  });

  it('imports an Ads Manager export and shows the rows read, imported and skipped', async () => {
    const { user, network } = setup(META_PATH, {
      extra: {
        [`POST ${BRAND_PATH}/ad-performance/imports`]: () =>
          jsonResponse(
            makeJob({
              type: 'IMPORT_AD_EXPORT',
              status: 'FINISHED',
              result: {
                rowsRead: 12,
                imported: 10,
                skipped: [
                  { line: 4, reason: 'No spend' },
                  { line: 9, reason: 'Not a daily row' },
                ],
                adAccountId: 'act_1001',
                currency: 'USD',
              },
            }),
            { status: 201 },
          ),
      },
    });
    const card = await screen.findByTestId('ad-export-import');
    const input = card.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Day,Ad name\n'], 'export.csv', { type: 'text/csv' }));
    const result = await within(card).findByTestId('import-result');
    expect(within(result).getByText('12')).toBeTruthy();
    expect(within(result).getByText('10')).toBeTruthy();
    expect(within(result).getByText('Line 4: No spend')).toBeTruthy();
    const post = network.to(`${BRAND_PATH}/ad-performance/imports`)[0];
    expect(post?.url.searchParams.get('fileName')).toBe('export.csv');
    expect(post?.body).toBeInstanceOf(Blob);
  });
});

describe('Meta settings: issues', () => {
  it('one card per open issue with what to do; viewing the tab saves the count', async () => {
    const issues: Integration['integrationIssues'] = [
      {
        id: 'i1',
        code: 'MISSING_PERMISSIONS_ON_ACTOR',
        actorId: '1234',
        createdAt: new Date('2026-11-01T10:00:00Z'),
      },
      { id: 'i2', code: 'INVALID_ACCESS_TOKEN', actorId: null, createdAt: new Date('2026-11-01T10:00:00Z') },
      {
        id: 'i3',
        code: 'ADS_COUNT_LIMIT_EXCEEDED',
        actorId: null,
        createdAt: new Date('2026-11-01T10:00:00Z'),
      },
    ];
    expect(window.localStorage.getItem(INTEGRATION_ISSUE_COUNT_KEY)).toBeNull();
    const { user } = setup(`${META_PATH}?tab=issues`, { list: [makeMeta({ integrationIssues: issues })] });
    const cards = await screen.findAllByTestId('issue-card');
    expect(cards).toHaveLength(3);
    await waitFor(() => expect(window.localStorage.getItem(INTEGRATION_ISSUE_COUNT_KEY)).toBe('3'));

    const [missing, token, limit] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(missing).getByText('Missing access to a Page')).toBeTruthy();
    expect(within(missing).getByText(/Page 1234/)).toBeTruthy();
    expect(within(missing).getByRole('link', { name: 'Meta Business help' }).getAttribute('href')).toBe(
      'https://www.facebook.com/business/help',
    );
    expect(within(missing).getByRole('link', { name: 'Open Meta settings' }).getAttribute('href')).toBe(
      'https://www.facebook.com/settings/?tab=business_tools',
    );

    expect(within(token).getByText('The Meta connection has expired')).toBeTruthy();
    await user.click(within(token).getByRole('button', { name: 'Reconnect' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Meta' })).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(within(limit).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByTestId('upgrade-prompt')).toBeTruthy();
  });

  it('with no open issue the tab says so and saves zero', async () => {
    window.localStorage.setItem(INTEGRATION_ISSUE_COUNT_KEY, '2');
    setup(`${META_PATH}?tab=issues`);
    expect(await screen.findByText('No open issues')).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem(INTEGRATION_ISSUE_COUNT_KEY)).toBe('0'));
  });
});
