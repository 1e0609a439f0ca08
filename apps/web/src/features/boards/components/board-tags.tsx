import { boardsMessages } from '@hookline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { tagsQueryOptions, useCreateTags } from '@/entities/tag/api';
import { TagSelector } from '@/entities/tag/components/tag-selector-on-demand';
import { resolveTagIds } from '@/entities/tag/resolve-tags';
import { showErrorToast } from '@/lib/notify';
import { type Board, boardScope } from '../api/keys';
import { useUpdateBoard } from '../api/update-board';

/**
 * The board's tags: the brand's tag selector. A change shows at once and is saved as the
 * board's whole set of tag ids (new names are made in General first); a refused save puts
 * the tags back. Without edit rights the chips are read-only.
 */
export function BoardTags({ board, canEdit }: { board: Board; canEdit: boolean }) {
  const scope = boardScope(board);
  const queryClient = useQueryClient();
  const createTags = useCreateTags(scope);
  const update = useUpdateBoard(board);
  const saved = board.tags.map((tag) => tag.name);
  const [shown, setShown] = useState<string[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved tags change.
  useEffect(() => setShown(null), [saved.join('\u0000')]);

  const save = async (names: string[]) => {
    setShown(names);
    try {
      const known = await queryClient.fetchQuery(tagsQueryOptions(scope));
      const ids = await resolveTagIds(names, known, (missing) => createTags.mutateAsync({ names: missing }));
      await update.mutateAsync({ tags: ids });
    } catch {
      setShown(null);
      showErrorToast({ message: boardsMessages.saveFailed });
    }
  };

  if (!canEdit && saved.length === 0) return null;
  return (
    <div style={{ maxWidth: 640 }}>
      <TagSelector
        scope={scope}
        value={shown ?? saved}
        onChange={(names) => void save(names)}
        readOnly={!canEdit}
      />
    </div>
  );
}
