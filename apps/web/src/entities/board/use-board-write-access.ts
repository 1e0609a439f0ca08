import { useQuery } from '@tanstack/react-query';
import { brandsQueryOptions } from '@/entities/brand';
import { profileQueryOptions } from '@/entities/profile';
import { useAccessToken } from '@/lib/session';

/**
 * Write access in a brand (000 §6: signed in, and a super user or acting in one of the user's
 * own brands), from what the signed-in route guard loaded. Boards (assigning, the player's
 * boards tab) need it; a share's Editor of another brand's item does not have it.
 */
export function useBrandWriteAccess(brandId: string): boolean {
  const signedIn = Boolean(useAccessToken());
  const brands = useQuery({ ...brandsQueryOptions(), enabled: false });
  const profile = useQuery({ ...profileQueryOptions(), enabled: false });
  if (!signedIn) return false;
  return Boolean(profile.data?.isSuperUser || brands.data?.some((brand) => brand.id === brandId));
}
