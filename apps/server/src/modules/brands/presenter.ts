import {
  type Allocation,
  type Brand,
  type BrandKit,
  defaultBrandColors,
  type Guideline,
} from '@hookline/contract';
import type { BrandRow, GuidelineRow } from './repository.js';

export function presentBrandKit(row: BrandRow): BrandKit {
  return {
    website: row.website,
    description: row.description,
    colors: row.brandKit.colors ?? defaultBrandColors,
    font: row.brandKit.font ?? null,
    subtitlesFont: row.brandKit.subtitlesFont ?? 'BRAND',
    subtitlesColors: row.brandKit.subtitlesColors ?? 'BRAND',
  };
}
export function presentGuideline(row: GuidelineRow): Guideline {
  return { id: row.id, brandId: row.brandId, text: row.text, type: 'VALUE_PROPS', isDeleted: false };
}
export function presentBrand(row: BrandRow, guidelines: GuidelineRow[], allocation?: Allocation): Brand {
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    industryId: row.industryId,
    isFree: row.isFree,
    onboardingCompleted: row.onboardingCompleted,
    vettingMethod: row.vettingMethod,
    logoURL: row.logoUrl,
    fullLogoURL: row.fullLogoUrl,
    brandKit: presentBrandKit(row),
    guidelines: guidelines.filter((g) => g.brandId === row.id).map(presentGuideline),
    createdAt: row.createdAt,
    ...(allocation ? { accountAllocation: allocation } : {}),
  };
}
