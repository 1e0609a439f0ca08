import { SAVED_SEARCH_LIMITS } from '@hookline/contract';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { searchTexts } from '@/config/texts/search';

const t = searchTexts.saved;

/**
 * Names a saved search (new, or renamed from the sidebar) and says whether the brand shares
 * it. The button stays off while the name is blank; the server's message shows under the field.
 */
export function SaveSearchDialog({
  opened,
  title,
  initialName = '',
  initialShared = false,
  withShare = true,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  initialName?: string;
  initialShared?: boolean;
  withShare?: boolean;
  pending: boolean;
  error?: string | null;
  onClose: () => void;
  onSubmit: (value: { name: string; shared: boolean }) => void;
}) {
  const [name, setName] = useState(initialName);
  const [shared, setShared] = useState(initialShared);
  useEffect(() => {
    if (opened) {
      setName(initialName);
      setShared(initialShared);
    }
  }, [opened, initialName, initialShared]);
  const blank = name.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank && !pending) onSubmit({ name: name.trim(), shared });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid="save-search-dialog">
      <form onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t.name}
            placeholder={t.namePlaceholder}
            value={name}
            maxLength={SAVED_SEARCH_LIMITS.name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error ?? undefined}
            data-autofocus
            data-testid="save-search-name"
          />
          {withShare && (
            <Checkbox
              label={t.share}
              description={t.shareHint}
              checked={shared}
              onChange={(event) => setShared(event.currentTarget.checked)}
              data-testid="save-search-shared"
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={blank} loading={pending} data-testid="save-search-submit">
              {t.saveButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
