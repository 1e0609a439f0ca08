import {
  commonMessages,
  interpolate,
  TAG_LIMITS,
  type Tag,
  type TagCategory,
  tagsMessages,
  updateTagBodySchema,
} from '@hookline/contract';
import { Button, Group, Modal, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { appTexts } from '@/config/texts/app';
import { tagsTexts } from '@/config/texts/tags';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { appModals } from '@/lib/app-modals';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteTag } from '../api/delete-tag';
import { fieldMessage, hasStatus, serverMessage, toastFailure } from '../api/failures';
import { type UpdateTagBody, useUpdateTag } from '../api/update-tag';

const t = tagsTexts.tagsPage;

export interface TagInfoModalProps {
  scope: BrandScope;
  /** The open tag; null closes the dialog. */
  tag: Tag | null;
  categories: TagCategory[];
  /** Tags of the brand with auto-search on (the account's limit is TAG_LIMITS.autoSearchPerAccount). */
  autoSearchCount: number;
  /** The tag usage count flag is on: categories were fetched with usage counts. */
  showUsage: boolean;
  onClose: () => void;
}

/**
 * The tag info dialog (000 §2, §3, §5): name (at most 20), category, description (at most 700,
 * with a counter), auto-search (off-limits once the account reaches its limit, unless this
 * tag already has it on), the usage count when its flag is on, and delete. Save needs a
 * changed, valid form and sends only what changed.
 */
export function TagInfoModal({ tag, onClose, ...props }: TagInfoModalProps) {
  return (
    <Modal
      opened={tag !== null}
      onClose={onClose}
      size="lg"
      title={<Text fw={600}>{t.tagInfoTitle}</Text>}
      data-testid="tag-info-modal"
    >
      {tag && <TagInfoForm key={tag.id} tag={tag} onDone={onClose} {...props} />}
    </Modal>
  );
}

interface TagFormValues extends Record<string, unknown> {
  name: string;
  categoryId: string;
  description: string;
  autoSearchInFiles: boolean;
}

function TagInfoForm({
  scope,
  tag,
  categories,
  autoSearchCount,
  showUsage,
  onDone,
}: Omit<TagInfoModalProps, 'tag' | 'onClose'> & { tag: Tag; onDone: () => void }) {
  const update = useUpdateTag(scope);
  const remove = useDeleteTag(scope);
  const [serverErrors, setServerErrors] = useState<{ name?: string; autoSearchInFiles?: string }>({});
  const initialValues: TagFormValues = {
    name: tag.name,
    categoryId: tag.categoryId,
    description: tag.description ?? '',
    autoSearchInFiles: tag.autoSearchInFiles,
  };
  const form = useSchemaForm({
    schema: updateTagBodySchema,
    initialValues,
    requiredMessages: { name: t.nameRequired },
  });

  /** What the form changed, as the request sends it (trimmed; an empty description is none). */
  const changes = useMemo(() => {
    const body: UpdateTagBody = {};
    const parsed = updateTagBodySchema.safeParse(form.values);
    if (!parsed.success) return body;
    const { name, categoryId, description, autoSearchInFiles } = parsed.data;
    if (name !== undefined && name !== tag.name) body.name = name;
    if (categoryId !== undefined && categoryId !== tag.categoryId) body.categoryId = categoryId;
    const nextDescription = description || null;
    if (nextDescription !== (tag.description || null)) body.description = nextDescription;
    if (autoSearchInFiles !== undefined && autoSearchInFiles !== tag.autoSearchInFiles)
      body.autoSearchInFiles = autoSearchInFiles;
    return body;
  }, [form.values, tag]);
  const changed = Object.keys(changes).length > 0;

  const atLimit = autoSearchCount >= TAG_LIMITS.autoSearchPerAccount;
  const autoSearchLocked = atLimit && !tag.autoSearchInFiles;
  const limitText = interpolate(tagsMessages.autoSearchLimit, { limit: TAG_LIMITS.autoSearchPerAccount });

  const onSubmit = form.onSubmit(() => {
    if (!changed || update.isPending) return;
    update.mutate(
      { id: tag.id, body: changes },
      {
        onSuccess: () => {
          showSuccessToast(t.tagSaved);
          onDone();
        },
        onError: (error) => {
          const nameError =
            fieldMessage(error, 'name') ??
            (hasStatus(error, 409) ? (serverMessage(error) ?? tagsMessages.tagAlreadyExists) : undefined);
          const autoSearchError = fieldMessage(error, 'autoSearchInFiles');
          if (nameError || autoSearchError)
            setServerErrors({ name: nameError, autoSearchInFiles: autoSearchError });
          else toastFailure(error);
        },
      },
    );
  });

  const confirmDelete = () =>
    appModals.openConfirmModal({
      title: <Text fw={600}>{t.deleteTag}</Text>,
      children: (
        <Text size="sm" c="dimmed">
          {interpolate(t.deleteTagText, { name: tag.name })}
        </Text>
      ),
      labels: { confirm: t.delete, cancel: commonMessages.cancel },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-tag' },
      onConfirm: () =>
        remove.mutate(tag.id, {
          onSuccess: () => {
            showSuccessToast(t.tagDeleted);
            onDone();
          },
        }),
    });

  const name = form.getInputProps('name');
  const categoryId = form.getInputProps('categoryId');
  const description = form.getInputProps('description');
  const usage = tag.usageCount === 1 ? t.usedOnOne : interpolate(t.usedOn, { count: tag.usageCount });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t.tagInfoTitle}>
      <Stack gap="md">
        {showUsage && (
          <Text
            size="sm"
            c="dimmed"
            data-testid="tag-usage-count"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {usage}
          </Text>
        )}
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label={t.tagName}
            required
            maxLength={TAG_LIMITS.nameMax}
            autoComplete="off"
            data-autofocus
            data-testid="tag-name"
            {...name}
            onChange={(event) => {
              setServerErrors((errors) => ({ ...errors, name: undefined }));
              name.onChange(event);
            }}
            error={serverErrors.name ?? name.error}
          />
          <Select
            label={t.category}
            data={categories.map((category) => ({ value: category.id, label: category.name }))}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ withinPortal: true }}
            data-testid="tag-category"
            value={categoryId.value}
            onChange={(value) => value && categoryId.onChange(value)}
            onBlur={categoryId.onBlur}
            error={categoryId.error}
          />
        </Group>
        <Textarea
          label={t.description}
          placeholder={t.descriptionPlaceholder}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={TAG_LIMITS.descriptionMax}
          data-testid="tag-description"
          {...description}
          description={
            <span data-testid="tag-description-counter">
              {interpolate(appTexts.common.charactersCount, {
                count: form.values.description.length,
                max: TAG_LIMITS.descriptionMax,
              })}
            </span>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Switch
          label={t.autoSearch}
          description={autoSearchLocked ? limitText : t.autoSearchHint}
          checked={form.values.autoSearchInFiles}
          disabled={autoSearchLocked}
          onChange={(event) => {
            setServerErrors((errors) => ({ ...errors, autoSearchInFiles: undefined }));
            form.setFieldValue('autoSearchInFiles', event.currentTarget.checked);
          }}
          error={serverErrors.autoSearchInFiles}
          data-testid="tag-auto-search-switch"
        />
        <Group justify="space-between" gap="xs" mt="xs">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} stroke={1.75} />}
            onClick={confirmDelete}
            loading={remove.isPending}
          >
            {t.deleteTag}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onDone}>
              {commonMessages.cancel}
            </Button>
            <Button
              type="submit"
              loading={update.isPending}
              disabled={!changed || !form.isValid || Boolean(serverErrors.name)}
            >
              {t.save}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
