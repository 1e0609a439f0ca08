import {
  IconFolders,
  IconLayoutBoard,
  IconLayoutDashboard,
  type IconProps,
  IconShare,
  IconStar,
  IconTags,
  IconUser,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { paths } from '@/config/paths';
import { webTexts } from '@/config/texts';
import { SidebarBoards } from '@/features/boards/components/sidebar-boards';
import { SidebarFolderTree } from '@/features/library/components/folder-tree';

/**
 * Sidebar entries (000 §2 "Navigation helpers and shell"). An entry is added here when its
 * feature's page exists: no dead links, no "coming soon".
 */
export interface NavItem {
  id: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** Path without query; the link keeps accountId and brandId. */
  path: string;
  /** Pattern that marks the entry active (defaults to `path`). */
  activePath?: string;
  /** Active only on this exact path (not on its children). */
  end?: boolean;
  /**
   * Shown under the entry (the library's folder tree, the brand's boards). Part of the first
   * load with its data asked in the first round (app/first-calls.ts): a lazy one cost two
   * more requests and a second round of calls (issue 20).
   */
  below?: ComponentType;
}

export interface NavSection {
  id: string;
  /** Sections without a label render as a plain list. */
  label?: string;
  items: NavItem[];
}

export const navSections: NavSection[] = [
  {
    id: 'creative-library',
    label: webTexts.library.section,
    items: [
      {
        id: 'library',
        label: webTexts.library.library,
        icon: IconFolders,
        path: paths.library.getHref(),
        below: SidebarFolderTree,
      },
      { id: 'shared', label: webTexts.sharing.sharedPage, icon: IconShare, path: paths.shared.getHref() },
      { id: 'starred', label: webTexts.library.starred, icon: IconStar, path: paths.starred.getHref() },
      { id: 'tags', label: webTexts.tagsPage.navLabel, icon: IconTags, path: paths.tags.getHref() },
    ],
  },
  {
    id: 'boards',
    label: webTexts.boardsNav.section,
    items: [
      {
        id: 'boards',
        label: webTexts.boardsNav.all,
        icon: IconLayoutBoard,
        path: paths.boards.getHref(),
        end: true,
        below: SidebarBoards,
      },
      { id: 'my-boards', label: webTexts.boardsNav.mine, icon: IconUser, path: paths.myBoards.getHref() },
      {
        id: 'shared-boards',
        label: webTexts.boardsNav.shared,
        icon: IconShare,
        path: paths.sharedBoards.getHref(),
      },
    ],
  },
  {
    id: 'workspace',
    label: webTexts.overview.workspace,
    items: [
      {
        id: 'overview',
        label: webTexts.shell.overview,
        icon: IconLayoutDashboard,
        path: paths.overview.getHref(),
        end: true,
      },
    ],
  },
];
