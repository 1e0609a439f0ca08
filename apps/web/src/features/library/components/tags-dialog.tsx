import { commonMessages, interpolate } from '@hookline/contract';
import { Button, Group, Modal, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { tagsTexts } from '@/config/texts/tags';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useCreateTags, useTags } from '@/entities/tag/api';
import { TagSelector } from '@/entities/tag/components/tag-selector-on-demand';
import { resolveTagIds } from '@/entities/tag/resolve-tags';
import { showSuccessToast } from '@/lib/notify';
import { useBulkTag } from '../api/bulk-tag';
import type { ActionTarget } from './use-library-actions';

const t = tagsTexts.tags;

/**
 * The bulk bar's Tags (000 §2 "add tags" dialog): add tags to the selection, or take them
 * off, select-all aware. New names are created in General when adding; removing only names
 * tags the brand has.
 */
export function TagsDialog({
  scope,
  target,
  onClose,
}: {
  scope: BrandScope;
  target: ActionTarget | null;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [names, setNames] = useState<string[]>([]);
  const known = useTags(scope);
  const createTags = useCreateTags(scope);
  const bulkTag = useBulkTag(scope);
  const count = target ? (target.all ? (target.count ?? target.items.length) : target.items.length) : 0;
  const busy = createTags.isPending || bulkTag.isPending;

  const close = () => {
    setNames([]);
    setMode('add');
    onClose();
  };

  const apply = async () => {
    if (!target || names.length === 0 || busy) return;
    const tagIds =
      mode === 'add'
        ? await resolveTagIds(names, known.data ?? [], (missing) =>
            createTags.mutateAsync({ names: missing }),
          )
        : await resolveTagIds(names, known.data ?? [], async () => []);
    if (tagIds.length === 0) return close();
    const result = await bulkTag.mutateAsync({
      ids: target.items.map((item) => item.id),
      parentId: target.parentId,
      all: target.all ?? false,
      tagIds,
      remove: mode === 'remove',
    });
    showSuccessToast(
      interpolate(result.isAsync ? t.updatingInBackground : t.updated, { count: result.count }),
    );
    close();
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={mode === 'add' ? t.addTags : t.removeTags}
      size="md"
    >
      <Stack gap="md">
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as 'add' | 'remove')}
          data={[
            { value: 'add', label: t.add },
            { value: 'remove', label: t.remove },
          ]}
        />
        <TagSelector
          scope={scope}
          label={t.tags}
          value={names}
          onChange={setNames}
          onSubmit={() => void apply()}
          autoFocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {commonMessages.cancel}
          </Button>
          <Button onClick={() => void apply()} disabled={names.length === 0} loading={busy}>
            {interpolate(mode === 'add' ? t.addTo : t.removeFrom, { count })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
