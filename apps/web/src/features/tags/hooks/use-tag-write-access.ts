import type { Profile } from '@hookline/contract';
import { type BrandItem, useActiveBrand, useBrandList } from '@/entities/brand';
import { useProfile } from '@/entities/profile';

/**
 * Write access to tags (000 §6): a signed-in user who is a super user or acts in one of their
 * own brands (the brands the brand list gives them; the server's `tag.manage` is the same
 * "writer" level). This page needs sign-in, so a visitor without a session never gets here.
 */
export function canManageTags(profile: Pick<Profile, 'isSuperUser'>, brand: BrandItem, brands: BrandItem[]) {
  return profile.isSuperUser || brands.some((own) => own.id === brand.id);
}

export function useTagWriteAccess(): boolean {
  const brand = useActiveBrand();
  const brands = useBrandList();
  const profile = useProfile();
  return canManageTags(profile, brand, brands);
}
