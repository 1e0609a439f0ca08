import { ROOT_FOLDER_ID } from '@hookline/contract';
import { ActionIcon, Anchor, Breadcrumbs, Group, Menu, Skeleton, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconDots,
  IconDownload,
  IconFolderFilled,
  IconFolderPlus,
  IconFolderSymlink,
  IconPencil,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { webTexts } from '@/config/texts';
import type { AssetDetailItem } from '@/entities/asset/api/keys';
import { useLinkBuilder } from '@/lib/link-builder';
import { folderHref } from '../utils/links';
import classes from './library.module.css';

const t = webTexts.library;

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
      <Menu key="ancestors" position="bottom-start" shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t.ancestors}
            data-testid="ancestors-menu"
          >
            <IconDots size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {folded.map((ancestor) => (
            <Menu.Item
              key={ancestor.id}
              component={Link}
              to={link(folderHref(ancestor.id))}
              leftSection={<IconFolderFilled size={14} className={classes.folderIcon} />}
            >
              {ancestor.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>,
    );
  }
  for (const ancestor of shown) {
    crumbs.push(
      <Anchor key={ancestor.id} component={Link} to={link(folderHref(ancestor.id))} size="sm" c="dimmed">
        {ancestor.name}
      </Anchor>,
    );
  }
  crumbs.push(
    loading && !atRoot ? (
      <Skeleton key="current" height={16} width={120} />
    ) : (
      <Menu key="current" position="bottom-start" shadow="md" width={200}>
        <Menu.Target>
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
        </Menu.Target>
        <Menu.Dropdown>
          {handlers.onNewFolder && (
            <Menu.Item leftSection={<IconFolderPlus size={14} />} onClick={handlers.onNewFolder}>
              {t.newFolder}
            </Menu.Item>
          )}
          {!atRoot && handlers.onShare && (
            <Menu.Item leftSection={<IconShare size={14} />} onClick={handlers.onShare}>
              {webTexts.sharing.share}
            </Menu.Item>
          )}
          {!atRoot && !system && handlers.onRename && (
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={handlers.onRename}>
              {t.rename}
            </Menu.Item>
          )}
          {!atRoot && !system && handlers.onMove && (
            <Menu.Item leftSection={<IconFolderSymlink size={14} />} onClick={handlers.onMove}>
              {t.moveTo}
            </Menu.Item>
          )}
          {!atRoot && handlers.onDownload && (
            <Menu.Item leftSection={<IconDownload size={14} />} onClick={handlers.onDownload}>
              {webTexts.downloads.download}
            </Menu.Item>
          )}
          {!atRoot && !system && handlers.onDelete && (
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={handlers.onDelete}>
              {t.delete}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
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
