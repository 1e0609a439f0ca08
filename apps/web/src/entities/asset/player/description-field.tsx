import { interpolate, TEXT_LIMITS } from '@hookline/contract';
import { Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { analysisTexts } from '@/config/texts/analysis';
import { appTexts } from '@/config/texts/app';
import { libraryTexts } from '@/config/texts/library';
import type { AssetItem, BrandScope } from '../api/keys';
import { useUpdateDescription } from '../api/update-description';
import classes from './player.module.css';

const t = libraryTexts.library;
const MAX = TEXT_LIMITS.assetDescription;

/**
 * The overview tab's description (000 §5 inline edit, at most 1000 characters): saved on blur or
 * Ctrl/Cmd+Enter; an unchanged value is not sent; a failed save puts the old text back and
 * shows the 'saveError' warning. Without write access it is plain text. A description the AI
 * analysis wrote says so while it is still that text (a person's edit ends it).
 */
export function DescriptionField({
  scope,
  asset,
  canEdit,
}: {
  scope: BrandScope;
  asset: AssetItem;
  canEdit: boolean;
}) {
  const [saved, setSaved] = useState(asset.description ?? '');
  const [value, setValue] = useState(saved);
  const focused = useRef(false);
  const update = useUpdateDescription(scope, { silent: true });

  // A refetch (another tab, the background refresh) shows the new text unless the user is typing.
  useEffect(() => {
    const fresh = asset.description ?? '';
    setSaved(fresh);
    if (!focused.current) setValue(fresh);
  }, [asset.description]);

  const byAi = asset.isAiDescription && value.trim() === (asset.description ?? '');
  const aiMark = byAi ? analysisTexts.aiDescription : undefined;

  if (!canEdit) {
    return (
      <Stack gap={2}>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          data-testid="player-description"
        >
          {saved || t.noDescription}
        </Text>
        {aiMark && (
          <Text size="xs" c="dimmed" data-testid="ai-description">
            {aiMark}
          </Text>
        )}
      </Stack>
    );
  }

  const save = () => {
    // The server trims too: comparing trimmed text keeps stray spaces from causing a save.
    const next = value.trim();
    if (next === saved) return;
    const previous = saved;
    setSaved(next);
    update.mutate(
      { id: asset.id, description: next },
      {
        onError: () => {
          setSaved(previous);
          setValue(previous);
          notifications.show({
            color: 'yellow',
            title: t.saveError,
            message: t.description,
            id: 'player-description-save-error',
          });
        },
      },
    );
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    }
  };

  return (
    <Stack gap={4}>
      <Textarea
        label={t.description}
        description={aiMark && <span data-testid="ai-description">{aiMark}</span>}
        placeholder={t.descriptionPlaceholder}
        // Grows with its text by CSS (field-sizing), not by measuring it in JavaScript: the
        // measuring forced a layout that cost the player's opening ~11 ms (issue 20).
        rows={3}
        classNames={{ input: classes.descriptionInput }}
        maxLength={MAX}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          save();
        }}
        onKeyDown={onKey}
        data-testid="player-description-input"
      />
      <Text size="xs" c="dimmed" ta="right" data-testid="player-description-count">
        {interpolate(appTexts.common.charactersCount, { count: value.length, max: MAX })}
      </Text>
    </Stack>
  );
}
