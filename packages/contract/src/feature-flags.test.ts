import { describe, expect, it } from 'vitest';
import { featureFlagDefaults, mergeFeatureFlags } from './feature-flags.js';
import { interpolate } from './messages.js';

describe('mergeFeatureFlags', () => {
  it('keeps defaults and takes only known boolean remote values', () => {
    const merged = mergeFeatureFlags({ pricing: false, tagUsageCount: true, unknownFlag: true });
    expect(merged.pricing).toBe(false);
    expect(merged.tagUsageCount).toBe(true);
    expect(merged.boardTemplates).toBe(featureFlagDefaults.boardTemplates);
    expect('unknownFlag' in merged).toBe(false);
  });

  it('falls back to the defaults when nothing remote is known', () => {
    expect(mergeFeatureFlags(undefined)).toEqual(featureFlagDefaults);
  });
});

describe('interpolate', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(interpolate('You cannot delete imported {type}', { type: 'videos' })).toBe(
      'You cannot delete imported videos',
    );
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
