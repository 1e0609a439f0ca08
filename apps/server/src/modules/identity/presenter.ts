import {
  type Allocation,
  type Brand,
  type BrandKit,
  defaultBrandColors,
  type Guideline,
  type TeamMember,
} from '@hookline/contract';
import type { AccountRow, BrandRow, GuidelineRow, MemberRow } from './accounts-repository.js';

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

export function presentAllocation(account: AccountRow): Allocation {
  return {
    name: account.packageName,
    assetsCount: account.assetsCount,
    storageBytes: account.storageBytes,
    usersCount: account.usersCount,
    aiTagsCount: account.aiTagsCount,
    aiTagsGenerationsCount: account.aiTagsGenerationsCount,
    analyzedAdsMonthlyCount: account.analyzedAdsMonthlyCount,
    adPlatformSyncMonthsCount: account.adPlatformSyncMonthsCount,
    agentMessagesMonthlyCount: account.agentMessagesMonthlyCount,
  };
}

export function presentBrand(row: BrandRow, guidelines: GuidelineRow[], account?: AccountRow): Brand {
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
    ...(account ? { accountAllocation: presentAllocation(account) } : {}),
  };
}

export function presentMember(member: MemberRow): TeamMember {
  return {
    id: member.user.id,
    firstName: member.user.firstName,
    lastName: member.user.lastName,
    email: member.user.email,
    isSuperUser: member.user.isSuperUser,
    role: member.role,
    lastLogin: member.user.lastLoginAt ?? null,
  };
}
