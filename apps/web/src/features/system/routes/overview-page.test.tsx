import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render';
import { OverviewPage } from './overview-page';

const healthy = {
  status: 'ok',
  version: '0.4.1',
  role: 'all',
  database: { status: 'up', driver: 'pglite' },
  queue: { status: 'up' },
  uptimeSeconds: 3 * 3600 + 12 * 60 + 5,
};

function renderOverview() {
  return renderRoutes([{ path: '/', element: <OverviewPage /> }]);
}

describe('overview page', () => {
  it('shows the workspace and the real system status', async () => {
    stubFetch({ 'GET /api/health': () => jsonResponse(healthy) });
    renderOverview();

    const workspace = screen.getByTestId('workspace-card');
    expect(within(workspace).getByText('Hookline')).toBeTruthy();
    expect(within(workspace).getByText('support@hookline.app')).toBeTruthy();

    const card = screen.getByTestId('system-status-card');
    expect(within(card).getByLabelText('Loading…')).toBeTruthy();
    expect(await within(card).findByText('PGlite (embedded)')).toBeTruthy();
    expect(within(card).getByText('Operational')).toBeTruthy();
    expect(within(card).getAllByText('Up')).toHaveLength(2);
    expect(within(card).getByText('0.4.1')).toBeTruthy();
    expect(within(card).getByText('API and workers')).toBeTruthy();
    expect(within(card).getByText('3 hours 12 minutes')).toBeTruthy();
  });

  it('shows a degraded server that answers 503 with its status', async () => {
    stubFetch({
      'GET /api/health': () =>
        jsonResponse(
          { ...healthy, status: 'degraded', database: { status: 'down', driver: 'postgres' } },
          { status: 503 },
        ),
    });
    renderOverview();
    const card = screen.getByTestId('system-status-card');
    expect(await within(card).findByText('Degraded')).toBeTruthy();
    expect(within(card).getByText('PostgreSQL')).toBeTruthy();
    expect(within(card).getByText('Down')).toBeTruthy();
  });

  it('shows an inline error with a retry when the status cannot be loaded', async () => {
    let fail = true;
    stubFetch({
      'GET /api/health': () => (fail ? errorResponse(502, {}) : jsonResponse(healthy)),
    });
    const { user } = renderOverview();
    const error = await screen.findByTestId('system-status-error');
    expect(within(error).getByText('The system status could not be loaded.')).toBeTruthy();
    // The inline error is the message: no toast on top of it.
    expect(screen.queryByText('Something went wrong')).toBeNull();

    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('PGlite (embedded)')).toBeTruthy();
    expect(screen.queryByTestId('system-status-error')).toBeNull();
  });
});
