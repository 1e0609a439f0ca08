import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { OnDemand } from '@/components/on-demand';
import { paths } from '@/config/paths';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import type { BrandScope } from '@/entities/asset/api/keys';
import { AssignToBoardDialog } from '@/entities/board/assign-to-board-on-demand';
import type { AssignRequest } from '@/entities/board/components/assign-to-board-dialog';
import { useActiveBrand } from '@/entities/brand';
import { ShareDialog } from '@/entities/share/components/share-dialog-on-demand';
import { useLinkBuilder } from '@/lib/link-builder';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteBoard } from '../api/delete-board';
import type { Board } from '../api/keys';
import { AddFromLibraryModal } from './add-from-library/add-from-library-on-demand';
import { DeleteBoardModal } from './delete-board-modal';
import { ReviewSettingsDialog } from './review/review-settings-dialog';

/** Which of the board page's dialogs are open: each opens and closes on its own. */
export function useBoardDialogs() {
  const [sharing, setSharing] = useState(false);
  const [reviewSettings, setReviewSettings] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [assigning, setAssigning] = useState<AssignRequest | null>(null);
  const [addingFromLibrary, setAddingFromLibrary] = useState(false);
  return {
    sharing,
    setSharing,
    reviewSettings,
    setReviewSettings,
    deleting,
    setDeleting,
    assigning,
    setAssigning,
    addingFromLibrary,
    setAddingFromLibrary,
  };
}

export type BoardDialogsState = ReturnType<typeof useBoardDialogs>;

export interface BoardDialogsProps {
  board: Board;
  scope: BrandScope;
  state: BoardDialogsState;
  /** Remove from board's confirmation (useRemoveFromBoard). */
  removeDialog: ReactNode;
  /** Review mode's note dialog (useBoardReview). */
  reviewDialog: ReactNode;
}

/**
 * The board page's modals: share (with the right to change the board), add to another board,
 * add from the library (members of the board's brand), delete (then back to the boards),
 * remove from board, a review decision's note and the review settings.
 */
export function BoardDialogs({ board, scope, state, removeDialog, reviewDialog }: BoardDialogsProps) {
  const navigate = useNavigate();
  const link = useLinkBuilder();
  const activeBrand = useActiveBrand();
  const deleteBoard = useDeleteBoard(board);
  const canEdit = board.can.update;
  return (
    <>
      {canEdit && (
        <ShareDialog
          opened={state.sharing}
          onClose={() => state.setSharing(false)}
          scope={scope}
          item={{ id: board.folderId, name: board.name, library: 'BRAND' }}
          brandName={activeBrand.id === board.brandId ? activeBrand.name : ''}
        />
      )}
      <AssignToBoardDialog scope={scope} request={state.assigning} onClose={() => state.setAssigning(null)} />
      {board.can.invite && (
        <AddFromLibraryModal
          board={board}
          opened={state.addingFromLibrary}
          onClose={() => state.setAddingFromLibrary(false)}
        />
      )}
      <OnDemand when={state.deleting}>
        <DeleteBoardModal
          board={board}
          opened={state.deleting}
          busy={deleteBoard.isPending}
          onClose={() => state.setDeleting(false)}
          onConfirm={(deleteUploadedFiles) =>
            deleteBoard.mutate(deleteUploadedFiles, {
              onSuccess: () => {
                state.setDeleting(false);
                showSuccessToast(t.deleted);
                navigate(link(paths.boards.getHref(), { isShared: null }), { replace: true });
              },
            })
          }
        />
      </OnDemand>
      {removeDialog}
      {reviewDialog}
      {canEdit && (
        <OnDemand when={state.reviewSettings}>
          <ReviewSettingsDialog
            board={board}
            opened={state.reviewSettings}
            onClose={() => state.setReviewSettings(false)}
          />
        </OnDemand>
      )}
    </>
  );
}
