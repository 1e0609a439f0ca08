import {
  formatBytes,
  formatDate,
  PREFETCH_WINDOW,
  type Reply,
  renameKeepingExtension,
  UPLOADING_REFETCH_INTERVAL_MS,
} from '@hookline/contract';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Hint } from '@/components/hint';
import { libraryTexts } from '@/config/texts/library';
import { useBrandWriteAccess } from '@/entities/board/use-board-write-access';
import { useCommentThreads } from '@/entities/comment/api';
import { ReviewProvider, useReview } from '@/entities/comment/review';
import { isAccountAdmin, profileQueryOptions } from '@/entities/profile';
import { isApiError } from '@/lib/api-client';
import { useAccessToken } from '@/lib/session';
import { ANALYSIS_REFETCH_MS, analysisRunning } from '../api/analysis';
import { assetDetailQueryOptions } from '../api/get-asset-detail';
import type { AssetItem, BrandScope } from '../api/keys';
import { useRenameAsset } from '../api/update-asset';
import { AssetActionsMenu, type ItemActionHandlers } from '../components/asset-actions-menu';
import classes from './player.module.css';
import { PlayerPanel, type PlayerTab, playerTabs } from './player-panel';
import { PlayerStage } from './player-stage';
import { usePlayerFocus } from './use-player-focus';

const t = libraryTexts.library;
const STAGE_THREADS = { sort: 'oldest' } as const;

export { type PlayerTab, playerTabs } from './player-panel';

/**
 * Where the player's moves lead, given by the page that opens it (the library, a board,
 * search, shared-with-me): each keeps its own URLs, the player only follows them.
 */
export interface PlayerLinks {
  /** An item of the same list, on a tab. */
  item(id: string, tab: PlayerTab): string;
  /** Back to the list the player was opened from (none: a shared file is all there is). */
  close: string | null;
}

export interface MediaPlayerProps {
  scope: BrandScope;
  fileId: string;
  tab: string | undefined;
  links: PlayerLinks;
  /** The list's loaded items (previous / next walk the files among them). */
  items: AssetItem[];
  hasNextPage: boolean;
  fetchNextPage: () => void;
  canEdit: boolean;
  /** Writes comments (default: canEdit; a share's Commenter comments without editing). */
  canComment?: boolean | undefined;
  /**
   * Puts the item on boards (the boards tab, with write access in its brand; default: canEdit).
   * The analytics player's ad media are not edited there, but go on boards.
   */
  canAssignBoards?: boolean | undefined;
  /** The item's actions in the top bar (download, create GIF, rename, move, copy, delete). */
  handlers?: ItemActionHandlers | undefined;
  /**
   * The opening page's own controls for the shown item, in the top bar before its menu (a
   * board in review mode: the item's review state, approve and request changes).
   */
  barActions?: ((asset: AssetItem) => ReactNode) | undefined;
  /** The analytic tab's content (the analytics player: the ad's figures); no tab without it. */
  analytic?: ReactNode;
}

/** Elements that use Space themselves: the player's Space shortcut leaves them alone. */
const SPACE_KEEPING_CONTROLS =
  'input, select, button, a[href], summary, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="slider"], [role="menuitem"]';

function isPlayerTab(value: string | undefined): value is PlayerTab {
  return (playerTabs as readonly (string | undefined)[]).includes(value);
}

/**
 * The media player (000 §2): a dark stage showing the media by type (player-stage.tsx), a top
 * bar (editable title, creation date, close, previous / next and the arrow keys), Space to
 * play and pause, and the tabs panel (overview and info for now). Every page that shows
 * assets opens this one player with its own links.
 */
export function MediaPlayer(props: MediaPlayerProps) {
  return (
    <ReviewProvider>
      <MediaPlayerBody {...props} />
    </ReviewProvider>
  );
}

function MediaPlayerBody({
  scope,
  fileId,
  tab,
  links,
  items,
  hasNextPage,
  fetchNextPage,
  canEdit,
  canComment = canEdit,
  canAssignBoards = canEdit,
  handlers,
  barActions,
  analytic,
}: MediaPlayerProps) {
  const navigate = useNavigate();
  const review = useReview();
  // Who comments (a page without a signed-in user shows comments read-only).
  const signedIn = Boolean(useAccessToken());
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn }).data;
  const [searchParams] = useSearchParams();
  // While the file uploads or its previews are made, look again every 4 s (000 §4 "Upload");
  // while its AI analysis runs, every 5 s (000 §6), so blocked tag editing opens when it ends.
  const detail = useQuery({
    ...assetDetailQueryOptions(scope, fileId),
    refetchInterval: (query) => {
      const state = query.state.data?.uploadingState;
      if (state === 'UPLOADING' || state === 'UPLOADED_GENERATING_THUMBNAIL')
        return UPLOADING_REFETCH_INTERVAL_MS;
      return analysisRunning(query.state.data) ? ANALYSIS_REFETCH_MS : false;
    },
  });
  const mediaRef = useRef<HTMLMediaElement | null>(null);
  const containerRef = usePlayerFocus();
  const files = items.filter((item) => item.type !== 'FOLDER');
  const index = files.findIndex((item) => item.id === fileId);
  const previous = index > 0 ? files[index - 1] : undefined;
  const next = index >= 0 ? files[index + 1] : undefined;
  // The boards tab: write access in the item's brand (a share's Editor of another brand has none).
  const brandMember = useBrandWriteAccess(scope.brandId);
  const boardsTab = brandMember && canAssignBoards;
  // The transcript tab: video and audio; videoIntelligence: videos, for signed-in members
  // (while the item loads, the address is kept).
  const type = detail.data?.type;
  const speaks = !type || type === 'VIDEO' || type === 'AUDIO';
  const intelligence = signedIn && (!type || type === 'VIDEO');
  // The performance tab: the brand's own images and videos (BRAND library), for its members.
  const performance =
    brandMember &&
    (!detail.data || ((type === 'VIDEO' || type === 'IMAGE') && detail.data.library === 'BRAND'));
  const available = (value: string | undefined): value is PlayerTab =>
    isPlayerTab(value) &&
    (value !== 'boards' || boardsTab) &&
    (value !== 'transcript' || speaks) &&
    (value !== 'videoIntelligence' || intelligence) &&
    (value !== 'analytic' || analytic !== undefined) &&
    (value !== 'performance' || performance);
  const currentTab: PlayerTab = available(tab) ? tab : 'overview';
  // Tabs that depend on the item's type show once it has loaded.
  const shownTabs = playerTabs.filter(
    (value) =>
      available(value) &&
      (detail.data !== undefined ||
        (value !== 'transcript' && value !== 'videoIntelligence' && value !== 'performance')),
  );

  // An invalid (or unavailable) tab is replaced by overview.
  const validTab = available(tab);
  useEffect(() => {
    if (!validTab) navigate(links.item(fileId, 'overview'), { replace: true });
  }, [validTab, fileId, navigate, links]);

  // Neighbours: the next page loads when fewer than 10 files remain after this one.
  useEffect(() => {
    if (index >= 0 && hasNextPage && files.length - index - 1 < PREFETCH_WINDOW) fetchNextPage();
  }, [index, files.length, hasNextPage, fetchNextPage]);

  const go = (asset: AssetItem | undefined) => {
    if (asset) navigate(links.item(asset.id, currentTab));
  };
  const close = () => {
    if (links.close) navigate(links.close);
  };

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input:not([type="checkbox"]), textarea, [contenteditable="true"], [role="menu"]'))
        return;
      // A dialog opened over the player (unsaved changes, rename) keeps its keys.
      const dialog = target?.closest('[aria-modal="true"]');
      if (dialog && dialog.getAttribute('data-testid') !== 'media-player') return;
      if (event.key === ' ' && !event.repeat) {
        // Space on a control (button, tab, checkbox, link) presses that control.
        if (target?.closest(SPACE_KEEPING_CONTROLS)) return;
        const media = mediaRef.current;
        if (!media) return;
        // Also keeps the browser from toggling a focused <video> a second time, or scrolling.
        event.preventDefault();
        if (media.paused) void media.play().catch(() => undefined);
        else media.pause();
      } else if (event.key === 'ArrowLeft' && previous) go(previous);
      else if (event.key === 'ArrowRight' && next) go(next);
      else if (event.key === 'Escape') {
        // Escape first leaves drawing or pin placing, then closes the player.
        if (review && review.mode !== 'idle') review.setMode('idle');
        else close();
      } else if ((event.key === 'i' || event.key === 'o') && currentTab === 'comments' && mediaRef.current) {
        // In and out points of a range comment (issue #11).
        const now = mediaRef.current.currentTime;
        review?.setDraft((d) =>
          event.key === 'i'
            ? { ...d, start: now, end: d.end !== null && d.end > now ? d.end : null }
            : d.start !== null && now > d.start
              ? { ...d, end: now }
              : { ...d, start: now, end: null },
        );
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // ?t=<seconds> (a creative clip, a search hit): the media starts there once, when it is shown.
  const startAt = Number(searchParams.get('t'));
  const seeked = useRef<string | null>(null);
  useEffect(() => {
    const media = mediaRef.current;
    if (!media || !Number.isFinite(startAt) || startAt <= 0 || seeked.current === fileId) return;
    seeked.current = fileId;
    media.currentTime = startAt;
  });

  const notFound = detail.isError && isApiError(detail.error) && detail.error.status === 404;
  const asset = detail.data;
  // The stage's markers, drawings and pins: the item's threads, oldest first, once it has any.
  const stageThreads = useCommentThreads(scope, fileId, STAGE_THREADS, false, Boolean(asset?.commentsCount));
  /** A comment chosen (in the panel, on the timeline, a pin): seek and pause there, show it. */
  const choose = (comment: Reply) => {
    review?.select(comment);
    const media = mediaRef.current;
    if (media && comment.start !== null) {
      media.pause();
      media.currentTime = comment.start;
    }
    if (currentTab !== 'comments') navigate(links.item(fileId, 'comments'));
  };

  return (
    <div
      ref={containerRef}
      tabIndex={-1}
      className={classes.player}
      role="dialog"
      aria-modal="true"
      aria-label={asset?.name ?? t.player}
      data-testid="media-player"
    >
      <div className={classes.playerBar}>
        <Group gap={4} wrap="nowrap">
          <Hint label={t.previous}>
            <ActionIcon
              variant="subtle"
              color="gray.3"
              aria-label={t.previous}
              disabled={!previous}
              className={classes.barIcon}
              onClick={() => go(previous)}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Hint>
          <Hint label={t.next}>
            <ActionIcon
              variant="subtle"
              color="gray.3"
              aria-label={t.next}
              disabled={!next}
              className={classes.barIcon}
              onClick={() => go(next)}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Hint>
        </Group>
        <div style={{ flex: 1, minWidth: 0 }}>
          {asset && (
            <Group gap="sm" wrap="nowrap">
              <EditableTitle
                key={asset.id}
                scope={scope}
                asset={asset}
                canEdit={canEdit && !asset.isSystem}
              />
              <Text size="xs" c="gray.4" style={{ whiteSpace: 'nowrap' }} data-testid="player-created">
                {formatDate(asset.createdAt)}
              </Text>
            </Group>
          )}
        </div>
        {asset && barActions?.(asset)}
        {asset && handlers && (
          <AssetActionsMenu asset={asset} handlers={handlers} className={classes.barIcon} />
        )}
        {links.close && (
          <Hint label={t.close}>
            <ActionIcon variant="subtle" color="gray.3" aria-label={t.close} onClick={close}>
              <IconX size={18} />
            </ActionIcon>
          </Hint>
        )}
      </div>

      {notFound ? (
        <Stack align="center" justify="center" style={{ flex: 1 }} gap="sm" data-testid="item-not-found">
          <Text fw={600} size="lg" c="gray.1">
            {t.notFound}
          </Text>
          <Text size="sm" c="gray.4">
            {t.notFoundText}
          </Text>
          {links.close && (
            <Button variant="light" onClick={close}>
              {t.backToLibrary}
            </Button>
          )}
        </Stack>
      ) : (
        <div className={classes.playerMain}>
          <div className={classes.stage} data-testid="player-stage">
            {asset ? (
              <PlayerStage
                scope={scope}
                asset={asset}
                canEdit={canEdit}
                mediaRef={mediaRef}
                review={{ threads: stageThreads.data ?? [], choose }}
              />
            ) : (
              <Loader color="gray" />
            )}
          </div>
          <PlayerPanel
            scope={scope}
            asset={asset}
            tabs={shownTabs}
            currentTab={currentTab}
            onTab={(value) => navigate(links.item(fileId, value))}
            mediaRef={mediaRef}
            canEdit={canEdit}
            canComment={canComment}
            viewer={
              profile
                ? { userId: profile.userId, isAdmin: isAccountAdmin(profile), canWrite: canComment }
                : null
            }
            onChooseComment={choose}
            highlightCommentId={searchParams.get('commentId')}
            analytic={analytic}
          />
        </div>
      )}
    </div>
  );
}

/**
 * The inline title (000 §5): empty → 'fieldRequired'; an unchanged value is not saved; a failed
 * save restores the old value and shows the 'saveError' warning.
 */
export function EditableTitle({
  scope,
  asset,
  canEdit,
}: {
  scope: BrandScope;
  asset: AssetItem;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(asset.name);
  const [shown, setShown] = useState(asset.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameAsset(scope, { silent: true });

  useEffect(() => setShown(asset.name), [asset.name]);

  const save = () => {
    const trimmed = value.trim();
    if (!trimmed) {
      setError(t.fieldRequired);
      return;
    }
    setEditing(false);
    setError(null);
    const next = renameKeepingExtension(shown, trimmed, asset.type === 'FOLDER');
    if (next === shown) return;
    const previous = shown;
    setShown(next);
    rename.mutate(
      { id: asset.id, name: next },
      {
        onError: () => {
          setShown(previous);
          notifications.show({
            color: 'yellow',
            title: t.saveError,
            message: previous,
            id: 'player-title-save-error',
          });
        },
      },
    );
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setEditing(false);
      setError(null);
      setValue(shown);
    }
  };

  if (!canEdit) {
    return (
      <Text fw={600} c="white" truncate data-testid="player-title">
        {shown}
      </Text>
    );
  }
  if (editing) {
    return (
      <TextInput
        size="xs"
        value={value}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={onKey}
        onBlur={save}
        error={error}
        aria-label={t.editTitle}
        autoFocus
        w={360}
        data-testid="player-title-input"
      />
    );
  }
  return (
    <Hint label={t.editTitle}>
      <UnstyledButton
        className={classes.titleButton}
        onClick={() => {
          setValue(shown);
          setEditing(true);
        }}
        data-testid="player-title"
      >
        {shown}
      </UnstyledButton>
    </Hint>
  );
}
