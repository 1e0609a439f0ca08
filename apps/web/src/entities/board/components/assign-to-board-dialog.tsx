import { BOARD_LIMITS, boardsMessages, interpolate } from '@hookline/contract';
import {
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLayoutBoard, IconPlus, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { paths } from '@/config/paths';
import { boardAssignDialogTexts as t } from '@/config/texts/board-assign-dialog';
import { listChildIds } from '@/entities/asset/api/download-zip';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { isApiError } from '@/lib/api-client';
import { buildLink } from '@/lib/link-builder';
import { navigateTo } from '@/lib/navigation';
import { showErrorToast } from '@/lib/notify';
import { type AssignEntity, useAssignToBoard } from '../api/assign';
import { boardPickerQueryOptions, useCreateBoard } from '../api/boards';
import type { Board } from '../api/keys';
import classes from './board.module.css';

/** The most items one bulk update takes (the contract's bulkUpdateBodySchema). */
const BULK_UPDATE_MAX = 1000;

/**
 * What goes onto the board: the picked items, or with `all` every child of `parentId` (a
 * select-all reaching past the loaded pages; `count` of them). The library's action target
 * has this shape.
 */
export interface AssignRequest {
  items: readonly Pick<AssetItem, 'id' | 'library' | 'name'>[];
  parentId?: string;
  all?: boolean | undefined;
  count?: number | undefined;
}

/** The items' references; a select-all past the loaded pages lists the folder's children. */
async function entitiesOf(scope: BrandScope, request: AssignRequest): Promise<AssignEntity[]> {
  const picked = request.items.map(({ id, library }) => ({ id, library }));
  const count = request.count ?? picked.length;
  if (!request.all || !request.parentId || count <= picked.length) return picked;
  const library = request.items[0]?.library ?? 'BRAND';
  return (await listChildIds(scope, request.parentId)).map((id) => ({ id, library }));
}

export interface AssignToBoardDialogProps {
  /** The items' brand: its boards are offered. */
  scope: BrandScope;
  /** Open while set. */
  request: AssignRequest | null;
  onClose: () => void;
  /** After the items went onto the board. */
  onAssigned?: ((board: Pick<Board, 'id' | 'name'>) => void) | undefined;
}

/** The board's page, in the items' account and brand (000 §2 "Built links"). */
export function boardHref(scope: BrandScope, boardId: string): string {
  return buildLink(paths.board.getHref(boardId), {
    accountId: scope.accountId,
    brandId: scope.brandId,
    isShared: null,
    shareToken: null,
  });
}

/** 000 §8: the success toast names the board and links to it. */
export function showAssignedToast(scope: BrandScope, board: Pick<Board, 'id' | 'name'>, count: number) {
  const href = boardHref(scope, board.id);
  const [before, after] = interpolate(t.added, {
    count: count === 1 ? t.addedOne : interpolate(t.addedMany, { count }),
    board: '\u0000',
  }).split('\u0000');
  notifications.show({
    color: 'teal',
    message: (
      <span data-testid="board-assigned-toast">
        {before}
        <Anchor
          href={href}
          fw={600}
          size="sm"
          onClick={(event) => {
            // Toasts sit outside the router: follow the link through it, keeping the app loaded.
            event.preventDefault();
            navigateTo(href);
          }}
        >
          {board.name}
        </Anchor>
        {after}
      </span>
    ),
  });
}

/** 000 §8 "Assign to board failure": 'Failed to assign assets', with what the server said. */
export function showAssignFailedToast(error: unknown) {
  // The client already acted on these (sign-in, upgrade prompt).
  if (isApiError(error) && (error.status === 401 || error.status === 402)) return;
  showErrorToast({
    title: boardsMessages.assignError,
    message: isApiError(error) ? error.body?.message : undefined,
  });
}

/**
 * Assign to board (000 §4 "Modal dialogs"): find one of the brand's boards (its first pages
 * load as the list scrolls; typing filters what is loaded and loads the rest), or type a name
 * and create it; the items go onto the board and a toast links to it.
 */
export function AssignToBoardDialog({ scope, request, onClose, onAssigned }: AssignToBoardDialogProps) {
  // Keeps what it showed while the closing transition runs.
  const [shown, setShown] = useState(request);
  if (request && request !== shown) setShown(request);
  const [busy, setBusy] = useState(false);
  const opened = request !== null;
  const count = shown ? (shown.count ?? shown.items.length) : 0;
  const only = count === 1 ? shown?.items[0] : undefined;
  const title = !shown
    ? t.title
    : only
      ? interpolate(t.titleOne, { name: only.name })
      : interpolate(t.titleMany, { count });
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={title}
      centered
      size="md"
      data-testid="assign-to-board-modal"
      styles={{
        title: { fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
      }}
    >
      {shown && (
        <AssignBody
          scope={scope}
          request={shown}
          opened={opened}
          onBusy={setBusy}
          onDone={(board) => {
            onAssigned?.(board);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

function AssignBody({
  scope,
  request,
  opened,
  onBusy,
  onDone,
}: {
  scope: BrandScope;
  request: AssignRequest;
  opened: boolean;
  onBusy: (busy: boolean) => void;
  onDone: (board: Pick<Board, 'id' | 'name'>) => void;
}) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [working, setWorking] = useState<string | null>(null);
  const list = useInfiniteQuery({ ...boardPickerQueryOptions(scope), enabled: opened });
  const assign = useAssignToBoard(scope);
  const create = useCreateBoard(scope);
  const listId = useId();

  const name = query.trim();
  const needle = name.toLowerCase();
  const boards = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const shown = useMemo(
    () => (needle ? boards.filter((board) => board.name.toLowerCase().includes(needle)) : boards),
    [boards, needle],
  );

  // Searching looks through every board: the rest of the pages load while a name is typed.
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = list;
  useEffect(() => {
    if (needle && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [needle, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const run = async (target: Board | { name: string }) => {
    if (working) return;
    setWorking('id' in target ? target.id : 'new');
    onBusy(true);
    try {
      const board = 'id' in target ? target : await create.mutateAsync(target.name);
      const entities = (await entitiesOf(scope, request)).slice(0, BULK_UPDATE_MAX);
      const { updatedEntities } = await assign.mutateAsync({ boardId: board.id, entities });
      showAssignedToast(scope, board, updatedEntities.length || entities.length);
      onDone(board);
    } catch (error) {
      showAssignFailedToast(error);
    } finally {
      setWorking(null);
      onBusy(false);
    }
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + shown.length) % shown.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const board = shown[Math.min(active, shown.length - 1)];
      if (board) void run(board);
      else if (name && !list.isPending) void run({ name });
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  const activeIndex = Math.min(active, shown.length - 1);

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Stack gap={6} data-testid="board-picker-loading">
        {[0, 1, 2, 3].map((i) => (
          <Group key={i} gap="sm" wrap="nowrap" p={6}>
            <Skeleton width={40} height={40} radius="sm" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width="60%" />
              <Skeleton height={8} width="25%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  } else if (list.isError && boards.length === 0) {
    content = (
      <Stack align="center" gap="xs" py="lg">
        <Text size="sm" c="dimmed">
          {t.loadFailed}
        </Text>
        <Button size="xs" variant="default" onClick={() => void list.refetch()}>
          {t.retry}
        </Button>
      </Stack>
    );
  } else if (shown.length === 0) {
    content = (
      <Stack align="center" gap={4} py="lg" data-testid="board-picker-empty">
        <IconLayoutBoard size={28} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text size="sm" fw={500}>
          {needle ? interpolate(t.noMatch, { query: name }) : t.noBoards}
        </Text>
        {!needle && (
          <Text size="xs" c="dimmed">
            {t.noBoardsText}
          </Text>
        )}
        {needle && list.isFetchingNextPage && <Loader size="xs" mt={4} />}
      </Stack>
    );
  } else {
    content = (
      <ScrollArea.Autosize
        mah={320}
        type="auto"
        offsetScrollbars
        onBottomReached={() => {
          if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
        }}
      >
        <div role="listbox" id={listId} aria-label={t.searchLabel} data-testid="board-picker-list">
          {shown.map((board, index) => (
            <div
              key={board.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              tabIndex={-1}
              className={classes.option}
              data-active={index === activeIndex || undefined}
              data-busy={working === board.id || undefined}
              onMouseEnter={() => setActive(index)}
              onClick={() => void run(board)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  void run(board);
                }
              }}
            >
              <BoardThumb url={board.thumbnailUrl} />
              <div className={classes.optionText}>
                <Text size="sm" fw={500} truncate>
                  {board.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {board.assetCount === 1
                    ? t.assetCountOne
                    : interpolate(t.assetCount, { count: board.assetCount })}
                </Text>
              </div>
              {working === board.id && <Loader size="xs" />}
            </div>
          ))}
          {list.isFetchingNextPage && (
            <Group justify="center" p="xs">
              <Loader size="xs" />
            </Group>
          )}
        </div>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        leftSection={<IconSearch size={14} />}
        value={query}
        maxLength={BOARD_LIMITS.nameMax}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKey}
        disabled={working !== null}
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.length > 0 ? optionId(activeIndex) : undefined}
        data-testid="board-picker-search"
      />
      {content}
      <Group justify="space-between" wrap="nowrap" gap="sm" className={classes.createRow}>
        <Text size="xs" c="dimmed" truncate>
          {name ? '' : t.createHint}
        </Text>
        <Button
          size="xs"
          variant={shown.length === 0 && name ? 'filled' : 'light'}
          leftSection={<IconPlus size={14} />}
          disabled={!name}
          loading={working === 'new'}
          onClick={() => void run({ name })}
          data-testid="create-board-button"
          style={{ flexShrink: 0, maxWidth: '70%' }}
        >
          <span className={classes.createLabel}>
            {name ? interpolate(t.createNamed, { name }) : t.create}
          </span>
        </Button>
      </Group>
    </Stack>
  );
}

/** A board's thumbnail, or a placeholder when it has none. */
export function BoardThumb({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={classes.thumb} aria-hidden>
      {url && !failed ? (
        <img src={url} alt="" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <IconLayoutBoard size={18} stroke={1.5} />
      )}
    </div>
  );
}
