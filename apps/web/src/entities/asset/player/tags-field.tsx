import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { tagsTexts } from '@/config/texts/tags';
import { tagsQueryOptions, useCreateTags } from '@/entities/tag/api';
import { TagSelector } from '@/entities/tag/components/tag-selector-on-demand';
import { resolveTagIds } from '@/entities/tag/resolve-tags';
import type { AssetItem, BrandScope } from '../api/keys';
import { useSetAssetTags } from '../api/update-asset';

const t = tagsTexts.tags;

/**
 * The player's tags (000 §2 overview tab): the tag selector on the item's tags. A change shows
 * at once and is saved as the item's whole set (new names are created in General first); a
 * refused save puts the tags back and says so. Without write access the chips are read-only.
 */
export function TagsField({
  scope,
  asset,
  canEdit,
}: {
  scope: BrandScope;
  asset: AssetItem;
  canEdit: boolean;
}) {
  const saved = asset.tags.map((tag) => tag.name);
  const [shown, setShown] = useState<string[] | null>(null);
  const queryClient = useQueryClient();
  const createTags = useCreateTags(scope);
  const setTags = useSetAssetTags(scope);
  // Another item, or the server's answer: show what is saved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the item or its saved tags change.
  useEffect(() => setShown(null), [asset.id, saved.join('\u0000')]);

  const save = async (names: string[]) => {
    setShown(names);
    try {
      const known = await queryClient.fetchQuery(tagsQueryOptions(scope));
      const ids = await resolveTagIds(names, known, (missing) => createTags.mutateAsync({ names: missing }));
      await setTags.mutateAsync({ id: asset.id, tags: ids });
    } catch {
      setShown(null);
      notifications.show({
        color: 'yellow',
        title: t.saveError,
        message: asset.name,
        id: 'player-tags-save-error',
      });
    }
  };

  if (!canEdit && saved.length === 0) return null;
  return (
    <TagSelector
      scope={scope}
      label={t.tags}
      value={shown ?? saved}
      onChange={(names) => void save(names)}
      readOnly={!canEdit}
    />
  );
}
