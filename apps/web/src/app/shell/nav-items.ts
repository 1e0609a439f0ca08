import {
  IconFolders,
  IconLayoutDashboard,
  type IconProps,
  IconShare,
  IconStar,
  IconTags,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { paths } from '@/config/paths';
import { webTexts } from '@/config/texts';
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
  /** Shown under the entry (the library's folder tree). */
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
