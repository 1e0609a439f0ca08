import { Menu } from '@mantine/core';
import {
  IconApi,
  IconCheck,
  IconCopy,
  IconDownload,
  IconFile,
  IconFolder,
  IconFolderPlus,
  IconFolderSymlink,
  IconGif,
  IconLayoutBoard,
  IconLibraryPlus,
  IconLifebuoy,
  IconLogout,
  IconPencil,
  IconPhotoSearch,
  IconSettings,
  IconShare,
  IconShareOff,
  IconSparkles,
  IconTrash,
  IconUpload,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';
import type { ActionMenuDropdownProps, ActionMenuEntry, MenuIconName } from './action-menu';
import { Hint } from './hint';

const icons: Record<MenuIconName, TablerIcon> = {
  ai: IconSparkles,
  api: IconApi,
  board: IconLayoutBoard,
  copy: IconCopy,
  delete: IconTrash,
  download: IconDownload,
  file: IconFile,
  folder: IconFolder,
  gif: IconGif,
  libraryAdd: IconLibraryPlus,
  move: IconFolderSymlink,
  newFolder: IconFolderPlus,
  rename: IconPencil,
  settings: IconSettings,
  share: IconShare,
  signOut: IconLogout,
  similar: IconPhotoSearch,
  support: IconLifebuoy,
  unshare: IconShareOff,
  upload: IconUpload,
};

function iconOf(icon: MenuIconName | ReactElement | undefined): ReactNode {
  if (typeof icon !== 'string') return icon;
  const Icon = icons[icon];
  return <Icon size={14} />;
}

/** The real menu of an ActionMenu (its own chunk: components/action-menu.tsx). */
export function ActionMenuDropdown({
  target,
  entries = [],
  content,
  keepOpenOnClick,
  position = 'bottom-end',
  width,
  offset,
  isolateClicks,
  defaultOpened,
}: ActionMenuDropdownProps) {
  return (
    <Menu
      position={position}
      width={width}
      offset={offset}
      shadow="md"
      withinPortal
      defaultOpened={defaultOpened}
      closeOnItemClick={!keepOpenOnClick}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown
        p={content ? 'sm' : undefined}
        onClick={isolateClicks ? (event) => event.stopPropagation() : undefined}
      >
        {content}
        {entries.map((entry) => (
          <Entry key={entry.key} entry={entry} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function Entry({ entry }: { entry: ActionMenuEntry }) {
  if (entry.kind === 'divider') return <Menu.Divider />;
  if (entry.kind === 'label') return <Menu.Label>{entry.label}</Menu.Label>;
  const blocked = Boolean(entry.blockedReason);
  const common = {
    leftSection: iconOf(entry.icon),
    rightSection: entry.rightSection ?? (entry.checked ? <IconCheck size={14} /> : undefined),
    // Mantine's red text (red.6) is 3.5:1 on white: a destructive entry takes a darker shade (axe).
    color: entry.color === 'red' ? 'red.9' : entry.color,
    disabled: entry.disabled,
    'data-testid': entry.testId,
    'data-checked': entry.checked || undefined,
  };
  let item: ReactElement<Record<string, unknown>>;
  if (entry.to) {
    item = (
      <Menu.Item component={Link} to={entry.to} {...common}>
        {entry.label}
      </Menu.Item>
    );
  } else if (entry.href) {
    item = (
      <Menu.Item
        component="a"
        href={entry.href}
        target={entry.external ? '_blank' : undefined}
        rel={entry.external ? 'noopener noreferrer' : undefined}
        {...common}
      >
        {entry.label}
      </Menu.Item>
    );
  } else {
    item = (
      <Menu.Item
        {...common}
        // data-disabled (not disabled) keeps the hint's hover and the keyboard's focus.
        data-disabled={blocked || undefined}
        aria-disabled={blocked || undefined}
        closeMenuOnClick={!blocked}
        onClick={blocked ? undefined : entry.onClick}
      >
        {entry.label}
      </Menu.Item>
    );
  }
  return blocked ? <Hint label={entry.blockedReason}>{item}</Hint> : item;
}
