import { featureFlagDefaults } from '@hookline/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { useFeatureFlag, useFeatureFlags } from './feature-flags';

function Flags() {
  const flags = useFeatureFlags();
  const pricing = useFeatureFlag('pricing');
  return (
    <ul>
      <li>pricing: {String(pricing)}</li>
      <li>tagUsageCount: {String(flags.tagUsageCount)}</li>
      <li>boardTemplates: {String(flags.boardTemplates)}</li>
      <li>flags: {Object.keys(flags).length}</li>
    </ul>
  );
}

describe('feature flags', () => {
  it('merges the remote values over the local defaults, fetched once', async () => {
    const network = stubFetch({
      'GET /api/feature-flags': () =>
        jsonResponse({ pricing: false, tagUsageCount: true, somethingElse: true }),
    });
    renderWithProviders(
      <>
        <Flags />
        <Flags />
      </>,
    );
    // Defaults while loading.
    expect(screen.getAllByText('pricing: true')).toHaveLength(2);

    expect(await screen.findAllByText('pricing: false')).toHaveLength(2);
    expect(screen.getAllByText('tagUsageCount: true')).toHaveLength(2);
    expect(screen.getAllByText('boardTemplates: true')).toHaveLength(2);
    expect(screen.getAllByText(`flags: ${Object.keys(featureFlagDefaults).length}`)).toHaveLength(2);
    expect(network.to('/api/feature-flags')).toHaveLength(1);
  });

  it('uses the defaults, quietly, when the call fails', async () => {
    const network = stubFetch({ 'GET /api/feature-flags': () => errorResponse(500) });
    renderWithProviders(<Flags />);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(network.to('/api/feature-flags')).toHaveLength(1);
    expect(screen.getByText('pricing: true')).toBeTruthy();
    expect(screen.getByText('tagUsageCount: false')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
