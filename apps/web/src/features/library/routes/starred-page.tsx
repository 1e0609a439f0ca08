import { interpolate, ROOT_FOLDER_ID } from '@hookline/contract';
import { Button } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
import { libraryTexts } from '@/config/texts/library';
import { flattenPages } from '@/entities/asset/api/get-assets';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { AssetCollection } from '@/entities/asset/components/asset-collection';
import { useSelection } from '@/entities/asset/hooks/use-selection';
import { useGridSettings, useViewMode } from '@/entities/asset/hooks/use-view-prefs';
import { type BrandItem, useActiveBrand } from '@/entities/brand';
import { useLinkBuilder } from '@/lib/link-builder';
import { useToggleFavorite } from '../api/favorite';
import { useFavorites } from '../api/get-favorites';
import { BulkBar } from '../components/bulk-bar';
import { CollectionHeader } from '../components/collection-header';
import classes from '../components/library.module.css';
import { useLibraryActions } from '../components/use-library-actions';
import { assetHref } from '../utils/links';

const t = libraryTexts.library;

/**
 * /starred: the brand's favorites, grid or list, with the count in the title; the bulk bar
 * only downloads (000 §2); items download and videos make GIFs from their menu.
 */
export function StarredPage() {
  const brand = useActiveBrand();
  // A change of brand starts a fresh view (the selection is reset).
  return <StarredView key={brand.id} brand={brand} />;
}

function StarredView({ brand }: { brand: BrandItem }) {
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const navigate = useNavigate();
  const link = useLinkBuilder();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [viewMode, setViewMode] = useViewMode();
  const [settings, setSettings] = useGridSettings('asset');
  const favorites = useFavorites(scope);
  const favorite = useToggleFavorite(scope);
  const { items, total } = useMemo(() => flattenPages(favorites.data), [favorites.data]);
  const selection = useSelection(items, total);
  const actions = useLibraryActions(scope);
  const open = (asset: AssetItem) => navigate(link(assetHref(asset)));
  const selected = selection.selectedItems(items);

  return (
    <div className={classes.page} data-testid="starred-page">
      <CollectionHeader
        title={t.starredTitle}
        count={favorites.isPending ? null : total === 1 ? t.item : interpolate(t.items, { count: total })}
        countTestId="starred-count"
        viewMode={viewMode}
        onViewMode={setViewMode}
        settings={settings}
        onSettings={setSettings}
      />
      <div className={classes.body} ref={scrollRef}>
        {favorites.isError ? (
          <EmptyState
            icon={<IconStar size={28} />}
            title={t.loadFailed}
            action={
              <Button variant="default" size="xs" onClick={() => void favorites.refetch()}>
                {appTexts.routeError.reload}
              </Button>
            }
          />
        ) : !favorites.isPending && items.length === 0 ? (
          <EmptyState
            testId="starred-empty"
            icon={<IconStar size={28} />}
            title={t.starredEmpty}
            text={t.starredEmptyHint}
            action={
              <Button component={Link} to={link(paths.library.getHref())} variant="light" size="xs" mt="xs">
                {t.goToLibrary}
              </Button>
            }
          />
        ) : (
          <AssetCollection
            items={items}
            loading={favorites.isPending}
            viewMode={viewMode}
            settings={settings}
            scrollRef={scrollRef}
            hasNextPage={favorites.hasNextPage}
            isFetchingNextPage={favorites.isFetchingNextPage}
            fetchNextPage={() => void favorites.fetchNextPage()}
            onOpen={open}
            onToggleFavorite={(asset) => {
              // An unstarred item leaves this page, and the selection with it.
              if (asset.isFavorite) selection.remove([asset.id]);
              favorite.mutate({ id: asset.id, favorite: !asset.isFavorite });
            }}
            handlers={{ onDownload: actions.download, onCreateGif: actions.createGif }}
            selection={selection}
          />
        )}
      </div>
      <BulkBar
        count={selection.count}
        hasSystem={selected.some((item) => item.isSystem)}
        onDownload={() => void actions.downloadMany({ items: selected, parentId: ROOT_FOLDER_ID })}
        onClear={selection.clear}
      />
      {actions.dialogs}
    </div>
  );
}
