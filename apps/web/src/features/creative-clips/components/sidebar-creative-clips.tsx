import { type CreativeClipType, creativeClipTypes, interpolate } from '@hookline/contract';
import { UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import rows from '@/components/sidebar-list.module.css';
import { paths, queryParams } from '@/config/paths';
import { creativeClipsNavTexts as t } from '@/config/texts/creative-clips-labels';
import { useActiveBrand } from '@/entities/brand';
import { useFeatureFlag } from '@/lib/feature-flags';
import { clipsLink, clipTypeColors } from '../clip-utils';
import classes from './sidebar-creative-clips.module.css';

/** The subtypes (their calls and 'Show more'): loaded when a type is first expanded. */
const SidebarSubtypes = lazy(async () => ({ default: (await import('./sidebar-subtypes')).SidebarSubtypes }));

/**
 * The sidebar's creative clip types (000 §2): each opens the brand's clips of that type. With
 * the videoIntelligenceTypes flag a type expands to its subtypes (sidebar-subtypes.tsx). The
 * types are constants: nothing is asked, and no more code loads, until a type is expanded, so
 * the first load keeps its calls and its size (app/first-calls.ts, e2e/build-budget).
 */
export function SidebarCreativeClips() {
  const brand = useActiveBrand();
  const location = useLocation();
  const subtypesOn = useFeatureFlag('videoIntelligenceTypes');
  const [expanded, setExpanded] = useState<CreativeClipType[]>([]);
  const onPage = matchPath(paths.creativeClips.path, location.pathname) !== null;
  const search = new URLSearchParams(location.search);
  const openTypes = onPage ? search.getAll(queryParams.types) : [];
  const openType = openTypes.length === 1 ? openTypes[0] : undefined;
  const openSubtypes = search.getAll(queryParams.subtypes);

  return (
    <div data-testid="sidebar-creative-clips">
      {creativeClipTypes.map((type) => {
        const isOpen = subtypesOn && expanded.includes(type);
        return (
          <div key={type}>
            <div className={rows.item}>
              <Link
                to={clipsLink(location.search, type)}
                className={rows.row}
                aria-current={openType === type && openSubtypes.length === 0 ? 'page' : undefined}
              >
                <span
                  className={classes.dot}
                  style={{ background: `var(--mantine-color-${clipTypeColors[type]}-5)` }}
                  aria-hidden
                />
                {type}
              </Link>
              {subtypesOn && (
                <UnstyledButton
                  className={classes.toggle}
                  aria-expanded={isOpen}
                  aria-label={interpolate(isOpen ? t.hideSubtypes : t.showSubtypes, { type })}
                  onClick={() =>
                    setExpanded((current) =>
                      current.includes(type) ? current.filter((entry) => entry !== type) : [...current, type],
                    )
                  }
                >
                  <IconChevronRight size={14} aria-hidden />
                </UnstyledButton>
              )}
            </div>
            {isOpen && (
              <Suspense fallback={null}>
                <SidebarSubtypes
                  key={brand.id}
                  scope={{ accountId: brand.accountId, brandId: brand.id }}
                  type={type}
                  openSubtype={openType === type && openSubtypes.length === 1 ? openSubtypes[0] : undefined}
                />
              </Suspense>
            )}
          </div>
        );
      })}
    </div>
  );
}
