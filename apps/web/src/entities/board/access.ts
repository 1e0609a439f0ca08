import { boardsMessages } from '@hookline/contract';
import { boardAssignTexts } from '@/config/texts/board-assign';

/**
 * Why items cannot go onto a board, or null when they can (000 §5, §6): a folder among them
 * ('Assets cannot be assigned to a board if the selection includes a folder'), or no write
 * access in their brand. The action stays in view, disabled, with this reason as its tooltip.
 */
export function assignBlockReason(items: readonly { type: string }[], writeAccess: boolean): string | null {
  if (!writeAccess) return boardAssignTexts.needsWriteAccess;
  if (items.some((item) => item.type === 'FOLDER')) return boardsMessages.foldersRefused;
  return null;
}
