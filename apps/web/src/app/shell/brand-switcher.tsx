import { Text } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { useActiveBrand, useBrandList } from '@/entities/brand';
import { lazyPrefetched } from '@/lib/lazy-prefetched';
import { whenIdle } from '@/lib/when-idle';
import { BrandAvatar, BrandSwitcherButton } from './brand-switcher-button';
import classes from './shell.module.css';

const menu = lazyPrefetched(async () => (await import('./brand-switcher-menu')).BrandSwitcherMenu);
const prefetchMenu = () => void menu.prefetch().catch(() => undefined);

/**
 * The brand at the top of the sidebar; users with several brands switch here (001 §2 "Other").
 * A super user sees free-tier brands in their own group and can search every brand.
 * Switching keeps the page and sets brandId and accountId in the query.
 */
export function BrandSwitcher() {
  const brands = useBrandList();
  const active = useActiveBrand();
  const several = brands.length >= 2;
  const [clicked, setClicked] = useState(false);
  useEffect(() => (several ? whenIdle(prefetchMenu) : undefined), [several]);

  if (!several) {
    return (
      <div className={classes.brandSwitcher} data-testid="active-brand">
        <BrandAvatar brand={active} />
        <Text size="sm" fw={600} truncate className={classes.brandSwitcherName}>
          {active.name}
        </Text>
      </div>
    );
  }
  // Until the list's code is here, the same button asks for it.
  const fallback = (
    <BrandSwitcherButton
      active={active}
      onPointerEnter={prefetchMenu}
      onFocus={prefetchMenu}
      onClick={() => {
        setClicked(true);
        prefetchMenu();
      }}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <menu.Component brands={brands} active={active} defaultOpened={clicked} />
    </Suspense>
  );
}
