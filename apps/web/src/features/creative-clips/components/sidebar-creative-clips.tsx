import {
  CREATIVE_CLIP_LIMITS,
  type CreativeClipType,
  creativeClipTypes,
  interpolate,
} from '@hookline/contract';
import { Loader, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { paths, queryParams } from '@/config/paths';
import { creativeClipsTexts as t } from '@/config/texts/creative-clips';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useActiveBrand } from '@/entities/brand';
import { useFeatureFlag } from '@/lib/feature-flags';
import { buildLink } from '@/lib/link-builder';
import { useIntelligenceTypes, useMoreSubtypes } from '../api/creative-clips';
import { clipTypeColors } from '../clip-utils';
import classes from './sidebar-creative-clips.module.css';

/** What the address filters by when it is the creative clips page (null elsewhere). */
function useOpenFilter(): { types: string[]; subtypes: string[] } | null {
  const location = useLocation();
  if (!matchPath(paths.creativeClips.path, location.pathname)) return null;
  const search = new URLSearchParams(location.search);
  return { types: search.getAll(queryParams.types), subtypes: search.getAll(queryParams.subtypes) };
}

function clipsLink(search: string, type: CreativeClipType, subtype?: string): string {
  return buildLink(
    paths.creativeClips.getHref(),
    { isShared: null, shareToken: null, [queryParams.types]: type, [queryParams.subtypes]: subtype ?? null },
    search,
  );
}

/**
 * The sidebar's creative clip types (000 §2): each opens the brand's clips of that type. With
 * the videoIntelligenceTypes flag a type expands to its subtypes: the brand's 5 most used,
 * then 20 more per 'Show more'. Nothing is asked until a type is expanded, so the first load
 * keeps its calls (app/first-calls.ts).
 */
export function SidebarCreativeClips() {
  const brand = useActiveBrand();
  return <SidebarClipTypes key={brand.id} scope={{ accountId: brand.accountId, brandId: brand.id }} />;
}

function SidebarClipTypes({ scope }: { scope: BrandScope }) {
  const location = useLocation();
  const open = useOpenFilter();
  const subtypesOn = useFeatureFlag('videoIntelligenceTypes');
  const [expanded, setExpanded] = useState<ReadonlySet<CreativeClipType>>(() => new Set());
  const types = useIntelligenceTypes(scope, subtypesOn && expanded.size > 0);
  const toggle = (type: CreativeClipType) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });

  return (
    <div className={classes.list} data-testid="sidebar-creative-clips">
      {creativeClipTypes.map((type) => {
        const isOpen = subtypesOn && expanded.has(type);
        const current =
          open !== null && open.types.length === 1 && open.types[0] === type && open.subtypes.length === 0;
        return (
          <div key={type}>
            <div className={classes.item}>
              <Link
                to={clipsLink(location.search, type)}
                className={classes.row}
                aria-current={current ? 'page' : undefined}
                title={type}
              >
                <span
                  className={classes.dot}
                  style={{ background: `var(--mantine-color-${clipTypeColors[type]}-5)` }}
                  aria-hidden
                />
                <span className={classes.name}>{type}</span>
              </Link>
              {subtypesOn && (
                <UnstyledButton
                  className={classes.toggle}
                  aria-expanded={isOpen}
                  aria-label={interpolate(isOpen ? t.hideSubtypes : t.showSubtypes, { type })}
                  onClick={() => toggle(type)}
                >
                  <IconChevronRight size={14} className={classes.chevron} aria-hidden />
                </UnstyledButton>
              )}
            </div>
            {isOpen && (
              <TypeSubtypes
                scope={scope}
                type={type}
                first={types.data?.find((entry) => entry.type === type)?.subtypes}
                loading={types.isPending}
                failed={types.isError}
                retry={() => void types.refetch()}
                openSubtype={open?.types.length === 1 && open.types[0] === type ? open.subtypes : []}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

function TypeSubtypes({
  scope,
  type,
  first,
  loading,
  failed,
  retry,
  openSubtype,
}: {
  scope: BrandScope;
  type: CreativeClipType;
  /** The brand's most used subtypes of the type (video-intelligence-types). */
  first: string[] | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  openSubtype: string[];
}) {
  const location = useLocation();
  const [more, setMore] = useState(false);
  const extra = useMoreSubtypes(scope, type, more);
  const subtypes = useMemo(() => {
    const all = [
      ...(first ?? []),
      ...(extra.data?.pages.flatMap((page) => page.items.map((s) => s.subtype)) ?? []),
    ];
    return [...new Set(all)];
  }, [first, extra.data]);

  if (loading) return <Loader size="xs" ml={50} my={6} aria-label={interpolate(t.showSubtypes, { type })} />;
  if (failed || extra.isError)
    return (
      <div className={classes.note} role="alert">
        {t.subtypesFailed}{' '}
        <UnstyledButton
          className={classes.more}
          style={{ padding: 0, height: 'auto' }}
          onClick={() => (failed ? retry() : void extra.refetch())}
        >
          {t.retry}
        </UnstyledButton>
      </div>
    );
  if (subtypes.length === 0) return <div className={classes.note}>{t.noSubtypes}</div>;
  // The first answer gives at most 5: a full 5 may have more; after that the total says.
  const hasMore = more ? extra.hasNextPage : (first?.length ?? 0) >= CREATIVE_CLIP_LIMITS.subtypesFirstPage;
  return (
    <div className={classes.list} data-testid={`sidebar-subtypes-${type}`}>
      {subtypes.map((subtype) => (
        <Link
          key={subtype}
          to={clipsLink(location.search, type, subtype)}
          className={`${classes.row} ${classes.sub}`}
          aria-current={openSubtype.length === 1 && openSubtype[0] === subtype ? 'page' : undefined}
          title={subtype}
        >
          <span className={classes.name}>{subtype}</span>
        </Link>
      ))}
      {(hasMore || extra.isFetching) && (
        <UnstyledButton
          className={classes.more}
          disabled={extra.isFetching}
          onClick={() => {
            if (!more) setMore(true);
            else void extra.fetchNextPage();
          }}
        >
          {extra.isFetching ? <Loader size={12} /> : t.showMore}
        </UnstyledButton>
      )}
    </div>
  );
}
