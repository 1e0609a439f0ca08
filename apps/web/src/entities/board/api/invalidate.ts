import type { QueryClient } from '@tanstack/react-query';
import { boardContentKeys, boardKeys } from './keys';

/**
 * After items went onto a board or came off it: the board (its count and thumbnail), the
 * lists and pickers that show it, its content, and where the items sit. Board locations are
 * never stale by time (000 §9), so this is how they refresh.
 */
export function invalidateBoardContent(queryClient: QueryClient, brandId: string, boardId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: boardKeys.detail(brandId, boardId) }),
    queryClient.invalidateQueries({ queryKey: boardKeys.lists(brandId) }),
    queryClient.invalidateQueries({ queryKey: boardContentKeys.all(brandId, boardId) }),
    queryClient.invalidateQueries({ queryKey: boardKeys.locationsAll(brandId) }),
  ]);
}
