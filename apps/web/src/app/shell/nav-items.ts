import {
  IconCopy,
  IconFolders,
  IconLayoutBoard,
  IconLayoutDashboard,
  type IconProps,
  IconSearch,
  IconShare,
  IconSortDescending,
  IconStar,
  IconTags,
  IconUser,
  IconVideo,
} from '@tabler/icons-react';
import { type ComponentType, lazy } from 'react';
import { paths } from '@/config/paths';
import { analyticsNavTexts } from '@/config/texts/analytics-labels';
import { appTexts } from '@/config/texts/app';
import { boardsNavTexts } from '@/config/texts/boards';
import { creativeClipsNavTexts } from '@/config/texts/creative-clips-labels';
import { duplicatesNavTexts } from '@/config/texts/duplicates-labels';
import { libraryTexts } from '@/config/texts/library';
import { searchNavTexts } from '@/config/texts/search-labels';
import { sharingLabels } from '@/config/texts/sharing-labels';
import { tagsLabels } from '@/config/texts/tags-labels';
import { SidebarBoards } from '@/features/boards/components/sidebar-boards';
import { SidebarFolderTree } from '@/features/library/components/folder-tree';

/**
 * The creative clip types under 'All clips': code only (the types are constants, no call), kept
 * off the first load's budget (e2e/build-budget). Asked for as this module loads, beside the
 * first calls, so the list is there with the rest of the sidebar.
 */
const loadSidebarCreativeClips = () => import('@/features/creative-clips/components/sidebar-creative-clips');
const sidebarCreativeClips = loadSidebarCreativeClips();
const SidebarCreativeClips = lazy(async () => ({
  // A failed early load is tried again when the sidebar renders.
  default: (await sidebarCreativeClips.catch(loadSidebarCreativeClips)).SidebarCreativeClips,
}));

/** The saved searches under 'Search': the same way, their code and call off the first load. */
const loadSidebarSavedSearches = () => import('@/features/search/components/sidebar-saved-searches');
const sidebarSavedSearches = loadSidebarSavedSearches();
const SidebarSavedSearches = lazy(async () => ({
  default: (await sidebarSavedSearches.catch(loadSidebarSavedSearches)).SidebarSavedSearches,
}));

/** Creative analytics' quick links under its entry: the same way (code only, no call). */
const loadSidebarQuickLinks = () => import('@/features/analytics/components/sidebar-quick-links');
const sidebarQuickLinks = loadSidebarQuickLinks();
const SidebarQuickLinks = lazy(async () => ({
  default: (await sidebarQuickLinks.catch(loadSidebarQuickLinks)).SidebarQuickLinks,
}));

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
  /** Active only when the query string says so too (all clips: no type or subtype chosen). */
  activeWhen?: (search: URLSearchParams) => boolean;
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
    label: libraryTexts.library.section,
    items: [
      {
        id: 'library',
        label: libraryTexts.library.library,
        icon: IconFolders,
        path: paths.library.getHref(),
        below: SidebarFolderTree,
      },
      { id: 'shared', label: sharingLabels.sharedPage, icon: IconShare, path: paths.shared.getHref() },
      { id: 'starred', label: libraryTexts.library.starred, icon: IconStar, path: paths.starred.getHref() },
      { id: 'tags', label: tagsLabels.navLabel, icon: IconTags, path: paths.tags.getHref() },
      {
        id: 'duplicates',
        label: duplicatesNavTexts.nav,
        icon: IconCopy,
        path: paths.duplicates.getHref(),
      },
      {
        id: 'search',
        label: searchNavTexts.title,
        icon: IconSearch,
        path: paths.search.getHref(),
        // A saved search open marks its own row instead.
        activeWhen: (search) => !search.has('saved'),
        below: SidebarSavedSearches,
      },
    ],
  },
  {
    id: 'boards',
    label: boardsNavTexts.boardsNav.section,
    items: [
      {
        id: 'boards',
        label: boardsNavTexts.boardsNav.all,
        icon: IconLayoutBoard,
        path: paths.boards.getHref(),
        end: true,
        below: SidebarBoards,
      },
      {
        id: 'my-boards',
        label: boardsNavTexts.boardsNav.mine,
        icon: IconUser,
        path: paths.myBoards.getHref(),
      },
      {
        id: 'shared-boards',
        label: boardsNavTexts.boardsNav.shared,
        icon: IconShare,
        path: paths.sharedBoards.getHref(),
      },
    ],
  },
  {
    id: 'creative-clips',
    label: creativeClipsNavTexts.section,
    items: [
      {
        id: 'creative-clips',
        label: creativeClipsNavTexts.all,
        icon: IconVideo,
        path: paths.creativeClips.getHref(),
        activeWhen: (search) => !search.has('types') && !search.has('subtypes'),
        // The 9 types: nothing is asked until a type's subtypes are expanded (flag videoIntelligenceTypes).
        below: SidebarCreativeClips,
      },
    ],
  },
  {
    id: 'workspace',
    label: appTexts.overview.workspace,
    items: [
      {
        id: 'analytics',
        label: analyticsNavTexts.title,
        // An icon the first load already has (a ranked list): a new one would cost the budget.
        icon: IconSortDescending,
        path: paths.analytics.getHref(),
        below: SidebarQuickLinks,
      },
      {
        id: 'overview',
        label: appTexts.shell.overview,
        icon: IconLayoutDashboard,
        path: paths.overview.getHref(),
        end: true,
      },
    ],
  },
];
