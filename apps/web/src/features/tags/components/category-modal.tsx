import {
  commonMessages,
  interpolate,
  TAG_LIMITS,
  type TagCategory,
  tagCategoryBodySchema,
  tagsMessages,
} from '@hookline/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { tagsTexts } from '@/config/texts/tags';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { showSuccessToast } from '@/lib/notify';
import { useCreateCategory } from '../api/create-category';
import { hasStatus, toastFailure } from '../api/failures';
import { useRenameCategory } from '../api/rename-category';

const t = tagsTexts.tagsPage;

/** Create (no category) or rename (a CUSTOM category). */
export type CategoryDialog = { mode: 'create' } | { mode: 'rename'; category: TagCategory };

/**
 * The 'create or rename tag category' dialog (000 §2, §5, §8): a name, trimmed, required, at
 * most 30 characters. Create is disabled for an empty name; rename until the name changed.
 * A 409 reads 'categoryAlreadyExists' at the field; any other failure the generic toast.
 */
export function CategoryModal({
  scope,
  dialog,
  onClose,
}: {
  scope: BrandScope;
  dialog: CategoryDialog | null;
  onClose: () => void;
}) {
  // The last dialog stays while the modal closes, so its title does not jump.
  const [shown, setShown] = useState(dialog);
  if (dialog && dialog !== shown) setShown(dialog);
  const renaming = shown?.mode === 'rename' ? shown.category : null;

  return (
    <Modal
      opened={dialog !== null}
      onClose={onClose}
      title={<Text fw={600}>{renaming ? t.renameCategoryTitle : t.createCategoryTitle}</Text>}
      data-testid="category-modal"
    >
      {dialog && (
        <CategoryForm
          key={dialog.mode === 'rename' ? dialog.category.id : 'create'}
          scope={scope}
          category={dialog.mode === 'rename' ? dialog.category : null}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function CategoryForm({
  scope,
  category,
  onDone,
}: {
  scope: BrandScope;
  category: TagCategory | null;
  onDone: () => void;
}) {
  const create = useCreateCategory(scope);
  const rename = useRenameCategory(scope);
  const pending = create.isPending || rename.isPending;
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: tagCategoryBodySchema,
    initialValues: { name: category?.name ?? '' },
    requiredMessages: { name: t.nameRequired },
  });
  const unchanged = category !== null && form.values.name.trim() === category.name;

  const onError = (error: unknown) => {
    if (hasStatus(error, 409)) setConflict(tagsMessages.categoryAlreadyExists);
    else toastFailure(error, { generic: true });
  };

  const onSubmit = form.onSubmit(({ name }) => {
    if (pending || unchanged) return;
    if (category) {
      rename.mutate(
        { id: category.id, name },
        {
          onSuccess: () => {
            showSuccessToast(tagsMessages.categoryUpdated);
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(name, {
        onSuccess: () => {
          showSuccessToast(tagsMessages.categoryCreated);
          onDone();
        },
        onError,
      });
    }
  });

  const input = form.getInputProps('name');
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={category ? t.renameCategoryTitle : t.createCategoryTitle}
    >
      <Stack gap="md">
        <TextInput
          label={t.categoryName}
          required
          placeholder={t.categoryNamePlaceholder}
          description={interpolate(t.categoryNameHint, { max: TAG_LIMITS.categoryNameMax })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={TAG_LIMITS.categoryNameMax}
          autoComplete="off"
          data-autofocus
          data-testid="category-name"
          {...input}
          onChange={(event) => {
            setConflict(null);
            input.onChange(event);
          }}
          error={conflict ?? input.error}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {commonMessages.cancel}
          </Button>
          <Button type="submit" loading={pending} disabled={!form.isValid || unchanged || conflict !== null}>
            {category ? t.save : t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
