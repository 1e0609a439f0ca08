import { boardsMessages, interpolate, ROOT_FOLDER_ID } from '@hookline/contract';
import {
  ActionIcon,
  Breadcrumbs,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconChevronRight } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Hint } from '@/components/hint';
import { boardAddFromLibraryTexts as t } from '@/config/texts/board-add-from-library';
import { assetsQueryOptions, flattenPages } from '@/entities/asset/api/get-assets';
import type { AssetItem, BrandScope, SortState } from '@/entities/asset/api/keys';
import { AssetTypeIcon } from '@/entities/asset/components/asset-icon';
import { type AssignEntity, useAssignToBoard } from '@/entities/board/api/assign';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { type Board, boardScope } from '../../api/keys';
import { recordBoardOperation } from '../../hooks/board-operation-log';
import classes from './add-from-library.module.css';

/** The most items one bulk update takes (the contract's bulkUpdateBodySchema). */
const BULK_UPDATE_MAX = 1000;
/** Folders first (the server's order), then by name. */
const SORT: SortState = { sort: 'name', order: 'asc' };

interface Crumb {
  id: string;
  name: string;
}

export interface AddFromLibraryModalProps {
  board: Pick<Board, 'id' | 'name' | 'accountId' | 'brandId'>;
  opened: boolean;
  onClose: () => void;
}

/**
 * Add from library (the board page's Add menu): browse the brand's library from its root,
 * pick files (folders open, they cannot be picked) and put them on the board through the
 * library bulk update with updateQuery.boardId. Items already on the board may be picked
 * again: the server skips them.
 */
export function AddFromLibraryModal({ board, opened, onClose }: AddFromLibraryModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={t.title}
      centered
      size="lg"
      data-testid="add-from-library-modal"
      styles={{ title: { fontWeight: 600 } }}
    >
      {opened && <Picker board={board} onBusy={setBusy} onClose={onClose} />}
    </Modal>
  );
}

function Picker({
  board,
  onBusy,
  onClose,
}: {
  board: AddFromLibraryModalProps['board'];
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}) {
  const scope: BrandScope = useMemo(() => boardScope(board), [board]);
  const [trail, setTrail] = useState<Crumb[]>([{ id: ROOT_FOLDER_ID, name: t.root }]);
  const [picked, setPicked] = useState<ReadonlyMap<string, AssignEntity>>(new Map());
  const browsing = trail[trail.length - 1] as Crumb;
  const list = useInfiniteQuery(assetsQueryOptions(scope, browsing.id, SORT));
  const { items } = useMemo(() => flattenPages(list.data), [list.data]);
  const assign = useAssignToBoard(scope);
  const count = picked.size;

  const open = (folder: AssetItem) =>
    setTrail((current) => [...current, { id: folder.id, name: folder.name }]);
  const toggle = (item: AssetItem) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(item.id)) next.delete(item.id);
      else next.set(item.id, { id: item.id, library: item.library });
      return next;
    });

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  const add = async () => {
    if (count === 0 || assign.isPending) return;
    const entities = [...picked.values()].slice(0, BULK_UPDATE_MAX);
    onBusy(true);
    try {
      const { updatedEntities } = await assign.mutateAsync({ boardId: board.id, entities });
      // Watched until the added files show in the board's list (000 §4 "Board page refetch").
      if (updatedEntities.length > 0)
        recordBoardOperation(board.id, { type: 'IMPORT', ids: updatedEntities });
      const added = updatedEntities.length || entities.length;
      showSuccessToast(
        interpolate(t.added, {
          count: added === 1 ? t.addedOne : interpolate(t.addedMany, { count: added }),
          board: board.name,
        }),
      );
      onBusy(false);
      onClose();
    } catch (error) {
      onBusy(false);
      // The client already acted on these (sign-in, upgrade prompt).
      if (isApiError(error) && (error.status === 401 || error.status === 402)) return;
      showErrorToast({
        title: boardsMessages.assignError,
        message: isApiError(error) ? error.body?.message : undefined,
      });
    }
  };

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Stack gap={6} p={4} data-testid="add-from-library-loading">
        {[0, 1, 2, 3, 4].map((i) => (
          <Group key={i} gap="sm" wrap="nowrap" p={4}>
            <Skeleton width={36} height={36} radius="sm" />
            <Skeleton height={10} width="50%" />
          </Group>
        ))}
      </Stack>
    );
  } else if (list.isError && items.length === 0) {
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
  } else if (items.length === 0) {
    content = (
      <Text size="sm" c="dimmed" p="md">
        {t.empty}
      </Text>
    );
  } else {
    content = (
      <div className={classes.rows} data-testid="add-from-library-list">
        <ul className={classes.items} aria-label={t.list}>
          {items.map((item) =>
            item.type === 'FOLDER' ? (
              <FolderRow key={item.id} item={item} onOpen={() => open(item)} />
            ) : (
              <FileRow key={item.id} item={item} picked={picked.has(item.id)} onToggle={() => toggle(item)} />
            ),
          )}
        </ul>
        {hasNextPage && (
          <Group justify="center" p="xs">
            {isFetchingNextPage ? (
              <Loader size="xs" />
            ) : (
              <Button size="xs" variant="subtle" onClick={loadMore} data-testid="add-from-library-more">
                {t.loadMore}
              </Button>
            )}
          </Group>
        )}
      </div>
    );
  }

  return (
    <Stack gap="sm" data-testid="add-from-library">
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t.back}
          disabled={trail.length === 1}
          onClick={() => setTrail((current) => current.slice(0, -1))}
        >
          <IconArrowLeft size={16} />
        </ActionIcon>
        <Breadcrumbs
          separator="/"
          separatorMargin={4}
          className={classes.trail}
          aria-label={t.trail}
          data-testid="add-from-library-trail"
        >
          {trail.map((crumb, index) => (
            <UnstyledButton
              key={crumb.id}
              fz="sm"
              fw={index === trail.length - 1 ? 600 : 400}
              aria-current={index === trail.length - 1 ? 'location' : undefined}
              onClick={() => setTrail((current) => current.slice(0, index + 1))}
            >
              {crumb.name}
            </UnstyledButton>
          ))}
        </Breadcrumbs>
      </Group>

      <ScrollArea className={classes.list} type="auto" offsetScrollbars onBottomReached={loadMore}>
        {content}
      </ScrollArea>

      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c={count === 0 ? 'dimmed' : undefined} data-testid="add-from-library-count">
            {count === 0 ? t.pickedNone : count === 1 ? t.pickedOne : interpolate(t.pickedMany, { count })}
          </Text>
          {count > 0 && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setPicked(new Map())}>
              {t.clear}
            </Button>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={onClose} disabled={assign.isPending}>
            {t.cancel}
          </Button>
          <Button
            disabled={count === 0}
            loading={assign.isPending}
            onClick={() => void add()}
            data-testid="add-from-library-submit"
          >
            {count === 0 ? t.add : interpolate(t.addCount, { count })}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function FolderRow({ item, onOpen }: { item: AssetItem; onOpen: () => void }) {
  const label = interpolate(t.openFolder, { name: item.name });
  return (
    <li className={classes.row}>
      <Hint label={t.folderNotPickable}>
        <span className={classes.checkSlot}>
          <Checkbox size="xs" disabled aria-label={t.folderNotPickable} />
        </span>
      </Hint>
      <UnstyledButton className={classes.rowMain} onClick={onOpen} aria-label={label}>
        <Thumb item={item} />
        <Text size="sm" truncate style={{ flex: 1 }}>
          {item.name}
        </Text>
        <IconChevronRight size={16} color="var(--mantine-color-dimmed)" aria-hidden />
      </UnstyledButton>
    </li>
  );
}

function FileRow({ item, picked, onToggle }: { item: AssetItem; picked: boolean; onToggle: () => void }) {
  return (
    <li className={classes.row} data-picked={picked || undefined}>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the checkbox inside is the control */}
      <label className={classes.fileLabel}>
        <span className={classes.checkSlot}>
          <Checkbox
            size="xs"
            checked={picked}
            onChange={onToggle}
            aria-label={interpolate(t.pick, { name: item.name })}
          />
        </span>
        <span className={classes.rowMain}>
          <Thumb item={item} />
          <Text size="sm" truncate style={{ flex: 1 }}>
            {item.name}
          </Text>
          <AssetTypeIcon type={item.type} size={16} color="var(--mantine-color-dimmed)" />
        </span>
      </label>
    </li>
  );
}

/** The item's preview, or its type's icon. */
function Thumb({ item }: { item: AssetItem }) {
  const [failed, setFailed] = useState(false);
  const url = item.type === 'FOLDER' ? null : item.previewURL;
  return (
    <span className={classes.thumb} aria-hidden>
      {url && !failed ? (
        <img src={url} alt="" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <AssetTypeIcon
          type={item.type}
          size={18}
          className={item.type === 'FOLDER' ? classes.folderIcon : undefined}
        />
      )}
    </span>
  );
}
