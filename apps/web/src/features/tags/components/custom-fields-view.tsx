import { type CustomField, type CustomFieldType, commonMessages, interpolate } from '@hookline/contract';
import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  Menu,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCalendar,
  IconChevronDown,
  IconChevronUp,
  IconCircleDot,
  IconDots,
  IconForms,
  IconHash,
  IconLetterCase,
  IconLink,
  IconListCheck,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, useMemo, useState } from 'react';
import { Hint } from '@/components/hint';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { OnDemand } from '@/components/on-demand';
import { customFieldsTexts } from '@/config/texts/custom-fields';
import type { BrandScope } from '@/entities/asset/api/keys';
import type { BrandItem } from '@/entities/brand';
import { useCustomFields } from '@/entities/custom-field/api';
import { isAccountAdmin, useProfile } from '@/entities/profile';
import { appModals } from '@/lib/app-modals';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteField, useMoveField } from '../api/custom-fields';
import { toastFailure } from '../api/failures';
import { PageTabs } from './page-tabs';
import classes from './tags.module.css';

/** The create / edit dialog loads the first time it opens (issue #20). */
const CustomFieldModal = lazy(async () => ({
  default: (await import('./custom-field-modal')).CustomFieldModal,
}));

const t = customFieldsTexts.customFields;
const SKELETON_ROWS = 4;

const TYPE_ICONS: Record<CustomFieldType, typeof IconHash> = {
  TEXT: IconLetterCase,
  NUMBER: IconHash,
  DATE: IconCalendar,
  SINGLE_SELECT: IconCircleDot,
  MULTI_SELECT: IconListCheck,
  URL: IconLink,
};

/** Create (no field) or edit one. */
export type FieldDialog = { mode: 'create' } | { mode: 'edit'; field: CustomField };

/**
 * The /tags page's Custom fields tab (issue 11): the brand's fields in their order, each with
 * its type, 'Required on upload', option count and description. Admins of the account create,
 * edit, reorder (move up / down) and delete them; members see the list read-only.
 */
export function CustomFieldsView({ brand }: { brand: BrandItem }) {
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const isAdmin = isAccountAdmin(useProfile());
  const query = useCustomFields(scope);
  const fields = query.data ?? [];
  const [dialog, setDialog] = useState<FieldDialog | null>(null);
  const move = useMoveField(scope);
  const remove = useDeleteField(scope);

  const moveField = (field: CustomField, position: number) =>
    move.mutate({ id: field.id, position }, { onError: (error) => toastFailure(error) });

  const confirmDelete = (field: CustomField) =>
    appModals.openConfirmModal({
      title: <Text fw={600}>{t.deleteTitle}</Text>,
      children: (
        <Text size="sm" c="dimmed" data-testid="delete-field-text">
          {interpolate(
            field.usageCount === 0
              ? t.deleteTextNone
              : field.usageCount === 1
                ? t.deleteTextOne
                : t.deleteText,
            { name: field.name, count: field.usageCount },
          )}
        </Text>
      ),
      labels: { confirm: t.delete, cancel: commonMessages.cancel },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-field' },
      onConfirm: () =>
        remove.mutate(field.id, {
          onSuccess: () => showSuccessToast(t.deleted),
          onError: (error) => toastFailure(error),
        }),
    });

  return (
    <div className={classes.page} data-testid="custom-fields-page">
      <header className={classes.header}>
        <Group gap="xs" align="baseline">
          <Title order={1} size="h3" fw={600} data-testid="page-title">
            {t.tab}
          </Title>
          {query.data && (
            <Text
              c="dimmed"
              size="sm"
              data-testid="fields-count"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {fields.length === 1 ? t.one : interpolate(t.count, { count: fields.length })}
            </Text>
          )}
        </Group>
        {isAdmin && query.data && fields.length > 0 && (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} stroke={1.75} />}
            onClick={() => setDialog({ mode: 'create' })}
          >
            {t.newField}
          </Button>
        )}
      </header>
      <PageTabs />

      <Tabs.Panel value="fields" className={classes.body}>
        {!isAdmin && query.data && (
          <Text size="sm" c="dimmed" mb="md" data-testid="fields-read-only">
            {t.readOnly}
          </Text>
        )}
        {query.isError ? (
          <LoadFailedAlert
            title={t.loadFailed}
            data-testid="fields-error"
            onRetry={() => void query.refetch()}
          />
        ) : query.isPending ? (
          <Stack
            gap={0}
            className={classes.fieldList}
            aria-busy
            aria-label={commonMessages.loading}
            data-testid="fields-loading"
          >
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <div key={index} className={classes.fieldRow} aria-hidden>
                <Skeleton h={28} w={28} />
                <Stack gap={6}>
                  <Skeleton h={14} w={160} />
                  <Skeleton h={12} w={260} />
                </Stack>
                <Skeleton h={20} w={96} radius="xl" />
              </div>
            ))}
          </Stack>
        ) : fields.length === 0 ? (
          <EmptyState
            mt={64}
            icon={<IconForms size={28} stroke={1.5} />}
            withIndicatorBackground
            title={t.empty}
            description={t.emptyHint}
            data-testid="fields-empty"
          >
            {isAdmin && (
              <EmptyState.Actions>
                <Button size="xs" onClick={() => setDialog({ mode: 'create' })}>
                  {t.newField}
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        ) : (
          <ul className={classes.fieldList} aria-label={t.tab} data-testid="field-list">
            {fields.map((field, index) => (
              <FieldRow
                key={field.id}
                field={field}
                canManage={isAdmin}
                first={index === 0}
                last={index === fields.length - 1}
                moving={move.isPending}
                onMove={(offset) => moveField(field, index + offset)}
                onEdit={() => setDialog({ mode: 'edit', field })}
                onDelete={() => confirmDelete(field)}
              />
            ))}
          </ul>
        )}
      </Tabs.Panel>

      {isAdmin && (
        <OnDemand when={dialog !== null}>
          <CustomFieldModal scope={scope} dialog={dialog} onClose={() => setDialog(null)} />
        </OnDemand>
      )}
    </div>
  );
}

function FieldRow({
  field,
  canManage,
  first,
  last,
  moving,
  onMove,
  onEdit,
  onDelete,
}: {
  field: CustomField;
  canManage: boolean;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (offset: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const TypeIcon = TYPE_ICONS[field.type];
  const hasOptions = field.type === 'SINGLE_SELECT' || field.type === 'MULTI_SELECT';
  return (
    <li className={classes.fieldRow} data-testid="field-row">
      {canManage && (
        <div className={classes.reorder}>
          <Hint label={interpolate(t.moveUp, { name: field.name })}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={interpolate(t.moveUp, { name: field.name })}
              disabled={first || moving}
              onClick={() => onMove(-1)}
            >
              <IconChevronUp size={14} stroke={1.75} />
            </ActionIcon>
          </Hint>
          <Hint label={interpolate(t.moveDown, { name: field.name })}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={interpolate(t.moveDown, { name: field.name })}
              disabled={last || moving}
              onClick={() => onMove(1)}
            >
              <IconChevronDown size={14} stroke={1.75} />
            </ActionIcon>
          </Hint>
        </div>
      )}
      <div className={classes.fieldMain}>
        <Group gap={8} wrap="wrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="field-name">
            {field.name}
          </Text>
          <Badge
            variant="light"
            color="gray"
            radius="sm"
            size="sm"
            tt="none"
            fw={500}
            leftSection={<TypeIcon size={12} stroke={1.75} aria-hidden />}
            data-testid="field-type"
          >
            {t.types[field.type]}
          </Badge>
          {field.requiredOnUpload && (
            <Badge variant="light" radius="sm" size="sm" tt="none" fw={500} data-testid="field-required">
              {t.requiredOnUpload}
            </Badge>
          )}
        </Group>
        {field.description && (
          <Text size="sm" c="dimmed" lineClamp={2} mt={2} data-testid="field-description">
            {field.description}
          </Text>
        )}
      </div>
      <Text size="xs" c="dimmed" className={classes.fieldMeta} data-testid="field-meta">
        {[
          hasOptions
            ? field.options.length === 1
              ? t.oneOption
              : interpolate(t.optionCount, { count: field.options.length })
            : null,
          field.usageCount === 0
            ? t.unused
            : field.usageCount === 1
              ? t.usedOnOne
              : interpolate(t.usedOn, { count: field.usageCount }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {canManage && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={interpolate(t.actions, { name: field.name })}
              data-testid="field-menu"
            >
              <IconDots size={16} stroke={1.75} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} stroke={1.75} />} onClick={onEdit}>
              {t.edit}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} stroke={1.75} />} onClick={onDelete}>
              {t.delete}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </li>
  );
}
