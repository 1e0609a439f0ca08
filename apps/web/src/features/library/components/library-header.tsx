import { ROOT_FOLDER_ID } from '@hookline/contract';
import { ActionIcon, Anchor, Breadcrumbs, Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconDots, IconFolderFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionMenu, presentEntries } from '@/components/action-menu';
import { libraryTexts } from '@/config/texts/library';
import { sharingLabels } from '@/config/texts/sharing-labels';
import type { AssetDetailItem } from '@/entities/asset/api/keys';
import { useLinkBuilder } from '@/lib/link-builder';
import { folderHref } from '../utils/links';
import classes from './library.module.css';

const t = libraryTexts.library;

/** Ancestors shown in full up to this depth; deeper ones fold into the dropdown. */
const VISIBLE_ANCESTORS = 2;

export interface FolderMenuHandlers {
  onNewFolder?: () => void;
  onShare?: () => void;
  onRename?: () => void;
  onMove?: () => void;
  onDownload?: () => void;
  onDelete?: () => void;
}

/**
 * The library header (000 §2): breadcrumbs from 'Brand assets' through the ancestors to the
 * current folder, whose name opens its actions menu; deep paths fold their ancestors into a
 * dropdown. The page's controls sit on the right.
 */
export function LibraryHeader({
  folderId,
  folder,
  loading,
  rootLabel,
  rootHref,
  handlers,
  controls,
}: {
  folderId: string;
  folder: AssetDetailItem | undefined;
  loading: boolean;
  rootLabel: string;
  /** Where the root crumb leads (default: the brand's library; null: nowhere, a visitor's). */
  rootHref?: string | null;
  handlers: FolderMenuHandlers;
  controls: ReactNode;
}) {
  const link = useLinkBuilder();
  const atRoot = folderId === ROOT_FOLDER_ID;
  const ancestors = folder?.ancestors ?? [];
  const folded =
    ancestors.length > VISIBLE_ANCESTORS ? ancestors.slice(0, ancestors.length - VISIBLE_ANCESTORS) : [];
  const shown = ancestors.slice(folded.length);
  const currentName = atRoot ? rootLabel : folder?.name;
  const system = folder?.isSystem ?? false;

  const crumbs: ReactNode[] = [];
  if (!atRoot) {
    crumbs.push(
      rootHref === null ? (
        <Text key="root" size="sm" c="dimmed">
          {rootLabel}
        </Text>
      ) : (
        <Anchor key="root" component={Link} to={link(rootHref ?? folderHref(null))} size="sm" c="dimmed">
          {rootLabel}
        </Anchor>
      ),
    );
  }
  if (folded.length > 0) {
    crumbs.push(
      <ActionMenu
        key="ancestors"
        position="bottom-start"
        entries={folded.map((ancestor) => ({
          key: ancestor.id,
          to: link(folderHref(ancestor.id)),
          icon: <IconFolderFilled size={14} className={classes.folderIcon} />,
          label: ancestor.name,
        }))}
        target={
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t.ancestors}
            data-testid="ancestors-menu"
          >
            <IconDots size={14} />
          </ActionIcon>
        }
      />,
    );
  }
  for (const ancestor of shown) {
    crumbs.push(
      <Anchor key={ancestor.id} component={Link} to={link(folderHref(ancestor.id))} size="sm" c="dimmed">
        {ancestor.name}
      </Anchor>,
    );
  }
  const folderEntries = presentEntries([
    handlers.onNewFolder && {
      key: 'new-folder',
      icon: 'newFolder',
      label: t.newFolder,
      onClick: handlers.onNewFolder,
    },
    !atRoot &&
      handlers.onShare && {
        key: 'share',
        icon: 'share',
        label: sharingLabels.share,
        onClick: handlers.onShare,
      },
    !atRoot &&
      !system &&
      handlers.onRename && {
        key: 'rename',
        icon: 'rename',
        label: t.rename,
        onClick: handlers.onRename,
      },
    !atRoot &&
      !system &&
      handlers.onMove && {
        key: 'move',
        icon: 'move',
        label: t.moveTo,
        onClick: handlers.onMove,
      },
    !atRoot &&
      handlers.onDownload && {
        key: 'download',
        icon: 'download',
        label: libraryTexts.downloads.download,
        onClick: handlers.onDownload,
      },
    !atRoot &&
      !system &&
      handlers.onDelete && {
        key: 'delete',
        color: 'red',
        icon: 'delete',
        label: t.delete,
        onClick: handlers.onDelete,
      },
  ]);
  crumbs.push(
    loading && !atRoot ? (
      <Skeleton key="current" height={16} width={120} />
    ) : (
      <ActionMenu
        key="current"
        position="bottom-start"
        width={200}
        entries={folderEntries}
        target={
          <UnstyledButton
            aria-label={`${currentName ?? ''} – ${t.folderActions}`}
            data-testid="current-folder-menu"
          >
            <Group gap={4} wrap="nowrap">
              <Text component="h1" fw={600} size="lg" truncate data-testid="page-title">
                {currentName}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        }
      />
    ),
  );

  return (
    <header className={classes.header}>
      <Breadcrumbs
        separator="/"
        separatorMargin={6}
        aria-label={t.breadcrumbs}
        style={{ minWidth: 0, flexWrap: 'nowrap' }}
        data-testid="breadcrumbs"
      >
        {crumbs}
      </Breadcrumbs>
      <Group gap="xs" wrap="wrap">
        {controls}
      </Group>
    </header>
  );
}
