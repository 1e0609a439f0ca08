import { type Asset, type DuplicateGroup, interpolate } from '@hookline/contract';
import { Button, Group, Skeleton, Text } from '@mantine/core';
import { IconAlertCircle, IconCopy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import frame from '@/components/page-frame.module.css';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
import { duplicatesTexts as t } from '@/config/texts/duplicates';
import { duplicatesNavTexts } from '@/config/texts/duplicates-labels';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useBrandWriteAccess } from '@/entities/board/use-board-write-access';
import { type BrandItem, useActiveBrand } from '@/entities/brand';
import { appModals } from '@/lib/app-modals';
import { buildLink } from '@/lib/link-builder';
import { showSuccessToast } from '@/lib/notify';
import { useDuplicateGroups, useKeepOne, useNotDuplicates } from '../api/duplicates';
import { DuplicateGroupCard } from '../components/duplicate-group-card';
import classes from '../components/duplicates.module.css';

/**
 * /library/duplicates (issue 15 "Beyond"): the brand's files with the newer files marked as
 * their duplicates, 20 groups a page. 'Keep this one' deletes the group's other files after a
 * confirmation; 'Not duplicates' keeps them all (KEEP_BOTH for each duplicate).
 */
export function DuplicatesPage() {
  const brand = useActiveBrand();
  return <DuplicatesView key={brand.id} brand={brand} />;
}

function DuplicatesView({ brand }: { brand: BrandItem }) {
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const { search } = useLocation();
  const canEdit = useBrandWriteAccess(brand.id);
  const query = useDuplicateGroups(scope);
  const keepOne = useKeepOne(scope);
  const notDuplicates = useNotDuplicates(scope);
  // Groups with an action under way (their buttons wait until the list is fresh).
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const groups = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const total = query.data?.pages[query.data.pages.length - 1]?.total ?? 0;

  const track = (groupId: string, work: Promise<unknown>) => {
    setBusy((current) => new Set(current).add(groupId));
    void work
      .catch(() => undefined) // the call's error toast says what failed
      .finally(() =>
        setBusy((current) => {
          const next = new Set(current);
          next.delete(groupId);
          return next;
        }),
      );
  };

  const keep = (group: DuplicateGroup, kept: Asset) => {
    const others = [group.original, ...group.duplicates].filter((asset) => asset.id !== kept.id);
    appModals.openConfirmModal({
      title: t.confirmTitle,
      centered: true,
      children: (
        <div data-testid="keep-confirm">
          <Text size="sm" fw={500}>
            {others.length === 1 ? t.confirmOne : interpolate(t.confirmMany, { count: others.length })}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {interpolate(t.confirmText, { name: kept.name })}
          </Text>
          <ul className={classes.confirmList}>
            {others.map((asset) => (
              <li key={asset.id}>{asset.name}</li>
            ))}
          </ul>
        </div>
      ),
      labels: { confirm: t.delete, cancel: t.cancel },
      confirmProps: { color: 'red', 'data-testid': 'confirm-keep' } as Record<string, string>,
      onConfirm: () =>
        track(
          group.id,
          keepOne
            .mutateAsync({ keep: kept, others })
            .then(() => showSuccessToast(interpolate(t.kept, { name: kept.name }))),
        ),
    });
  };

  const markNotDuplicates = (group: DuplicateGroup) =>
    track(
      group.id,
      notDuplicates.mutateAsync(group).then(() => showSuccessToast(t.markedNotDuplicates)),
    );

  return (
    <div className={frame.page} data-testid="duplicates-page">
      <header className={frame.header}>
        <PageHeading
          title={duplicatesNavTexts.pageTitle}
          countTestId="duplicates-count"
          count={
            !query.isPending && !query.isError && total > 0
              ? total === 1
                ? t.group
                : interpolate(t.groups, { count: total })
              : null
          }
        />
      </header>
      <div className={frame.body}>
        {query.isPending ? (
          <div className={classes.groups} data-testid="duplicates-loading" aria-busy>
            {[0, 1, 2].map((row) => (
              <div key={row} className={classes.group}>
                <Skeleton h={16} w={200} mb="md" />
                <div className={classes.files}>
                  <Skeleton h={150} />
                  <Skeleton h={150} />
                </div>
              </div>
            ))}
          </div>
        ) : query.isError && groups.length === 0 ? (
          <EmptyState
            testId="duplicates-error"
            icon={<IconAlertCircle size={28} />}
            title={t.loadFailed}
            action={
              <Button variant="default" size="xs" onClick={() => void query.refetch()}>
                {appTexts.routeError.reload}
              </Button>
            }
          />
        ) : groups.length === 0 ? (
          <EmptyState
            testId="duplicates-empty"
            icon={<IconCopy size={28} />}
            title={t.empty}
            text={t.emptyHint}
            action={
              <Button
                component={Link}
                to={buildLink(paths.library.getHref(), {}, search)}
                variant="light"
                size="xs"
                mt="xs"
              >
                {t.goToLibrary}
              </Button>
            }
          />
        ) : (
          <div className={classes.groups} data-testid="duplicate-groups">
            {groups.map((group) => (
              <DuplicateGroupCard
                key={group.id}
                group={group}
                busy={busy.has(group.id)}
                canEdit={canEdit}
                onKeep={keep}
                onNotDuplicates={markNotDuplicates}
              />
            ))}
            {query.isError ? (
              <LoadFailedAlert title={t.loadFailed} onRetry={() => void query.fetchNextPage()} />
            ) : (
              query.hasNextPage && (
                <Group justify="center">
                  <Button
                    variant="default"
                    onClick={() => void query.fetchNextPage()}
                    loading={query.isFetchingNextPage}
                    data-testid="duplicates-load-more"
                  >
                    {t.loadMore}
                  </Button>
                </Group>
              )
            )}
          </div>
        )}
      </div>
    </div>
  );
}
