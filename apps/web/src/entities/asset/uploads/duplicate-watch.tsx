import {
  type Asset,
  type DuplicateAction,
  duplicateMessages,
  interpolate,
  USAGE_REFRESH,
} from '@hookline/contract';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '@/config/paths';
import { duplicatesTexts as t } from '@/config/texts/duplicates';
import { scheduleUsageRefresh } from '@/entities/usage/get-usage';
import { ApiError } from '@/lib/api-client';
import { buildLink } from '@/lib/link-builder';
import { navigateTo } from '@/lib/navigation';
import { duplicateText, resolveDuplicate } from '../api/duplicates';
import { getAssetDetail } from '../api/get-asset-detail';
import { type BrandScope, libraryKeys } from '../api/keys';

/*
 * Duplicates at upload (issue 15 "Beyond"): processing fingerprints a file after its bytes
 * arrive, so once an upload group is sent its files are asked for again until they are
 * processed; each one marked `duplicateOf` an older file gets a notice with Keep both and Skip
 * (more than 3 in one upload: one notice pointing to the duplicates page).
 */

export const DUPLICATE_WATCH = {
  /** Between two rounds of asking for the files still being processed. */
  intervalMs: 2_000,
  /** Given up after this long (the duplicates page still lists what is found later). */
  timeoutMs: 120_000,
  /** Files asked for at once in a round. */
  concurrency: 6,
  /** More duplicates than this in one upload get one notice with a link. */
  maxNotices: 3,
} as const;

/** Still being processed: the duplicate check has not run yet. */
const processing = (asset: Asset) =>
  asset.uploadingState === 'UPLOADED_GENERATING_THUMBNAIL' || asset.uploadingState === 'UPLOADING';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Runs `work` over `items`, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(lanes);
}

export interface WatchOptions {
  queryClient: QueryClient;
  scope: BrandScope;
  /** The files the upload sent. */
  assetIds: readonly string[];
  /** Aborted when the app unmounts: no more requests, no notice. */
  signal: AbortSignal;
  now?: () => number;
}

/**
 * Asks for the files until none is processing (every 2 s, at most 2 minutes), then shows
 * the notices for those marked as duplicates. Resolves with the duplicates found.
 */
export async function watchForDuplicates({
  queryClient,
  scope,
  assetIds,
  signal,
  now = Date.now,
}: WatchOptions): Promise<Asset[]> {
  const pending = new Set(assetIds);
  const found: Asset[] = [];
  const deadline = now() + DUPLICATE_WATCH.timeoutMs;
  while (pending.size > 0 && !signal.aborted) {
    await eachLimited([...pending], DUPLICATE_WATCH.concurrency, async (id) => {
      if (signal.aborted) return;
      try {
        const asset = await getAssetDetail({ ...scope, library: 'BRAND' }, id, signal);
        if (processing(asset)) return;
        pending.delete(id);
        if (asset.duplicateOf) found.push(asset);
      } catch (error) {
        // Gone (deleted meanwhile) or not readable: nothing to say about it. Others: ask again.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) pending.delete(id);
      }
    });
    if (pending.size === 0 || signal.aborted || now() >= deadline) break;
    await sleep(DUPLICATE_WATCH.intervalMs, signal);
  }
  if (signal.aborted || found.length === 0) return found;
  // In the order the files were uploaded.
  const order = new Map(assetIds.map((id, index) => [id, index]));
  found.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  showDuplicateNotices(queryClient, scope, found);
  return found;
}

export function showDuplicateNotices(queryClient: QueryClient, scope: BrandScope, found: readonly Asset[]) {
  if (found.length > DUPLICATE_WATCH.maxNotices) {
    const id = `duplicates-${found[0]!.id}`;
    notifications.show({
      id,
      color: 'yellow',
      autoClose: false,
      message: (
        <ManyDuplicatesNotice count={found.length} scope={scope} onOpen={() => notifications.hide(id)} />
      ),
    });
    return;
  }
  for (const asset of found) {
    const id = `duplicate-${asset.id}`;
    notifications.show({
      id,
      color: 'yellow',
      autoClose: false,
      title: asset.name,
      message: (
        <DuplicateNotice
          asset={asset}
          onResolve={async (action) => {
            await resolveDuplicate(scope, asset.id, action);
            notifications.hide(id);
            void queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) });
            // Skip deletes the new file: the usage counts change.
            if (action === 'SKIP')
              scheduleUsageRefresh(queryClient, scope.accountId, USAGE_REFRESH.afterDeleteMs);
          }}
        />
      ),
    });
  }
}

/** One duplicate: what it matches, Keep both and Skip (a failure leaves the notice, with the error toast). */
function DuplicateNotice({
  asset,
  onResolve,
}: {
  asset: Asset;
  onResolve: (action: DuplicateAction) => Promise<void>;
}) {
  const [busy, setBusy] = useState<DuplicateAction | null>(null);
  const act = (action: DuplicateAction) => {
    setBusy(action);
    onResolve(action).catch(() => setBusy(null));
  };
  return (
    <Stack gap={6} data-testid="duplicate-notice" data-asset-id={asset.id}>
      <Text size="sm">{asset.duplicateOf ? duplicateText(asset.duplicateOf) : null}</Text>
      <Group gap="xs" justify="flex-end">
        <Button
          size="compact-sm"
          variant="default"
          loading={busy === 'KEEP_BOTH'}
          disabled={busy !== null}
          onClick={() => act('KEEP_BOTH')}
        >
          {duplicateMessages.keepBoth}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          loading={busy === 'SKIP'}
          disabled={busy !== null}
          onClick={() => act('SKIP')}
        >
          {duplicateMessages.skip}
        </Button>
      </Group>
    </Stack>
  );
}

function ManyDuplicatesNotice({
  count,
  scope,
  onOpen,
}: {
  count: number;
  scope: BrandScope;
  onOpen: () => void;
}) {
  const href = buildLink(paths.duplicates.getHref(), { accountId: scope.accountId, brandId: scope.brandId });
  return (
    <Stack gap={4} data-testid="duplicates-notice">
      <Text size="sm">{interpolate(t.many, { count })}</Text>
      <Anchor
        size="sm"
        href={href}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
          navigateTo(href);
        }}
      >
        {t.review}
      </Anchor>
    </Stack>
  );
}
