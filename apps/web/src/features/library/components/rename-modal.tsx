import { interpolate, renameKeepingExtension } from '@hookline/contract';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { libraryTexts } from '@/config/texts/library';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { useRenameAsset } from '@/entities/asset/api/update-asset';
import { showSuccessToast } from '@/lib/notify';
import { splitExtension } from '../utils/names';

const t = libraryTexts.library;

/** Rename (000 §5): required ('requiredName'); a file keeps its extension, shown beside the field. */
export function RenameModal({
  scope,
  asset,
  onClose,
}: {
  scope: BrandScope;
  asset: AssetItem | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={asset !== null} onClose={onClose} title={t.renameTitle} centered>
      {asset && <RenameForm key={asset.id} scope={scope} asset={asset} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ scope, asset, onClose }: { scope: BrandScope; asset: AssetItem; onClose: () => void }) {
  const isFolder = asset.type === 'FOLDER';
  const { base, extension } = isFolder ? { base: asset.name, extension: '' } : splitExtension(asset.name);
  const [name, setName] = useState(base);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameAsset(scope);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t.requiredName);
      return;
    }
    const next = renameKeepingExtension(asset.name, name, isFolder);
    if (next === asset.name) {
      onClose();
      return;
    }
    rename.mutate({ id: asset.id, name: next }, { onSuccess: () => showSuccessToast(t.renamed) });
    onClose();
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        label={t.name}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
        error={error}
        rightSection={extension ? <span data-testid="rename-extension">{extension}</span> : undefined}
        rightSectionWidth={extension ? Math.max(40, extension.length * 9 + 12) : undefined}
        description={extension ? interpolate(t.extensionKept, { extension }) : undefined}
        data-autofocus
        data-testid="rename-input"
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button type="submit">{t.save}</Button>
      </Group>
    </form>
  );
}
