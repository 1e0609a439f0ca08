import { interpolate, type SearchMatch, type SearchResult, type SimilarResult } from '@hookline/contract';
import { Alert, Badge, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertCircle, IconBookmark, IconSearch } from '@tabler/icons-react';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import frame from '@/components/page-frame.module.css';
import { PageHeading } from '@/components/page-heading';
import { paths, queryParams } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
import { searchTexts as t } from '@/config/texts/search';
import { useAssetDetail } from '@/entities/asset/api/get-asset-detail';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import type { ItemActionHandlers } from '@/entities/asset/components/asset-actions-menu';
import { AssetCollection } from '@/entities/asset/components/asset-collection';
import { GridSettingsMenu, ViewToggle } from '@/entities/asset/components/view-controls';
import { useGridSettings, useViewMode } from '@/entities/asset/hooks/use-view-prefs';
import { LazyMediaPlayer as MediaPlayer } from '@/entities/asset/player/lazy-media-player';
import type { PlayerLinks, PlayerTab } from '@/entities/asset/player/media-player';
import { useBrandWriteAccess } from '@/entities/board/use-board-write-access';
import { type BrandItem, useActiveBrand } from '@/entities/brand';
import { useProfile } from '@/entities/profile';
import { isApiError } from '@/lib/api-client';
import { useFeatureFlag } from '@/lib/feature-flags';
import { buildLink } from '@/lib/link-builder';
import { showSuccessToast } from '@/lib/notify';
import { useSavedSearches, useSaveSearch, useUpdateSavedSearch } from '../api/saved-searches';
import { useSearchResults, useSemanticSearchOn, useSimilarItems } from '../api/search';
import { FilterBar } from '../components/filter-bar';
import { MatchSnippet, snippetMatch } from '../components/match-snippet';
import { SaveSearchDialog } from '../components/save-search-dialog';
import classes from '../components/search.module.css';
import {
  hasBreakdownFilters,
  type SearchState,
  sameSearch,
  stateParams,
  toQuery,
  useSearchState,
} from '../search-state';

/** The page's keyword field refreshes results this long after typing stops (000 §9). */
const KEYWORD_DEBOUNCE_MS = 500;

type SortChoice = 'relevance' | 'newest' | 'oldest';
const sortChoiceOf = (state: SearchState): SortChoice =>
  state.sort === 'relevance' ? 'relevance' : state.order === 'asc' ? 'oldest' : 'newest';

/** The player's tab a result opens on (000 §2 "Search page"). */
export function resultTab(asset: SearchResult, state: SearchState, semanticOn: boolean): PlayerTab {
  if (hasBreakdownFilters(state) && asset.type === 'VIDEO') return 'videoIntelligence';
  if (state.keyword) {
    const words = state.keyword.toLowerCase().split(/\s+/);
    const inName = words.some((word) => word && asset.name.toLowerCase().includes(word));
    if (!inName && asset.matches.length > 0 && asset.matches.every((m) => m.source === 'COMMENT'))
      return 'comments';
    if (!semanticOn && (asset.type === 'VIDEO' || asset.type === 'AUDIO')) return 'transcript';
  }
  return 'overview';
}

/** Where a snippet's time plays: speech on the transcript, text on screen on the overview, a comment on the comments. */
const snippetTab = (match: SearchMatch): PlayerTab =>
  match.source === 'TRANSCRIPT' ? 'transcript' : match.source === 'COMMENT' ? 'comments' : 'overview';

/**
 * /search (000 §2, issue 16): the brand's items matching the keyword and filters of the
 * address, grid or list, 40 a page as it scrolls, with where each matched; a result opens
 * the player on the tab that shows why it matched.
 */
export function SearchPage() {
  const brand = useActiveBrand();
  return <SearchView key={brand.id} brand={brand} />;
}

function SearchView({ brand }: { brand: BrandItem }) {
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const navigate = useNavigate();
  const location = useLocation();
  const { fileId, tab } = useParams();
  const [state, setState] = useSearchState();
  const query = useMemo(() => toQuery(state), [state]);
  const { similarTo } = state;
  const searched = useSearchResults(scope, query, !similarTo);
  const similar = useSimilarItems(scope, similarTo);
  const source = useAssetDetail(scope, similarTo ?? null);
  // Keyword search, or more like one item: the same list, cards and player.
  const results = (similarTo ? similar : searched) as typeof searched;
  const items = useMemo<(SearchResult | SimilarResult)[]>(
    () =>
      similarTo
        ? (similar.data?.pages.flatMap((page) => page.items) ?? [])
        : (searched.data?.pages.flatMap((page) => page.items) ?? []),
    [similarTo, similar.data, searched.data],
  );
  const total = results.data?.pages[results.data.pages.length - 1]?.total ?? 0;
  const [viewMode, setViewMode] = useViewMode();
  const [settings, setSettings] = useGridSettings('asset');
  const scrollRef = useRef<HTMLDivElement>(null);
  const canEdit = useBrandWriteAccess(brand.id);
  const profile = useProfile();
  const semanticFlag = useFeatureFlag('semanticSearch');
  const semanticOn = useSemanticSearchOn(scope, semanticFlag);
  const showScores = useFeatureFlag('resultScore') && profile.isSuperUser;

  // The field is the user's while they type; the address catches up 500 ms after they stop.
  const [keyword, setKeyword] = useState(state.keyword);
  useEffect(() => setKeyword(state.keyword), [state.keyword]);
  const commitKeyword = useDebouncedCallback((value: string) => {
    if (value.trim() !== state.keyword || similarTo)
      setState({ ...state, keyword: value.trim(), similarTo: undefined });
  }, KEYWORD_DEBOUNCE_MS);

  const listParams = stateParams(state);
  const fileHref = (id: string, playerTab: PlayerTab, seconds?: number | null) =>
    buildLink(
      paths.search.getHref(id, playerTab),
      { ...listParams, [queryParams.time]: seconds ?? null },
      location.search,
    );
  const time = new URLSearchParams(location.search).get(queryParams.time);
  const playerLinks = useMemo<PlayerLinks>(
    () => ({
      item: (id, playerTab) =>
        buildLink(
          paths.search.getHref(id, playerTab),
          { ...stateParams(state), [queryParams.time]: id === fileId ? time : null },
          location.search,
        ),
      close: buildLink(paths.search.getHref(), stateParams(state), location.search),
    }),
    [state, fileId, time, location.search],
  );
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const open = (asset: AssetItem) => {
    const result = byId.get(asset.id);
    navigate(
      fileHref(asset.id, result && 'matches' in result ? resultTab(result, state, semanticOn) : 'overview'),
    );
  };
  const playAt = (asset: SearchResult, match: SearchMatch) =>
    navigate(fileHref(asset.id, snippetTab(match), Math.floor((match.timestampMs ?? 0) / 1000)));
  const openedLibrary = byId.get(fileId ?? '')?.library;
  const playerScope = useMemo<BrandScope>(
    () => (openedLibrary ? { ...scope, library: openedLibrary } : scope),
    [scope, openedLibrary],
  );

  const saving = useSaving(scope, state, setState);
  const itemHandlers = useMemo<ItemActionHandlers>(
    () => ({
      onMoreLikeThis: (asset) =>
        navigate(buildLink(paths.search.getHref(), { similarTo: asset.id }, location.search)),
    }),
    [navigate, location.search],
  );

  const count =
    results.isPending || results.isError
      ? null
      : results.data?.pages.at(-1)?.capped
        ? interpolate(t.resultsCapped, { count: total.toLocaleString('en') })
        : total === 1
          ? t.result
          : interpolate(t.results, { count: total.toLocaleString('en') });
  const filtered = state.filters.length > 0;

  return (
    <div className={frame.page} data-testid="search-page">
      <header className={frame.header}>
        <PageHeading
          title={
            similarTo
              ? interpolate(t.similar.title, { name: source.data?.name ?? '…' })
              : (saving.opened?.name ??
                (state.keyword ? interpolate(t.resultsFor, { keyword: state.keyword }) : t.title))
          }
          count={count}
          countTestId="search-count"
        />
        <Group gap="xs" wrap="nowrap">
          {!similarTo && saving.buttons}
          {semanticOn && (
            <Select
              size="xs"
              w={150}
              aria-label={t.sort}
              data={[
                { value: 'relevance', label: t.sorts.relevance },
                { value: 'newest', label: t.sorts.newest },
                { value: 'oldest', label: t.sorts.oldest },
              ]}
              value={sortChoiceOf(state)}
              allowDeselect={false}
              onChange={(value) =>
                setState({
                  ...state,
                  sort: value === 'relevance' ? 'relevance' : 'createdAt',
                  order: value === 'oldest' ? 'asc' : 'desc',
                })
              }
              data-testid="semantic-sort"
            />
          )}
          {viewMode === 'grid' && <GridSettingsMenu value={settings} onChange={setSettings} />}
          <ViewToggle value={viewMode} onChange={setViewMode} />
        </Group>
      </header>
      <div className={frame.body} ref={scrollRef}>
        <Group gap="xs" align="center" mb={similarTo ? 'md' : 0}>
          <TextInput
            className={classes.keyword}
            size="sm"
            value={keyword}
            onChange={(event) => {
              setKeyword(event.currentTarget.value);
              commitKeyword(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                commitKeyword.cancel?.();
                const value = keyword.trim();
                if (value !== state.keyword || similarTo)
                  setState({ ...state, keyword: value, similarTo: undefined });
              }
            }}
            placeholder={t.keywordPlaceholder}
            aria-label={t.keyword}
            leftSection={<IconSearch size={16} />}
            data-testid="search-keyword"
          />
        </Group>
        {!similarTo && saving.notice}
        {!similarTo && (
          <FilterBar
            scope={scope}
            filters={state.filters}
            onChange={(filters) => setState({ ...state, filters })}
          />
        )}
        {results.isError && items.length === 0 ? (
          <EmptyState
            icon={<IconAlertCircle size={28} />}
            title={t.loadFailed}
            action={
              <Button variant="default" size="xs" onClick={() => void results.refetch()}>
                {appTexts.routeError.reload}
              </Button>
            }
          />
        ) : !results.isPending && items.length === 0 ? (
          <EmptyState
            testId="search-empty"
            icon={<IconSearch size={28} />}
            title={similarTo ? t.similar.empty : t.empty}
            text={similarTo ? t.similar.emptyHint : t.emptyHint}
            action={
              filtered && !similarTo ? (
                <Button variant="light" size="xs" mt="xs" onClick={() => setState({ ...state, filters: [] })}>
                  {t.clearAll}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <AssetCollection
              items={items}
              loading={results.isPending}
              viewMode={viewMode}
              settings={settings}
              scrollRef={scrollRef}
              hasNextPage={results.hasNextPage && !results.isError}
              isFetchingNextPage={results.isFetchingNextPage}
              fetchNextPage={() => void results.fetchNextPage()}
              onOpen={open}
              handlers={itemHandlers}
              itemSlots={{
                details: (asset) => {
                  const result = byId.get(asset.id);
                  if (result && 'method' in result) return <SimilarityLine result={result} />;
                  const match = result && snippetMatch(result.matches);
                  return match ? <MatchSnippet match={match} onPlayAt={(m) => playAt(result, m)} /> : null;
                },
                badge: showScores
                  ? (asset) => {
                      const score = byId.get(asset.id)?.score;
                      return score === undefined ? null : (
                        <Badge
                          size="xs"
                          variant="default"
                          className={classes.score}
                          data-testid="result-score"
                        >
                          {interpolate(t.score, { score: score.toFixed(2) })}
                        </Badge>
                      );
                    }
                  : undefined,
              }}
            />
            {results.isError && (
              <LoadFailedAlert title={t.loadFailed} onRetry={() => void results.fetchNextPage()} mt="md" />
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
            items={items}
            hasNextPage={results.hasNextPage}
            fetchNextPage={() => void results.fetchNextPage()}
            canEdit={canEdit}
            handlers={itemHandlers}
          />
        </Suspense>
      )}
    </div>
  );
}

const ts = t.saved;

/** How a look-alike was found, and how alike it is ('Similar layout · 94%'). */
function SimilarityLine({ result }: { result: SimilarResult }) {
  return (
    <Text size="xs" c="dimmed" data-testid="similarity">
      {interpolate(t.similar.line, {
        method: t.similar.methods[result.method],
        score: Math.round(result.score * 100),
      })}
    </Text>
  );
}

/**
 * Saved searches on the page: 'Save search' names the keyword, filters and sort (and may share
 * them); opened from the sidebar, the saved search's name heads the page, its owner saves
 * changes to it, and filters dropped because their tag, board, folder or field has gone are
 * named in a notice.
 */
function useSaving(scope: BrandScope, state: SearchState, setState: (next: SearchState) => void) {
  const saved = useSavedSearches(scope);
  const create = useSaveSearch(scope);
  const update = useUpdateSavedSearch(scope);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [noticeClosed, setNoticeClosed] = useState<string | null>(null);
  const opened = state.saved ? saved.data?.find((search) => search.id === state.saved) : undefined;
  const changed = opened ? !sameSearch(opened, state) : false;
  const searching = state.keyword !== '' || state.filters.length > 0;
  const { keyword, filters, sort, order } = state;

  const buttons = (
    <>
      {opened?.canEdit && changed && (
        <Button
          size="xs"
          variant="light"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: opened.id, body: { keyword, filters, sort, order } },
              { onSuccess: () => showSuccessToast(appTexts.common.changesSaved) },
            )
          }
          data-testid="save-search-changes"
        >
          {appTexts.common.saveChanges}
        </Button>
      )}
      {searching && (!opened || changed) && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBookmark size={14} />}
          onClick={() => setDialogOpen(true)}
          data-testid="save-search"
        >
          {ts.save}
        </Button>
      )}
      <SaveSearchDialog
        opened={dialogOpen}
        title={ts.saveTitle}
        pending={create.isPending}
        error={isApiError(create.error) ? create.error.body?.message : null}
        onClose={() => {
          create.reset();
          setDialogOpen(false);
        }}
        onSubmit={({ name, shared }) =>
          create.mutate(
            { name, shared, keyword, filters, sort, order },
            {
              onSuccess: (made) => {
                setDialogOpen(false);
                showSuccessToast(ts.savedToast);
                setState({ ...state, saved: made.id });
              },
            },
          )
        }
      />
    </>
  );
  const notice =
    opened && opened.droppedFilters.length > 0 && noticeClosed !== opened.id ? (
      <Alert
        color="yellow"
        variant="light"
        withCloseButton
        onClose={() => setNoticeClosed(opened.id)}
        data-testid="saved-search-dropped"
        mb="xs"
      >
        {interpolate(ts.dropped, { names: opened.droppedFilters.join(', ') })}
      </Alert>
    ) : null;
  return { opened, buttons, notice };
}
