import { commonMessages, interpolate, type Tag, type TagCategory } from '@hookline/contract';
import { Badge, Button, Group, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { tagsTexts } from '@/config/texts/tags';
import type { BrandScope } from '@/entities/asset/api/keys';
import { showSuccessToast } from '@/lib/notify';
import { useMoveTags } from '../api/move-tags';

const t = tagsTexts.tagsPage;

export interface MoveTagsModalProps {
  scope: BrandScope;
  opened: boolean;
  /** The selected tags. */
  tags: Tag[];
  categories: TagCategory[];
  onClose: () => void;
  onMoved: () => void;
}

/**
 * The tag category picker (000 §2): the brand's categories; Move sends the selected tags that
 * are not in the chosen one there, so it is enabled only when at least one would move.
 */
export function MoveTagsModal({ opened, onClose, ...props }: MoveTagsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{t.moveTitle}</Text>}
      data-testid="move-tags-modal"
    >
      {opened && <MoveTagsForm onClose={onClose} {...props} />}
    </Modal>
  );
}

function MoveTagsForm({ scope, tags, categories, onClose, onMoved }: Omit<MoveTagsModalProps, 'opened'>) {
  const [target, setTarget] = useState<string | null>(null);
  const move = useMoveTags(scope);
  const current = new Set(tags.map((tag) => tag.categoryId));
  const moving = target ? tags.filter((tag) => tag.categoryId !== target) : [];

  const submit = () => {
    if (!target || moving.length === 0 || move.isPending) return;
    move.mutate(
      { tags, categoryId: target },
      {
        onSuccess: (moved) => {
          showSuccessToast(
            moved.length === 1 ? t.tagMoved : interpolate(t.tagsMoved, { count: moved.length }),
          );
          onMoved();
          onClose();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {tags.length === 1 ? t.moveTextOne : interpolate(t.moveText, { count: tags.length })}
      </Text>
      <Radio.Group value={target} onChange={setTarget} aria-label={t.moveTitle}>
        <ScrollArea.Autosize mah={320} type="auto">
          <Stack gap={6}>
            {categories.map((category) => (
              <Radio.Card key={category.id} value={category.id} radius="md" p="sm" data-testid="move-target">
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {category.name}
                  </Text>
                  {current.has(category.id) && (
                    <Badge variant="light" color="gray" size="xs" tt="none">
                      {t.currentCategory}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {category.tagsCount}
                  </Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Radio.Group>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {commonMessages.cancel}
        </Button>
        <Button onClick={submit} loading={move.isPending} disabled={moving.length === 0}>
          {t.move}
        </Button>
      </Group>
    </Stack>
  );
}
