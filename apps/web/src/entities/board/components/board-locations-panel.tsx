import { interpolate, libraryMessages } from '@hookline/contract';
import { ActionIcon, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLayoutBoard, IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Hint } from '@/components/hint';
import { paths } from '@/config/paths';
import { boardAssignDialogTexts as t } from '@/config/texts/board-assign-dialog';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { appModals } from '@/lib/app-modals';
import { useLinkBuilder } from '@/lib/link-builder';
import { showErrorToast } from '@/lib/notify';
import { useRemoveFromBoard } from '../api/assign';
import type { BoardLocation } from '../api/keys';
import { boardLocationsQueryOptions } from '../api/locations';
import { AssignToBoardDialog } from '../assign-to-board-on-demand';
import { type AssignRequest, BoardThumb } from './assign-to-board-dialog';
import classes from './board.module.css';

export interface BoardLocationsPanelProps {
  scope: BrandScope;
  asset: Pick<AssetItem, 'id' | 'name' | 'library'>;
}

/**
 * The player's boards tab (000 §2; shown with write access): the boards the item is on, each
 * with its thumbnail, name (a link to the board) and how the item got there (uploaded into the
 * board, or added from the library); it comes off a board after a confirmation, and 'Add to
 * board' opens the board picker. The list refreshes after either.
 */
export function BoardLocationsPanel({ scope, asset }: BoardLocationsPanelProps) {
  const locations = useQuery(boardLocationsQueryOptions(scope, asset.id));
  const remove = useRemoveFromBoard(scope);
  const link = useLinkBuilder();
  const [assigning, setAssigning] = useState<AssignRequest | null>(null);

  const confirmRemove = (location: BoardLocation) =>
    appModals.openConfirmModal({
      title: t.removeTitle,
      centered: true,
      children: (
        <Stack gap={4}>
          <Text size="sm">{interpolate(t.removeText, { board: location.boardName })}</Text>
          {location.type === 'asset' && (
            <Text size="sm" c="dimmed">
              {t.removeUploadedText}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t.removeConfirm, cancel: t.cancel },
      confirmProps: { color: 'red', 'data-testid': 'confirm-remove-from-board' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(
          { boardId: location.boardId, assetIds: [asset.id] },
          {
            onSuccess: ({ removed }) => {
              if (removed.includes(asset.id))
                notifications.show({
                  color: 'teal',
                  message: interpolate(t.removed, { board: location.boardName }),
                });
              else showErrorToast({ title: libraryMessages.removeAssetsError });
            },
            onError: () => showErrorToast({ title: libraryMessages.removeAssetsError }),
          },
        ),
    });

  const addButton = (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPlus size={14} />}
      onClick={() => setAssigning({ items: [asset] })}
      data-testid="boards-tab-add"
    >
      {t.title}
    </Button>
  );

  let body: ReactNode;
  if (locations.isPending) {
    body = (
      <Stack gap="xs" data-testid="board-locations-loading">
        {[0, 1].map((i) => (
          <Group key={i} gap="sm" wrap="nowrap">
            <Skeleton width={40} height={40} radius="sm" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width="55%" />
              <Skeleton height={8} width="35%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  } else if (locations.isError) {
    body = (
      <Stack align="flex-start" gap="xs">
        <Text size="sm" c="dimmed">
          {t.locationsFailed}
        </Text>
        <Button size="xs" variant="default" onClick={() => void locations.refetch()}>
          {t.retry}
        </Button>
      </Stack>
    );
  } else if (locations.data.length === 0) {
    body = (
      <Stack align="center" gap={4} py="lg" ta="center" data-testid="board-locations-empty">
        <IconLayoutBoard size={28} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text size="sm" fw={500}>
          {t.notOnBoards}
        </Text>
        <Text size="xs" c="dimmed" maw={260}>
          {t.notOnBoardsText}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <div data-testid="board-locations">
        {locations.data.map((location) => {
          const href = link(paths.board.getHref(location.boardId), {
            accountId: scope.accountId,
            brandId: scope.brandId,
            isShared: null,
            shareToken: null,
          });
          const removing = remove.isPending && remove.variables?.boardId === location.boardId;
          return (
            <div key={location.boardId} className={classes.location} data-testid="board-location">
              <BoardThumb url={location.thumbnailUrl} />
              <div className={classes.optionText}>
                <Anchor
                  component={Link}
                  to={href}
                  size="sm"
                  fw={500}
                  c="inherit"
                  truncate="end"
                  display="block"
                >
                  {location.boardName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {location.type === 'asset' ? t.uploadedHere : t.addedFromLibrary}
                </Text>
              </div>
              <Hint label={t.remove}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`${t.remove}: ${location.boardName}`}
                  loading={removing}
                  onClick={() => confirmRemove(location)}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Hint>
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {t.tabTitle}
        </Text>
        {addButton}
      </Group>
      {body}
      <AssignToBoardDialog scope={scope} request={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
