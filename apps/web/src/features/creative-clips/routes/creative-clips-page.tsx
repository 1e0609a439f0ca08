import { type CreativeClip, creativeClipTypes, interpolate } from '@hookline/contract';
import { Badge, Button, CloseButton, MultiSelect, Switch } from '@mantine/core';
import { IconAlertCircle, IconMovie } from '@tabler/icons-react';
import { Suspense, useCallback, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import frame from '@/components/page-frame.module.css';
import { PageHeading } from '@/components/page-heading';
import { paths, queryParams } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
import { creativeClipsTexts as t } from '@/config/texts/creative-clips';
import { creativeClipsNavTexts } from '@/config/texts/creative-clips-labels';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { LazyMediaPlayer as MediaPlayer } from '@/entities/asset/player/lazy-media-player';
import type { PlayerLinks } from '@/entities/asset/player/media-player';
import { useBrandWriteAccess } from '@/entities/board/use-board-write-access';
import { type BrandItem, useActiveBrand } from '@/entities/brand';
import { useFeatureFlag } from '@/lib/feature-flags';
import { buildLink } from '@/lib/link-builder';
import { type ClipFilters, useCreativeClips } from '../api/creative-clips';
import { clipFileHref, clipStartSeconds, filterParams } from '../clip-utils';
import { ClipGrid } from '../components/clip-grid';
import classes from '../components/clips.module.css';

/** The player's tab a clip opens on (its file's creative clips). */
const CLIP_TAB = 'videoIntelligence';

/** The filters the address gives: types (known ones), subtypes, and hooks only (hookAnalysis flag). */
function useFilters(hookOn: boolean): ClipFilters {
  const { search } = useLocation();
  return useMemo(() => {
    const params = new URLSearchParams(search);
    return {
      types: creativeClipTypes.filter((type) => params.getAll(queryParams.types).includes(type)),
      subtypes: [...new Set(params.getAll(queryParams.subtypes).filter(Boolean))],
      hook: hookOn && params.get(queryParams.hook) === 'true',
    };
  }, [search, hookOn]);
}

/**
 * /creative-clips (issue 15): the brand's creative clips of the types and subtypes in the
 * address, as a grid (40 a page); a clip opens the player on its file at the clip's start.
 */
export function CreativeClipsPage() {
  const brand = useActiveBrand();
  return <CreativeClipsView key={brand.id} brand={brand} />;
}

function CreativeClipsView({ brand }: { brand: BrandItem }) {
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const navigate = useNavigate();
  const location = useLocation();
  const { fileId, tab } = useParams();
  const hookOn = useFeatureFlag('hookAnalysis');
  const filters = useFilters(hookOn);
  const canEdit = useBrandWriteAccess(brand.id);
  const scrollRef = useRef<HTMLDivElement>(null);
  const query = useCreativeClips(scope, filters);
  const clips = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const total = query.data?.pages[query.data.pages.length - 1]?.total ?? 0;
  const filtered = filters.types.length > 0 || filters.subtypes.length > 0 || filters.hook;

  const setFilters = (next: ClipFilters) =>
    navigate(buildLink(paths.creativeClips.getHref(), filterParams(next), location.search));

  // The player keeps the filters; `t` (the clip's start) stays while the same file is shown.
  const time = new URLSearchParams(location.search).get(queryParams.time);
  const playerLinks = useMemo<PlayerLinks>(
    () => ({
      item: (id, playerTab) =>
        buildLink(
          clipFileHref(id, playerTab),
          { ...filterParams(filters), [queryParams.time]: id === fileId ? time : null },
          location.search,
        ),
      close: buildLink(paths.creativeClips.getHref(), filterParams(filters), location.search),
    }),
    [filters, fileId, time, location.search],
  );
  const open = useCallback(
    (clip: CreativeClip) =>
      navigate(
        buildLink(
          clipFileHref(clip.asset.id, CLIP_TAB),
          { ...filterParams(filters), [queryParams.time]: clipStartSeconds(clip.startTimestampMs) },
          location.search,
        ),
      ),
    [navigate, filters, location.search],
  );
  // The player walks the grid's files (each once, in the grid's order).
  const playerItems = useMemo(() => {
    const seen = new Set<string>();
    const items: AssetItem[] = [];
    for (const clip of clips) {
      if (seen.has(clip.asset.id)) continue;
      seen.add(clip.asset.id);
      // The player reads only the id and type of its list's items; the file itself it loads.
      items.push({ ...clip.asset, type: 'VIDEO' } as unknown as AssetItem);
    }
    return items;
  }, [clips]);
  // A clip of a video ad or raw footage opens in its own library.
  const openedLibrary = clips.find((clip) => clip.asset.id === fileId)?.asset.library;
  const playerScope = useMemo<BrandScope>(
    () => (openedLibrary ? { ...scope, library: openedLibrary } : scope),
    [scope, openedLibrary],
  );

  return (
    <div className={frame.page} data-testid="creative-clips-page">
      <header className={frame.header}>
        <PageHeading
          title={creativeClipsNavTexts.pageTitle}
          countTestId="clips-count"
          count={
            !query.isPending && !query.isError
              ? total === 1
                ? t.clip
                : interpolate(t.clips, { count: total })
              : null
          }
        />
        <div className={classes.filters}>
          {filters.subtypes.map((subtype) => (
            <Badge
              key={subtype}
              size="lg"
              variant="light"
              color="gray"
              tt="none"
              fw={500}
              pr={4}
              data-testid="subtype-filter"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={interpolate(t.removeSubtype, { subtype })}
                  onClick={() =>
                    setFilters({ ...filters, subtypes: filters.subtypes.filter((s) => s !== subtype) })
                  }
                />
              }
            >
              {subtype}
            </Badge>
          ))}
          <MultiSelect
            className={classes.typeSelect}
            aria-label={t.types}
            placeholder={filters.types.length === 0 ? t.allTypes : undefined}
            data={[...creativeClipTypes]}
            value={filters.types}
            onChange={(values) =>
              // Subtypes belong to the types they were chosen under: a new set of types starts without them.
              setFilters({
                ...filters,
                types: creativeClipTypes.filter((type) => values.includes(type)),
                subtypes: [],
              })
            }
            clearable
            size="sm"
            maxDropdownHeight={320}
            comboboxProps={{ withinPortal: true }}
            data-testid="type-filter"
          />
          {hookOn && (
            <Switch
              label={t.hooksOnly}
              checked={filters.hook}
              onChange={(event) => setFilters({ ...filters, hook: event.currentTarget.checked })}
              data-testid="hooks-only"
            />
          )}
        </div>
      </header>
      <div className={frame.body} ref={scrollRef}>
        {query.isError && clips.length === 0 ? (
          <EmptyState
            icon={<IconAlertCircle size={28} />}
            title={t.loadFailed}
            action={
              <Button variant="default" size="xs" onClick={() => void query.refetch()}>
                {appTexts.routeError.reload}
              </Button>
            }
          />
        ) : !query.isPending && clips.length === 0 ? (
          <EmptyState
            testId="clips-empty"
            icon={<IconMovie size={28} />}
            title={filtered ? t.emptyFiltered : t.empty}
            text={t.emptyHint}
            action={
              filtered ? (
                <Button
                  variant="light"
                  size="xs"
                  mt="xs"
                  onClick={() => setFilters({ types: [], subtypes: [], hook: false })}
                >
                  {t.clearFilters}
                </Button>
              ) : (
                <Button
                  component={Link}
                  to={buildLink(paths.library.getHref(), {}, location.search)}
                  variant="light"
                  size="xs"
                  mt="xs"
                >
                  {t.goToLibrary}
                </Button>
              )
            }
          />
        ) : (
          <>
            <ClipGrid
              clips={clips}
              loading={query.isPending}
              scrollRef={scrollRef}
              hasNextPage={query.hasNextPage && !query.isError}
              isFetchingNextPage={query.isFetchingNextPage}
              fetchNextPage={() => void query.fetchNextPage()}
              showHook={hookOn}
              onOpen={open}
            />
            {query.isError && (
              <LoadFailedAlert title={t.loadFailed} onRetry={() => void query.fetchNextPage()} mt="md" />
            )}
          </>
        )}
      </div>
      {fileId && (
        <Suspense fallback={null}>
          <MediaPlayer
            scope={playerScope}
            fileId={fileId}
            tab={tab}
            links={playerLinks}
            items={playerItems}
            hasNextPage={query.hasNextPage}
            fetchNextPage={() => void query.fetchNextPage()}
            canEdit={canEdit}
          />
        </Suspense>
      )}
    </div>
  );
}
