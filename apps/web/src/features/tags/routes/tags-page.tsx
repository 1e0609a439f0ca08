import {
  commonMessages,
  GENERAL_TAG_CATEGORY,
  interpolate,
  type Tag,
  type TagCategory,
  tagsMessages,
} from '@hookline/contract';
import { ActionIcon, Button, EmptyState, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconCategoryPlus, IconSquareCheck, IconTags, IconX } from '@tabler/icons-react';
import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Hint } from '@/components/hint';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { OnDemand } from '@/components/on-demand';
import { tagsTexts } from '@/config/texts/tags';
import { tagsLabels } from '@/config/texts/tags-labels';
import type { BrandScope } from '@/entities/asset/api/keys';
import { type BrandItem, useActiveBrand } from '@/entities/brand';
import { useTagCategories } from '@/entities/tag/api';
import { appModals } from '@/lib/app-modals';
import { useFeatureFlag } from '@/lib/feature-flags';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteCategory } from '../api/delete-category';
import { toastFailure } from '../api/failures';
import { type CategoryDialog, CategoryModal } from '../components/category-modal';
import { CategorySection } from '../components/category-section';
import { CustomFieldsView } from '../components/custom-fields-view';
import { PageTabs, type TagsPageTab } from '../components/page-tabs';
import classes from '../components/tags.module.css';
import { useTagWriteAccess } from '../hooks/use-tag-write-access';

/** The tag dialog and the category picker load the first time they open (issue #20). */
const TagInfoModal = lazy(async () => ({
  default: (await import('../components/tag-info-modal')).TagInfoModal,
}));
const MoveTagsModal = lazy(async () => ({
  default: (await import('../components/move-tags-modal')).MoveTagsModal,
}));

const t = tagsTexts.tagsPage;
const SKELETON_SECTIONS = 3;
const SKELETON_TAGS = [72, 96, 64, 120, 88];

/** General (the SYSTEM default) first, then the server's order (000 §3). */
function generalFirst(categories: TagCategory[]): TagCategory[] {
  const isGeneral = (category: TagCategory) =>
    category.type === 'SYSTEM' && category.name === GENERAL_TAG_CATEGORY;
  return [...categories.filter(isGeneral), ...categories.filter((category) => !isGeneral(category))];
}

/** The tab in the URL (`?tab=fields`), so a reload or a shared link opens it again. */
const TAB_PARAM = 'tab';

/**
 * /tags (000 §2 "tag and tag-category management"): the tabs Tags (the brand's tag categories
 * and tags) and Custom fields.
 */
export function TagsPage() {
  const brand = useActiveBrand();
  const [params, setParams] = useSearchParams();
  const tab: TagsPageTab = params.get(TAB_PARAM) === 'fields' ? 'fields' : 'tags';
  const openTab = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'fields') next.set(TAB_PARAM, 'fields');
        else next.delete(TAB_PARAM);
        return next;
      },
      { replace: true },
    );
  // A change of brand starts a fresh view (selection and open dialogs are the old brand's).
  return (
    <Tabs value={tab} onChange={openTab} className={classes.tabs}>
      {tab === 'fields' ? (
        <CustomFieldsView key={brand.id} brand={brand} />
      ) : (
        <TagsView key={brand.id} brand={brand} />
      )}
    </Tabs>
  );
}

function TagsView({ brand }: { brand: BrandItem }) {
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const canManage = useTagWriteAccess();
  const showUsage = useFeatureFlag('tagUsageCount');
  const query = useTagCategories(scope, showUsage);
  const categories = useMemo(() => generalFirst(query.data ?? []), [query.data]);
  const allTags = useMemo(() => categories.flatMap((category) => category.children), [categories]);
  const totalTags = categories.reduce((sum, category) => sum + category.tagsCount, 0);
  const autoSearchCount = allTags.filter((tag) => tag.autoSearchInFiles).length;

  const [categoryDialog, setCategoryDialog] = useState<CategoryDialog | null>(null);
  const [openTagId, setOpenTagId] = useState<string | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(() => new Set());
  const [moving, setMoving] = useState(false);
  const deleteCategory = useDeleteCategory(scope);

  // The open tag follows the cache (a refetch after a save elsewhere), and closes when it is gone.
  const openTag = openTagId ? (allTags.find((tag) => tag.id === openTagId) ?? null) : null;
  const selectedTags = allTags.filter((tag) => selectedIds.has(tag.id));

  const isSelected = useCallback((id: string) => selectedIds.has(id), [selectedIds]);
  const toggleTag = useCallback((tag: Tag) => {
    setSelecting(true);
    setSelectedIds((ids) => {
      const next = new Set(ids);
      if (next.has(tag.id)) next.delete(tag.id);
      else next.add(tag.id);
      return next;
    });
  }, []);
  const stopSelecting = useCallback(() => {
    setSelecting(false);
    setSelectedIds(new Set());
  }, []);

  // Escape ends a selection (not while a dialog or menu has the key).
  useEffect(() => {
    if (!selecting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('[role="dialog"]')) return;
      stopSelecting();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selecting, stopSelecting]);

  const confirmDeleteCategory = (category: TagCategory) =>
    appModals.openConfirmModal({
      title: <Text fw={600}>{t.deleteCategoryTitle}</Text>,
      children: (
        <Text size="sm" c="dimmed">
          {category.tagsCount > 0
            ? interpolate(t.deleteCategoryText, { name: category.name, general: GENERAL_TAG_CATEGORY })
            : interpolate(t.deleteCategoryEmptyText, { name: category.name })}
        </Text>
      ),
      labels: { confirm: t.delete, cancel: commonMessages.cancel },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-category' },
      onConfirm: () =>
        deleteCategory.mutate(category.id, {
          onSuccess: () => showSuccessToast(tagsMessages.categoryDeleted),
          onError: (error) => toastFailure(error, { generic: true }),
        }),
    });

  return (
    <div className={classes.page} data-testid="tags-page">
      <header className={classes.header}>
        <Group gap="xs" align="baseline">
          <Title order={1} size="h3" fw={600} data-testid="page-title">
            {tagsLabels.pageTitle}
          </Title>
          {query.data && (
            <Text
              c="dimmed"
              size="sm"
              data-testid="tags-count"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {totalTags === 1 ? t.oneTag : interpolate(t.tagsCount, { count: totalTags })}
            </Text>
          )}
        </Group>
        {canManage && query.data && (
          <Group gap="xs">
            <Button
              size="xs"
              variant={selecting ? 'light' : 'default'}
              leftSection={<IconSquareCheck size={14} stroke={1.75} />}
              onClick={() => (selecting ? stopSelecting() : setSelecting(true))}
              aria-pressed={selecting}
              disabled={allTags.length === 0 && !selecting}
            >
              {selecting ? t.doneSelecting : t.select}
            </Button>
            <Button
              size="xs"
              leftSection={<IconCategoryPlus size={14} stroke={1.75} />}
              onClick={() => setCategoryDialog({ mode: 'create' })}
            >
              {t.newCategory}
            </Button>
          </Group>
        )}
      </header>
      <PageTabs />

      <Tabs.Panel value="tags" className={classes.body}>
        {!canManage && query.data && (
          <Text size="sm" c="dimmed" mb="md" data-testid="tags-read-only">
            {t.readOnly}
          </Text>
        )}
        {query.isError ? (
          <LoadFailedAlert
            title={t.loadFailed}
            data-testid="tags-error"
            onRetry={() => void query.refetch()}
          />
        ) : query.isPending ? (
          <Stack gap="md" aria-busy aria-label={commonMessages.loading} data-testid="tags-loading">
            {Array.from({ length: SKELETON_SECTIONS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <div key={index} className={classes.section} aria-hidden>
                <Skeleton h={16} w={140} mb={14} mt={4} />
                <Group gap={8}>
                  {SKELETON_TAGS.map((width) => (
                    <Skeleton key={width} h={28} w={width} radius="xl" />
                  ))}
                </Group>
              </div>
            ))}
          </Stack>
        ) : categories.length === 0 ? (
          <EmptyState
            mt={64}
            icon={<IconTags size={28} stroke={1.5} />}
            withIndicatorBackground
            title={t.noCategories}
            description={canManage ? t.noCategoriesHint : undefined}
            data-testid="tags-empty"
          >
            {canManage && (
              <EmptyState.Actions>
                <Button size="xs" onClick={() => setCategoryDialog({ mode: 'create' })}>
                  {t.newCategory}
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        ) : (
          <Stack gap="md">
            {categories.map((category) => (
              <CategorySection
                key={category.id}
                scope={scope}
                category={category}
                canManage={canManage}
                showUsage={showUsage}
                selecting={selecting}
                isSelected={isSelected}
                onToggleTag={toggleTag}
                onOpenTag={(tag) => setOpenTagId(tag.id)}
                onRename={(renamed) => setCategoryDialog({ mode: 'rename', category: renamed })}
                onDelete={confirmDeleteCategory}
              />
            ))}
          </Stack>
        )}
      </Tabs.Panel>

      {selecting && (
        <div
          className={classes.bulkBar}
          role="toolbar"
          aria-label={t.moveToCategory}
          data-testid="tags-bulk-bar"
        >
          <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {selectedIds.size === 0
              ? t.selectHint
              : interpolate(t.selectedCount, { count: selectedIds.size })}
          </Text>
          <Button
            size="xs"
            variant="white"
            color="dark"
            leftSection={<IconArrowsExchange size={14} stroke={1.75} />}
            disabled={selectedTags.length === 0}
            onClick={() => setMoving(true)}
          >
            {t.moveToCategory}
          </Button>
          <Hint label={t.clearSelection}>
            <ActionIcon variant="subtle" color="gray.0" aria-label={t.clearSelection} onClick={stopSelecting}>
              <IconX size={16} />
            </ActionIcon>
          </Hint>
        </div>
      )}

      {canManage && (
        <>
          <CategoryModal scope={scope} dialog={categoryDialog} onClose={() => setCategoryDialog(null)} />
          <OnDemand when={openTag !== null}>
            <TagInfoModal
              scope={scope}
              tag={openTag}
              categories={categories}
              autoSearchCount={autoSearchCount}
              showUsage={showUsage}
              onClose={() => setOpenTagId(null)}
            />
          </OnDemand>
          <OnDemand when={moving}>
            <MoveTagsModal
              scope={scope}
              opened={moving}
              tags={selectedTags}
              categories={categories}
              onClose={() => setMoving(false)}
              onMoved={stopSelecting}
            />
          </OnDemand>
        </>
      )}
    </div>
  );
}
