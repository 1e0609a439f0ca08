import { type AnalyticsPreset, analyticsPresets, DEFAULT_ANALYTICS_PRESET } from '@hookline/contract';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { paths } from '@/config/paths';
import { analyticsTexts } from '@/config/texts/analytics';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { LazyMediaPlayer as MediaPlayer } from '@/entities/asset/player/lazy-media-player';
import type { PlayerLinks } from '@/entities/asset/player/media-player';
import type { PlayerTab } from '@/entities/asset/player/player-panel';
import { isApiError } from '@/lib/api-client';
import { useAnalyticsAd } from '../api/analytics';
import classes from './analytics.module.css';

/** The tab with the charts loads its chart code when first shown. */
const AdAnalyticPanel = lazy(async () => ({
  default: (await import('./ad-analytic-panel')).AdAnalyticPanel,
}));

const t = analyticsTexts.player;
/** The player's own query parameter: the analytic tab's preset (the list's state stays as it is). */
const PRESET_PARAM = 'preset';
const ANALYTIC_TAB: PlayerTab = 'analytic';

const isPreset = (value: string | null): value is AnalyticsPreset =>
  value !== 'CUSTOM' && (analyticsPresets as readonly (string | null)[]).includes(value);

/**
 * The analytics player (001 §2 "Player"), over the list at `/analytics/{adId}/{assetId}/{tab}`:
 * the ad's media (its AD_ANALYTICS library items, previous and next walking them) in the
 * entities player, with the analytic tab beside the usual ones. An ad without media says
 * 'Video analytic asset not found' and shows its figures all the same.
 */
export function AnalyticsPlayer({
  scope,
  adId,
  assetId,
  tab,
}: {
  scope: BrandScope;
  adId: string;
  assetId: string | undefined;
  tab: string | undefined;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const asked = search.get(PRESET_PARAM);
  const preset: AnalyticsPreset = isPreset(asked) ? asked : DEFAULT_ANALYTICS_PRESET;
  const ad = useAnalyticsAd(scope, adId, preset);
  const assets = ad.data?.assets ?? [];
  const shownAsset = assetId ?? assets[0]?.id;
  const adScope = useMemo<BrandScope>(() => ({ ...scope, library: 'AD_ANALYTICS' }), [scope]);
  const shownVideo = assets.find((a) => a.id === shownAsset && a.type === 'VIDEO')?.id;

  // The list's whole address (its state, the brand) goes with every link, so closing shows
  // the list as it was; the player's own preset goes on close.
  const links = useMemo<PlayerLinks>(() => {
    const keep = new URLSearchParams(location.search);
    const kept = keep.toString();
    keep.delete(PRESET_PARAM);
    const list = keep.toString();
    return {
      item: (id, playerTab) =>
        `${paths.analytics.getHref()}/${adId}/${id}/${playerTab}${kept ? `?${kept}` : ''}`,
      close: `${paths.analytics.getHref()}${list ? `?${list}` : ''}`,
    };
  }, [adId, location.search]);
  // The player reads only the id and type of its list's items; each file it loads itself.
  const items = useMemo(
    () => assets.map((a) => ({ id: a.id, type: a.type }) as unknown as AssetItem),
    [assets],
  );
  const setPreset = (next: AnalyticsPreset) => {
    const params = new URLSearchParams(location.search);
    if (next === DEFAULT_ANALYTICS_PRESET) params.delete(PRESET_PARAM);
    else params.set(PRESET_PARAM, next);
    navigate(`${location.pathname}?${params}`, { replace: true });
  };

  const panel = ad.data ? (
    <Suspense fallback={<Loader size="sm" />}>
      <AdAnalyticPanel
        ad={ad.data}
        preset={preset}
        onPreset={setPreset}
        video={shownVideo ? { scope: adScope, assetId: shownVideo } : undefined}
      />
    </Suspense>
  ) : null;

  if (ad.isError || (ad.data && !shownAsset))
    return (
      <div
        className={classes.playerFallback}
        role="dialog"
        aria-modal="true"
        aria-label={ad.data?.name ?? t.adNotFound}
        data-testid="analytics-player"
      >
        {ad.isError && isApiError(ad.error) && ad.error.status === 404 ? (
          <Stack align="center" gap="xs" data-testid="analytics-ad-not-found">
            <Text fw={600}>{t.adNotFound}</Text>
            <Text size="sm" c="dimmed">
              {t.adNotFoundText}
            </Text>
          </Stack>
        ) : ad.isError ? (
          <LoadFailedAlert title={t.loadFailed} onRetry={() => void ad.refetch()} />
        ) : (
          <div className={classes.playerNoAsset}>
            <Stack align="center" justify="center" gap="xs" data-testid="analytics-asset-not-found">
              <Text fw={600}>{t.assetNotFound}</Text>
              <Text size="sm" c="dimmed" ta="center">
                {t.assetNotFoundText}
              </Text>
            </Stack>
            <div className={classes.playerNoAssetPanel}>
              <Text fw={600} mb="sm">
                {ad.data?.name}
              </Text>
              {panel}
            </div>
          </div>
        )}
        <Button
          variant="default"
          size="xs"
          onClick={() => navigate(links.close ?? paths.analytics.getHref())}
        >
          {t.back}
        </Button>
      </div>
    );
  if (!shownAsset) return null;
  return (
    <Suspense fallback={null}>
      <MediaPlayer
        scope={adScope}
        fileId={shownAsset}
        // A file opened from the list shows its figures first.
        tab={tab ?? ANALYTIC_TAB}
        links={links}
        items={items}
        hasNextPage={false}
        fetchNextPage={() => undefined}
        // Its media are the ad's: not renamed or moved here, but members comment on them and
        // put them on boards (001 §2 "Player": boards with write access and an asset id).
        canEdit={false}
        canComment
        canAssignBoards
        analytic={panel ?? <Loader size="sm" />}
      />
    </Suspense>
  );
}
