import { INTEGRATION_ISSUE_COUNT_KEY } from '@hookline/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render';
import { integrationKeys } from '../api';
import { makeMeta } from '../test/fixtures';
import { IntegrationIssuesBanner } from './integration-issues-banner';

const scope = { accountId: 'acc-own', brandId: 'brand-acme' };
const issue = (id: string) => ({
  id,
  code: 'UNKNOWN_ERROR' as const,
  actorId: null,
  createdAt: new Date('2026-11-01T10:00:00Z'),
});

function setup(issueCount: number) {
  stubFetch({
    'GET /api/accounts/acc-own/brands/brand-acme/integrations': () =>
      jsonResponse([
        makeMeta({ integrationIssues: Array.from({ length: issueCount }, (_, i) => issue(`i${i}`)) }),
      ]),
  });
  return renderRoutes([{ path: '/analytics', element: <IntegrationIssuesBanner scope={scope} /> }], {
    initialEntries: ['/analytics?accountId=acc-own&brandId=brand-acme'],
  });
}

describe('integration issues banner', () => {
  it('shows while the open issue count differs from the saved one, with a link to the issues tab', async () => {
    const { user } = setup(2);
    expect(await screen.findByText('Meta reports 2 issues with your integration.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View issues' }).getAttribute('href')).toBe(
      '/settings/integrations/facebook?accountId=acc-own&brandId=brand-acme&tab=issues',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('integration-issues-banner')).toBeNull());
    expect(window.localStorage.getItem(INTEGRATION_ISSUE_COUNT_KEY)).toBe('2');
  });

  it('stays hidden when the user has seen that count', async () => {
    window.localStorage.setItem(INTEGRATION_ISSUE_COUNT_KEY, '1');
    const { queryClient } = setup(1);
    await waitFor(() =>
      expect(queryClient.getQueryState(integrationKeys.list(scope.brandId))?.status).toBe('success'),
    );
    expect(screen.queryByTestId('integration-issues-banner')).toBeNull();
  });
});

describe('integration issues banner, resolved', () => {
  it('once every issue is resolved the saved count follows, so a new issue shows it again', async () => {
    window.localStorage.setItem(INTEGRATION_ISSUE_COUNT_KEY, '3');
    setup(0);
    await waitFor(() => expect(window.localStorage.getItem(INTEGRATION_ISSUE_COUNT_KEY)).toBe('0'));
    expect(screen.queryByTestId('integration-issues-banner')).toBeNull();
  });
});
