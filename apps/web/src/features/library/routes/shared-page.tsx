import { interpolate, sharesMessages } from '@hookline/contract';
import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { appTexts } from '@/config/texts/app';
import { libraryTexts } from '@/config/texts/library';
import { sharingTexts } from '@/config/texts/sharing';
import { sharingLabels } from '@/config/texts/sharing-labels';
import { flattenPages } from '@/entities/asset/api/get-assets';
import type { AssetItem } from '@/entities/asset/api/keys';
import { AssetCollection } from '@/entities/asset/components/asset-collection';
import { useGridSettings, useViewMode } from '@/entities/asset/hooks/use-view-prefs';
import { useBrandList } from '@/entities/brand';
import { sharedWithMeQueryOptions, useUnshare } from '@/entities/share/api';
import { buildLink } from '@/lib/link-builder';
import { showSuccessToast } from '@/lib/notify';
import { CollectionHeader } from '../components/collection-header';
import classes from '../components/library.module.css';
import { assetHref } from '../utils/links';

const t = sharingTexts.sharing;

/**
 * /shared (000 §2 "Shared-with-me page"): items people shared with me, newest first, 25 a
 * page, grid or list (shared by and shared at in the list). Opening one keeps the user's own
 * brand active: its link carries isShared=true and the item's account and brand. 'Remove from
 * shared' is offered here only, and only for another brand's item.
 */
export function SharedPage() {
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [viewMode, setViewMode] = useViewMode();
  const [settings, setSettings] = useGridSettings('asset');
  const shared = useInfiniteQuery(sharedWithMeQueryOptions());
  const { items, total } = useMemo(() => flattenPages(shared.data), [shared.data]);
  const ownBrands = new Set(useBrandList().map((brand) => brand.id));
  const unshare = useUnshare();
  const open = (asset: AssetItem) =>
    navigate(
      buildLink(assetHref({ ...asset, parentId: null }), {
        accountId: asset.accountId,
        brandId: asset.brandId,
        isShared: 'true',
      }),
    );

  return (
    <div className={classes.page} data-testid="shared-page">
      <CollectionHeader
        title={sharingLabels.sharedPage}
        count={
          shared.isPending
            ? null
            : total === 1
              ? t.sharedCountOne
              : interpolate(t.sharedCount, { n: String(total) })
        }
        countTestId="shared-count"
        viewMode={viewMode}
        onViewMode={setViewMode}
        settings={settings}
        onSettings={setSettings}
      />
      <div className={classes.body} ref={scrollRef}>
        {shared.isError ? (
          <EmptyState
            icon={<IconShare size={28} />}
            title={libraryTexts.library.loadFailed}
            action={
              <Button variant="default" size="xs" onClick={() => void shared.refetch()}>
                {appTexts.routeError.reload}
              </Button>
            }
          />
        ) : !shared.isPending && items.length === 0 ? (
          <EmptyState
            testId="shared-empty"
            icon={<IconShare size={28} />}
            title={t.sharedEmpty}
            text={t.sharedEmptyHint}
          />
        ) : (
          <AssetCollection
            items={items}
            loading={shared.isPending}
            viewMode={viewMode}
            settings={settings}
            scrollRef={scrollRef}
            hasNextPage={shared.hasNextPage}
            isFetchingNextPage={shared.isFetchingNextPage}
            fetchNextPage={() => void shared.fetchNextPage()}
            onOpen={open}
            sharedColumns
            handlers={{
              onRemoveFromShared: (asset) =>
                unshare.mutate(asset, {
                  onSuccess: () => showSuccessToast(sharesMessages.removedFromShared),
                }),
              canRemoveFromShared: (asset) => !ownBrands.has(asset.brandId),
            }}
          />
        )}
      </div>
    </div>
  );
}
