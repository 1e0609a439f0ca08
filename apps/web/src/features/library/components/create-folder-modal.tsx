import { Button, Group, Modal, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { libraryTexts } from '@/config/texts/library';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { showSuccessToast } from '@/lib/notify';
import { useCreateFolder } from '../api/create-folder';

const t = libraryTexts.library;

export function CreateFolderModal({
  scope,
  parentId,
  opened,
  onClose,
  onCreated,
}: {
  scope: BrandScope;
  parentId: string;
  opened: boolean;
  onClose: () => void;
  onCreated?: (folder: AssetItem) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFolder(scope);

  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t.requiredName);
      return;
    }
    create.mutate(
      { parentId, name: name.trim() },
      {
        onSuccess: (folder) => {
          showSuccessToast(t.folderCreated);
          onCreated?.(folder);
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t.createFolderTitle} centered>
      <form onSubmit={submit} noValidate>
        <TextInput
          label={t.folderName}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
          data-testid="create-folder-name"
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t.create}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
