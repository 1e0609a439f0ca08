import { ROOT_FOLDER_ID } from '@hookline/contract';
import { Button } from '@mantine/core';
import { IconDownload, IconFolderOpen, IconFolderPlus, IconLink } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { OnDemand } from '@/components/on-demand';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
import { libraryTexts } from '@/config/texts/library';
import { sharingLabels } from '@/config/texts/sharing-labels';
import { useRegenerateAiTags } from '@/entities/asset/api/analysis';
import { useAssetDetail } from '@/entities/asset/api/get-asset-detail';
import { flattenPages, useAssets } from '@/entities/asset/api/get-assets';
import type { AssetDetailItem, AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { AssetCollection, type ItemSlots } from '@/entities/asset/components/asset-collection';
import { GridSettingsMenu, SortControl, ViewToggle } from '@/entities/asset/components/view-controls';
import { useSelection } from '@/entities/asset/hooks/use-selection';
import { useGridSettings, useSorting, useViewMode } from '@/entities/asset/hooks/use-view-prefs';
import type { PlayerLinks } from '@/entities/asset/player/media-player';
import { UploadButton } from '@/entities/asset/uploads/components/upload-button';
import { UploadDropZone } from '@/entities/asset/uploads/components/upload-drop-zone';
import { assignBlockReason } from '@/entities/board/access';
import { useActiveBrand } from '@/entities/brand';
import { canUploadToMeta, uploadToMeta } from '@/entities/integration/upload-to-meta';
import { type SharedAccess, useSharedAccess, useShareMode } from '@/entities/share/access';
import { LinkUnavailable } from '@/entities/share/components/link-unavailable';
import { ShareDialog } from '@/entities/share/components/share-dialog-on-demand';
import { useAiRetagBlock } from '@/entities/usage/get-usage';
import { isApiError } from '@/lib/api-client';
import { lazyPrefetched } from '@/lib/lazy-prefetched';
import { useLinkBuilder } from '@/lib/link-builder';
import { markContentShown, whenIdle } from '@/lib/when-idle';
import { useToggleFavorite } from '../api/favorite';
import classes from '../components/library.module.css';
import { DragItem, LibraryDnd } from '../components/library-dnd';
import { LibraryHeader } from '../components/library-header';
import { type ActionTarget, useLibraryActions } from '../components/use-library-actions';
import { assetHref, folderHref } from '../utils/links';

/**
 * The player (its stages, document sheet, CSV table) and the bulk bar are not part of the
 * library page's first load (issue 20: the page loads what it shows): they are fetched once
 * the page has shown its items and the browser is idle, so the first open or selection does
 * not wait for them either (once here, they render in the same frame). A failed load of the
 * player reaches the route's error boundary, which offers the reload.
 */
const player = lazyPrefetched(async () => (await import('@/entities/asset/player/media-player')).MediaPlayer);
const MediaPlayer = player.Component;
const bulkBar = lazyPrefetched(async () => (await import('../components/bulk-bar')).BulkBar);
const BulkBar = bulkBar.Component;
/** The cards' ad performance badges: their call and texts load once the cards show; a failed load shows none. */
const PerformanceBadges = lazy(() =>
  import('../components/performance-badges').catch(() => ({ default: () => null })),
);

function usePrefetchOnIdle(shown: boolean) {
  useEffect(() => {
    if (!shown) return;
    markContentShown();
    return whenIdle(() => {
      void player.prefetch().catch(() => undefined);
      void bulkBar.prefetch().catch(() => undefined);
    });
  }, [shown]);
}

const t = libraryTexts.library;

function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * /library/assets/{folderId?}/{fileId?}/{tab?}: the brand's library (000 §2 "Library page"),
 * or, through a share, what was shared (a visitor's link, another brand's item shared with the
 * user): read-only or as the share's role allows.
 */
export function LibraryPage() {
  return useShareMode() === 'member' ? <BrandLibraryPage /> : <SharedLibraryPage />;
}

/** A shared folder or file, as the caller's policy allows it. */
function SharedLibraryPage() {
  const { folderId = ROOT_FOLDER_ID, fileId, tab } = useParams();
  const { access, loading, error } = useSharedAccess();
  if (loading) return <PageLoader />;
  if (!access) {
    const expired = isApiError(error) && error.status === 410;
    return <LinkUnavailable expired={expired} fullScreen={false} />;
  }
  return (
    <LibraryView
      key={`${access.scope.brandId}:${folderId}`}
      scope={access.scope}
      folderId={folderId}
      fileId={fileId}
      tab={tab}
      shared={access}
      brandName=""
    />
  );
}

function BrandLibraryPage() {
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
      brandName={brand.name}
    />
  );
}

function LibraryView({
  scope,
  folderId,
  fileId,
  tab,
  shared,
  brandName,
}: {
  scope: BrandScope;
  folderId: string;
  fileId: string | undefined;
  tab: string | undefined;
  /** Reached through a share: what it allows (undefined: the brand's own member). */
  shared?: SharedAccess;
  /** The brand's name ('Anyone in {brand}' in the share modal). */
  brandName: string;
}) {
  const member = !shared;
  const visitor = useShareMode() === 'visitor';
  const canWrite = member || shared.write;
  const canRemove = member || shared.remove;
  const canDownload = member || shared.download;
  // A shared file is all there is: no folder around it is listed (the brand's top level is never shared).
  const fileOnly = Boolean(shared && folderId === ROOT_FOLDER_ID);
  const [sharing, setSharing] = useState<AssetItem | AssetDetailItem | null>(null);
  const navigate = useNavigate();
  const link = useLinkBuilder();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [sort, setSort] = useSorting('asset');
  const [viewMode, setViewMode] = useViewMode();
  const [settings, setSettings] = useGridSettings('asset');
  const atRoot = folderId === ROOT_FOLDER_ID;
  const list = useAssets(scope, folderId, sort, !fileOnly);
  const folder = useAssetDetail(scope, atRoot ? null : folderId);
  const { items, total } = useMemo(() => flattenPages(list.data), [list.data]);
  // With details shown, a brand member's cards carry the ad performance of their files.
  const showBadges = member && settings.showAssetDetails;
  const [badgeSlots, setBadgeSlots] = useState<ItemSlots>();
  const itemSlots = showBadges ? badgeSlots : undefined;
  usePrefetchOnIdle(list.isSuccess);
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
  const regenerateAiTags = useRegenerateAiTags(scope);
  const retagBlocked = useAiRetagBlock(scope.accountId, member);

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
  // Through a share: what its role allows, never sharing, copying or GIFs (000 §6).
  const handlers = {
    onDownload: canDownload ? actions.download : undefined,
    onCreateGif: member ? actions.createGif : undefined,
    onRename: canWrite ? actions.rename : undefined,
    // The folder picker walks the brand's tree, which a share does not open: moves are members'.
    onMove: member ? (asset: AssetItem) => actions.moveOrCopy('move', single(asset)) : undefined,
    onCopy: member ? (asset: AssetItem) => actions.moveOrCopy('copy', single(asset)) : undefined,
    onDelete: canRemove ? (asset: AssetItem) => actions.remove(single(asset)) : undefined,
    onShare: member ? (asset: AssetItem) => setSharing(asset) : undefined,
    // Boards are for signed-in people; only members write in the items' brand (000 §6).
    onAddToBoard: visitor ? undefined : (asset: AssetItem) => actions.addToBoard(single(asset)),
    canAddToBoard: member,
    onUploadToMeta: member ? (asset: AssetItem) => uploadToMeta(scope, [asset]) : undefined,
    onRegenerateAiTags: member
      ? (asset: AssetItem) => regenerateAiTags.mutate({ ids: [asset.id] })
      : undefined,
    regenerateAiTagsBlocked: retagBlocked,
    onMoreLikeThis: member
      ? (asset: AssetItem) => navigate(link(paths.search.getHref(), { similarTo: asset.id }))
      : undefined,
  };
  const open = (asset: AssetItem) => navigate(link(assetHref(asset)));
  const playerLinks: PlayerLinks = useMemo(
    () => ({
      item: (id, tab) => link(assetHref({ id, type: 'FILE', parentId: folderId }, tab)),
      // A shared file alone: a visitor has nowhere to go back to, a recipient goes to shared-with-me.
      close: !fileOnly
        ? link(folderHref(folderId))
        : visitor
          ? null
          : link(paths.shared.getHref(), { isShared: null, accountId: null, brandId: null }),
    }),
    [link, folderId, fileOnly, visitor],
  );

  // Ctrl/Cmd-A selects every item of the folder; Escape clears the selection.
  const { selectAll, clear, count } = selection;
  useEffect(() => {
    // Visitors get no keyboard selection (000 §2).
    if (fileId || visitor) return;
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
  }, [fileId, visitor, selectAll, clear, count]);

  if ((!fileOnly && isNotFound(list.error)) || isNotFound(folder.error)) {
    if (shared) return <LinkUnavailable fullScreen={false} />;
    return <Navigate to={link(paths.home.getHref())} replace />;
  }
  if (fileOnly) {
    if (!fileId) return <LinkUnavailable fullScreen={false} />;
    return (
      <div className={classes.page} data-testid="library-page">
        {
          <Suspense fallback={null}>
            <MediaPlayer
              scope={scope}
              fileId={fileId}
              links={playerLinks}
              tab={tab}
              items={[]}
              hasNextPage={false}
              fetchNextPage={() => undefined}
              canEdit={canWrite}
              canComment={shared?.comment}
              handlers={handlers}
            />
          </Suspense>
        }
        {actions.dialogs}
      </div>
    );
  }

  const hasSystem = selected.some((item) => item.isSystem);
  const loading = list.isPending;
  const empty = !loading && !list.isError && items.length === 0;
  const currentFolder = folder.data;

  const body = (
    <div className={classes.body} ref={scrollRef} data-testid="library-body">
      {list.isError && !isNotFound(list.error) && (
        <EmptyState
          icon={<IconFolderOpen size={28} />}
          title={t.loadFailed}
          action={
            <Button variant="default" size="xs" onClick={() => void list.refetch()}>
              {appTexts.routeError.reload}
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
            onToggleFavorite={
              member ? (asset) => favorite.mutate({ id: asset.id, favorite: !asset.isFavorite }) : undefined
            }
            handlers={handlers}
            selection={visitor ? undefined : selection}
            DragItem={member ? DragItem : undefined}
            itemSlots={itemSlots}
          />
        </LibraryDnd>
      )}
    </div>
  );

  return (
    <div className={classes.page} data-testid="library-page">
      <LibraryHeader
        folderId={folderId}
        folder={currentFolder}
        loading={folder.isPending && !atRoot}
        rootLabel={member ? t.brandAssets : t.sharedWithMe}
        rootHref={member ? undefined : visitor ? null : paths.shared.getHref()}
        handlers={{
          onNewFolder: canWrite ? () => actions.createFolder(folderId) : undefined,
          // The shared folder itself is never renamed away, moved or deleted by its recipients.
          onRename: currentFolder && member ? () => actions.rename(currentFolder) : undefined,
          onMove:
            currentFolder && member ? () => actions.moveOrCopy('move', single(currentFolder)) : undefined,
          onDownload: currentFolder && canDownload ? () => actions.download(currentFolder) : undefined,
          onDelete: currentFolder && member ? () => actions.remove(single(currentFolder)) : undefined,
          onShare: currentFolder && member ? () => setSharing(currentFolder) : undefined,
        }}
        controls={
          <>
            {member && currentFolder && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconLink size={14} />}
                onClick={() => setSharing(currentFolder)}
                data-testid="public-link-button"
              >
                {sharingLabels.publicLinkButton}
              </Button>
            )}
            {visitor && currentFolder && canDownload && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} />}
                onClick={() => actions.download(currentFolder)}
                data-testid="visitor-download"
              >
                {libraryTexts.downloads.download}
              </Button>
            )}
            {canWrite && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconFolderPlus size={14} />}
                onClick={() => actions.createFolder(folderId)}
              >
                {t.newFolder}
              </Button>
            )}
            {canWrite && !visitor && <UploadButton scope={scope} folderId={folderId} />}
            {viewMode === 'grid' && <SortControl value={sort} onChange={setSort} />}
            {viewMode === 'grid' && <GridSettingsMenu value={settings} onChange={setSettings} />}
            <ViewToggle value={viewMode} onChange={setViewMode} />
          </>
        }
      />
      {canWrite && !visitor ? (
        <UploadDropZone scope={scope} folderId={folderId} folderName={currentFolder?.name}>
          {body}
        </UploadDropZone>
      ) : (
        body
      )}
      <OnDemand when={selection.count > 0}>
        <BulkBar
          count={selection.count}
          hasSystem={hasSystem}
          onMove={member ? () => actions.moveOrCopy('move', selectionTarget()) : undefined}
          onCopy={member ? () => actions.moveOrCopy('copy', selectionTarget()) : undefined}
          onDelete={canRemove ? () => actions.remove(selectionTarget()) : undefined}
          onDownload={canDownload ? () => void actions.downloadMany(selectionTarget()) : undefined}
          onTags={canWrite ? () => actions.tagItems(selectionTarget()) : undefined}
          onFields={member ? () => actions.editFields(selectionTarget()) : undefined}
          onRegenerateAiTags={
            member && selected.some((item) => item.mediaAnalysisStatus !== null)
              ? () =>
                  regenerateAiTags.mutate({
                    ids: selected.map((item) => item.id),
                    // Select-all: the server takes the folder's items, loaded or not.
                    all: selection.allFlag ? { parentId: folderId, totalCount: selection.count } : undefined,
                  })
              : undefined
          }
          onAddToBoard={visitor ? undefined : () => actions.addToBoard(selectionTarget())}
          onUploadToMeta={
            member && selected.length === selection.count && canUploadToMeta(selected)
              ? () => uploadToMeta(scope, selected)
              : undefined
          }
          regenerateAiTagsBlocked={retagBlocked}
          addToBoardBlocked={assignBlockReason(selected, member)}
          onClear={selection.clear}
        />
      </OnDemand>
      {showBadges && list.data && (
        <Suspense fallback={null}>
          <PerformanceBadges scope={scope} pages={list.data.pages} onSlots={setBadgeSlots} />
        </Suspense>
      )}
      {actions.dialogs}
      {member && (
        <ShareDialog
          opened={sharing !== null}
          onClose={() => setSharing(null)}
          scope={scope}
          item={sharing ?? { id: '', name: '', library: 'BRAND' }}
          brandName={brandName}
        />
      )}
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
            canEdit={canWrite}
            canComment={shared ? shared.comment : undefined}
            handlers={handlers}
          />
        </Suspense>
      )}
    </div>
  );
}
