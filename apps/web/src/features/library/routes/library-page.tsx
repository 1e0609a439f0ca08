import { ROOT_FOLDER_ID } from '@hookline/contract';
import { Button } from '@mantine/core';
import { IconFolderOpen, IconFolderPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { webTexts } from '@/config/texts';
import { useAssetDetail } from '@/entities/asset/api/get-asset-detail';
import { flattenPages, useAssets } from '@/entities/asset/api/get-assets';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { AssetCollection } from '@/entities/asset/components/asset-collection';
import { useSelection } from '@/entities/asset/hooks/use-selection';
import { useGridSettings, useSorting, useViewMode } from '@/entities/asset/hooks/use-view-prefs';
import type { PlayerLinks } from '@/entities/asset/player/media-player';
import { UploadButton } from '@/entities/asset/uploads/components/upload-button';
import { UploadDropZone } from '@/entities/asset/uploads/components/upload-drop-zone';
import { useActiveBrand } from '@/entities/brand';
import { isApiError } from '@/lib/api-client';
import { useLinkBuilder } from '@/lib/link-builder';
import { useToggleFavorite } from '../api/favorite';
import { BulkBar } from '../components/bulk-bar';
import { EmptyState } from '../components/empty-state';
import classes from '../components/library.module.css';
import { DragItem, LibraryDnd } from '../components/library-dnd';
import { LibraryHeader } from '../components/library-header';
import { type ActionTarget, useLibraryActions } from '../components/use-library-actions';
import { GridSettingsMenu, SortControl, ViewToggle } from '../components/view-controls';
import { assetHref, folderHref } from '../utils/links';

/**
 * The player (its stages, document sheet, CSV table) is not part of the library page's first
 * load (issue 20: the page loads what it shows): it is fetched once the page is idle, so the
 * first open does not wait for it either. A failed load reaches the route's error boundary,
 * which offers the reload.
 */
type PlayerModule = typeof import('@/entities/asset/player/media-player');
let playerModule: PlayerModule | undefined;
const loadPlayer = async () => {
  playerModule ??= await import('@/entities/asset/player/media-player');
  return playerModule;
};
/**
 * Once the code is here (prefetched), the lazy component resolves in the same render: a
 * thenable that calls back at once lets React skip the suspense, whose reveal React holds
 * back for ~300 ms (the first open took 345 ms, later ones 40 ms).
 */
const MediaPlayer = lazy(() => {
  const loaded = playerModule;
  if (loaded)
    return {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves at once is the point (see above).
      then: (resolve: (module: { default: PlayerModule['MediaPlayer'] }) => void) =>
        resolve({ default: loaded.MediaPlayer }),
    } as unknown as Promise<{ default: PlayerModule['MediaPlayer'] }>;
  return loadPlayer().then((module) => ({ default: module.MediaPlayer }));
});

/** Fetches the player's code once the page has shown its items and the browser is idle. */
function usePrefetchPlayer(shown: boolean) {
  useEffect(() => {
    if (!shown) return;
    const prefetch = () => void loadPlayer().catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(prefetch, 2_000);
      return () => window.clearTimeout(timer);
    }
    const id = window.requestIdleCallback(prefetch, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }, [shown]);
}

const t = webTexts.library;

function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** /library/assets/{folderId?}/{fileId?}/{tab?}: the brand's library (000 §2 "Library page"). */
export function LibraryPage() {
  const { folderId = ROOT_FOLDER_ID, fileId, tab } = useParams();
  const brand = useActiveBrand();
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const navigate = useNavigate();
  const link = useLinkBuilder();

  // A change of brand closes the open item (the folder belongs to the previous brand).
  const brandRef = useRef(brand.id);
  useEffect(() => {
    if (brandRef.current === brand.id) return;
    brandRef.current = brand.id;
    if (fileId || folderId !== ROOT_FOLDER_ID) navigate(link(paths.library.getHref()), { replace: true });
  }, [brand.id, fileId, folderId, navigate, link]);

  // Folder or brand change: a fresh view (selection reset).
  return (
    <LibraryView
      key={`${brand.id}:${folderId}`}
      scope={scope}
      folderId={folderId}
      fileId={fileId}
      tab={tab}
    />
  );
}

function LibraryView({
  scope,
  folderId,
  fileId,
  tab,
}: {
  scope: BrandScope;
  folderId: string;
  fileId: string | undefined;
  tab: string | undefined;
}) {
  const navigate = useNavigate();
  const link = useLinkBuilder();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [sort, setSort] = useSorting('asset');
  const [viewMode, setViewMode] = useViewMode();
  const [settings, setSettings] = useGridSettings('asset');
  const atRoot = folderId === ROOT_FOLDER_ID;
  const list = useAssets(scope, folderId, sort);
  const folder = useAssetDetail(scope, atRoot ? null : folderId);
  const { items, total } = useMemo(() => flattenPages(list.data), [list.data]);
  usePrefetchPlayer(list.isSuccess);
  const selection = useSelection(items, total);
  const favorite = useToggleFavorite(scope);
  const parentOfFolder = folder.data ? (folder.data.parentId ?? ROOT_FOLDER_ID) : ROOT_FOLDER_ID;

  const onItemsGone = useCallback(
    (ids: string[]) => {
      selection.remove(ids);
      // Moving or deleting the open folder goes to its parent; the open file closes the player.
      if (ids.includes(folderId)) navigate(link(folderHref(parentOfFolder)));
      else if (fileId && ids.includes(fileId)) navigate(link(folderHref(folderId)));
    },
    [selection, folderId, fileId, navigate, link, parentOfFolder],
  );
  const actions = useLibraryActions(scope, { onItemsGone });

  const selected = selection.selectedItems(items);
  const selectionTarget = (): ActionTarget => ({
    items: selected,
    parentId: folderId,
    all: selection.allFlag,
    count: selection.count,
  });
  const single = (asset: AssetItem): ActionTarget => ({
    items: [asset],
    parentId: asset.parentId ?? ROOT_FOLDER_ID,
  });
  const handlers = {
    onDownload: actions.download,
    onCreateGif: actions.createGif,
    onRename: actions.rename,
    onMove: (asset: AssetItem) => actions.moveOrCopy('move', single(asset)),
    onCopy: (asset: AssetItem) => actions.moveOrCopy('copy', single(asset)),
    onDelete: (asset: AssetItem) => actions.remove(single(asset)),
  };
  const open = (asset: AssetItem) => navigate(link(assetHref(asset)));
  const playerLinks: PlayerLinks = useMemo(
    () => ({
      item: (id, tab) => link(assetHref({ id, type: 'FILE', parentId: folderId }, tab)),
      close: link(folderHref(folderId)),
    }),
    [link, folderId],
  );

  // Ctrl/Cmd-A selects every item of the folder; Escape clears the selection.
  const { selectAll, clear, count } = selection;
  useEffect(() => {
    if (fileId) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (
        target?.closest(
          'input:not([type="checkbox"]), textarea, [contenteditable="true"], [role="dialog"], [role="menu"]',
        )
      )
        return;
      if (document.querySelector('[role="dialog"]')) return;
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'a') {
        event.preventDefault();
        selectAll();
      } else if (event.key === 'Escape' && count > 0) {
        clear();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fileId, selectAll, clear, count]);

  if (isNotFound(list.error) || isNotFound(folder.error)) {
    return <Navigate to={link(paths.home.getHref())} replace />;
  }

  const hasSystem = selected.some((item) => item.isSystem);
  const loading = list.isPending;
  const empty = !loading && !list.isError && items.length === 0;
  const currentFolder = folder.data;

  return (
    <div className={classes.page} data-testid="library-page">
      <LibraryHeader
        folderId={folderId}
        folder={currentFolder}
        loading={folder.isPending && !atRoot}
        rootLabel={t.brandAssets}
        handlers={{
          onNewFolder: () => actions.createFolder(folderId),
          onRename: currentFolder ? () => actions.rename(currentFolder) : undefined,
          onMove: currentFolder ? () => actions.moveOrCopy('move', single(currentFolder)) : undefined,
          onDownload: currentFolder ? () => actions.download(currentFolder) : undefined,
          onDelete: currentFolder ? () => actions.remove(single(currentFolder)) : undefined,
        }}
        controls={
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFolderPlus size={14} />}
              onClick={() => actions.createFolder(folderId)}
            >
              {t.newFolder}
            </Button>
            <UploadButton scope={scope} folderId={folderId} />
            {viewMode === 'grid' && <SortControl value={sort} onChange={setSort} />}
            {viewMode === 'grid' && <GridSettingsMenu value={settings} onChange={setSettings} />}
            <ViewToggle value={viewMode} onChange={setViewMode} />
          </>
        }
      />
      <UploadDropZone scope={scope} folderId={folderId} folderName={currentFolder?.name}>
        <div className={classes.body} ref={scrollRef} data-testid="library-body">
          {list.isError && !isNotFound(list.error) && (
            <EmptyState
              icon={<IconFolderOpen size={28} />}
              title={t.loadFailed}
              action={
                <Button variant="default" size="xs" onClick={() => void list.refetch()}>
                  {webTexts.routeError.reload}
                </Button>
              }
            />
          )}
          {empty ? (
            <EmptyState
              testId="empty-folder"
              icon={<IconFolderOpen size={28} />}
              title={t.emptyFolder}
              text={t.emptyFolderHint}
              note={t.dragDropHint}
            />
          ) : (
            <LibraryDnd
              items={items}
              draggedItems={(asset) => (selection.isSelected(asset.id) ? selected : [asset])}
              onDrop={(moved, target) =>
                actions.transfer('move', { items: moved, parentId: folderId }, target.id)
              }
            >
              <AssetCollection
                items={items}
                loading={loading}
                viewMode={viewMode}
                settings={settings}
                scrollRef={scrollRef}
                hasNextPage={list.hasNextPage}
                isFetchingNextPage={list.isFetchingNextPage}
                fetchNextPage={() => void list.fetchNextPage()}
                onOpen={open}
                onToggleFavorite={(asset) => favorite.mutate({ id: asset.id, favorite: !asset.isFavorite })}
                handlers={handlers}
                selection={selection}
                DragItem={DragItem}
              />
            </LibraryDnd>
          )}
        </div>
      </UploadDropZone>
      <BulkBar
        count={selection.count}
        hasSystem={hasSystem}
        onMove={() => actions.moveOrCopy('move', selectionTarget())}
        onCopy={() => actions.moveOrCopy('copy', selectionTarget())}
        onDelete={() => actions.remove(selectionTarget())}
        onDownload={() => void actions.downloadMany(selectionTarget())}
        onTags={() => actions.tagItems(selectionTarget())}
        onFields={() => actions.editFields(selectionTarget())}
        onClear={selection.clear}
      />
      {actions.dialogs}
      {fileId && (
        <Suspense fallback={null}>
          <MediaPlayer
            scope={scope}
            fileId={fileId}
            links={playerLinks}
            tab={tab}
            items={items}
            hasNextPage={list.hasNextPage}
            fetchNextPage={() => void list.fetchNextPage()}
            canEdit
            handlers={handlers}
          />
        </Suspense>
      )}
    </div>
  );
}
