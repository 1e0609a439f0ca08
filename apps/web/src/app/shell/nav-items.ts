import { IconLayoutDashboard, type IconProps } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { paths } from '@/config/paths';
import { webTexts } from '@/config/texts';

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
  /** Active only on this exact path (not on its children). */
  end?: boolean;
}

export interface NavSection {
  id: string;
  /** Sections without a label render as a plain list. */
  label?: string;
  items: NavItem[];
}

export const navSections: NavSection[] = [
  {
    id: 'workspace',
    items: [
      {
        id: 'overview',
        label: webTexts.shell.overview,
        icon: IconLayoutDashboard,
        path: paths.home.getHref(),
        end: true,
      },
    ],
  },
];
