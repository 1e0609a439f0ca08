import { NavLink as MantineNavLink, Text } from '@mantine/core';
import { memo, Suspense } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { useBrandVariant } from '@/config/brand-variant';
import { appTexts } from '@/config/texts/app';
import { UsageFooter } from '@/features/library/components/usage-footer';
import { GlobalSearchBox } from '@/features/search/components/global-search-box';
import { buildLink } from '@/lib/link-builder';
import { BrandSwitcher } from './brand-switcher';
import { type NavItem, navSections } from './nav-items';
import { ProfileMenu } from './profile-menu';
import classes from './shell.module.css';
import { SidebarResizeHandle } from './sidebar-resize-handle';
import { useSidebarWidth } from './use-sidebar-width';

export function Sidebar() {
  const brand = useBrandVariant();
  const { width, setWidth, commit } = useSidebarWidth();

  return (
    <nav
      aria-label={appTexts.shell.primaryNavigation}
      className={classes.sidebar}
      style={{ width }}
      data-testid="sidebar"
    >
      <div className={classes.brand}>
        <brand.Logo size={26} />
        <span className={classes.brandName}>{brand.name}</span>
      </div>
      <div className={classes.switcher}>
        <BrandSwitcher />
      </div>
      <GlobalSearchBox />

      <SidebarNav />

      <div className={classes.footer}>
        <UsageFooter />
        <ProfileMenu />
      </div>

      <SidebarResizeHandle width={width} onResize={setWidth} onResizeEnd={commit} />
    </nav>
  );
}

/**
 * The entries, the one part that follows the address: opening a file or a folder re-renders
 * the entries whose state changed, not the brand switcher, usage and profile (issue 20).
 */
function SidebarNav() {
  const location = useLocation();
  return (
    <div className={classes.nav}>
      {navSections.map((section) => (
        <div key={section.id}>
          {section.label && (
            <Text size="xs" fw={500} c="dimmed" px={8} pt="sm" pb={4}>
              {section.label}
            </Text>
          )}
          {section.items.map((item) => (
            <SidebarEntry
              key={item.id}
              item={item}
              active={
                matchPath({ path: item.path, end: item.end ?? false }, location.pathname) !== null &&
                (!item.activeWhen || item.activeWhen(new URLSearchParams(location.search)))
              }
              search={location.search}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

const SidebarEntry = memo(function SidebarEntry({
  item,
  active,
  search,
}: {
  item: NavItem;
  active: boolean;
  search: string;
}) {
  return (
    <div>
      <MantineNavLink
        component={NavLink}
        to={buildLink(item.path, { isShared: null, shareToken: null }, search)}
        label={item.label}
        leftSection={<item.icon size={16} stroke={1.75} className={classes.navIcon} />}
        active={active}
        aria-current={active ? 'page' : undefined}
        className={classes.navLink}
        variant="subtle"
      />
      {item.below && (
        <Suspense fallback={null}>
          <item.below />
        </Suspense>
      )}
    </div>
  );
});
