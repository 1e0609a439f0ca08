import { checkUploadFile, interpolate, isJunkFile, USAGE_REFRESH, uploadMessages } from '@hookline/contract';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { libraryTexts } from '@/config/texts/library';
import { customFieldKeys } from '@/entities/custom-field/api';
import { scheduleUsageRefresh } from '@/entities/usage/get-usage';
import { type BrandScope, libraryKeys } from '../api/keys';
import { uploadTransport } from './api';
import { watchForDuplicates } from './duplicate-watch';
import {
  type UploadFieldValues,
  type UploadGroup,
  type UploadItem,
  UploadManager,
  type UploadSource,
  type UploadSummary,
} from './upload-manager';
import type { Uploader, UploadManagers } from './uploads-context';

/*
 * The upload engine: the managers that send the bytes, their progress and summary toasts. Its
 * own chunk (issue #20: a page's first load carries no upload internals), fetched when the
 * first upload starts or a retry is asked for (uploads-context.tsx).
 */

const t = libraryTexts.uploads;

function failureList(items: UploadItem[]): string {
  const named = items
    .slice(0, 3)
    .map((item) => (item.label ? `${item.name} (${t.failedLabels[item.label]})` : item.name));
  const more = items.length > 3 ? [interpolate(t.moreFiles, { count: items.length - 3 })] : [];
  return [...named, ...more].join(', ');
}

/** The summary toast of 000 §8 "Upload summaries". */
function showUploadSummary(summary: UploadSummary): void {
  if (summary.cancelled) return; // cancelled uploads abort silently
  const { uploaded, failed, skipped } = summary;
  if (uploaded === 0 && failed.length > 0 && skipped.length === 0) {
    notifications.show({
      color: 'red',
      title: uploadMessages.failedTitle,
      message: summary.error ?? (failed.length === 1 && failed[0]!.reason) ?? uploadMessages.failedText,
    });
  } else if (uploaded === 0 && failed.length === 0 && skipped.length > 0) {
    notifications.show({
      color: 'yellow',
      title: uploadMessages.skippedTitle,
      message: `${interpolate(uploadMessages.skippedText, { count: skipped.length })}. ${failureList(skipped)}`,
    });
  } else if (failed.length + skipped.length > 0) {
    notifications.show({
      color: 'yellow',
      title: uploadMessages.partialTitle,
      message: `${interpolate(uploadMessages.partialText, {
        uploaded,
        failed: failed.length,
        skipped: skipped.length,
      })}. ${failureList([...failed, ...skipped])}`,
      autoClose: 8000,
    });
  } else if (uploaded > 0) {
    notifications.show({
      color: 'teal',
      title: uploadMessages.successTitle,
      message:
        uploaded === 1
          ? uploadMessages.successTextOne
          : interpolate(uploadMessages.successText, { count: uploaded }),
    });
  }
}

const isAllowedType = (source: UploadSource) =>
  !isJunkFile(source.name) && checkUploadFile({ name: source.name, size: 0 }).ok;

function percentOf(group: UploadGroup): number {
  return group.totalBytes > 0 ? Math.floor((group.loadedBytes / group.totalBytes) * 100) : 0;
}

/** The progress toast: overall percent and a cancel button (000 §4 "Upload toasts"). */
function ProgressToast({ manager, groupId }: { manager: UploadManager; groupId: string }) {
  const groups = useSyncExternalStore(manager.subscribe, manager.getSnapshot);
  const group = groups.find((g) => g.id === groupId);
  if (!group) return null;
  const percent = percentOf(group);
  const sending = group.items.filter((i) => i.status !== 'skipped').length;
  return (
    <Stack gap={6} data-testid="upload-progress">
      <Text size="sm">
        {group.phase === 'creatingFolders'
          ? uploadMessages.creatingFolders
          : interpolate(t.uploading, { percent })}
      </Text>
      <Progress value={percent} size="sm" animated={group.phase !== 'uploading'} aria-label={`${percent}%`} />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {sending === 1
            ? uploadMessages.progressTitleOne
            : interpolate(uploadMessages.progressTitle, { count: sending })}
        </Text>
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => void manager.cancel(groupId)}>
          {uploadMessages.cancel}
        </Button>
      </Group>
    </Stack>
  );
}

/** What the provider's uploader does, for the managers of this app; `stop` ends its background work. */
export type UploadEngine = Pick<Uploader, 'start' | 'retry'> & { stop(): void };

export function createUploadEngine(queryClient: QueryClient, managers: UploadManagers): UploadEngine {
  // The duplicate checks after uploads (issue 15), ended when the app unmounts.
  const watches = new Set<AbortController>();
  const watchDuplicates = (scope: BrandScope, group: UploadGroup) => {
    const assetIds = group.items.flatMap((item) =>
      item.status === 'done' && item.assetId ? [item.assetId] : [],
    );
    if (assetIds.length === 0) return;
    const controller = new AbortController();
    watches.add(controller);
    void watchForDuplicates({ queryClient, scope, assetIds, signal: controller.signal })
      .catch(() => undefined)
      .finally(() => watches.delete(controller));
  };
  const managerFor = (scope: BrandScope): UploadManager => {
    let manager = managers.get(scope.brandId);
    if (!manager) {
      const refresh = () => void queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) });
      manager = new UploadManager(uploadTransport(scope), {
        onRecordsCreated: refresh,
        onGroupFinished: (group, summary) => {
          notifications.hide(`upload-${group.id}`);
          refresh();
          // Refused before any file started (a field became required meanwhile): ask anew next time.
          if (summary.error)
            void queryClient.invalidateQueries({ queryKey: customFieldKeys.all(scope.brandId) });
          scheduleUsageRefresh(queryClient, scope.accountId, USAGE_REFRESH.afterUploadMs);
          showUploadSummary(summary);
          if (!summary.cancelled) watchDuplicates(scope, group);
        },
      });
      managers.set(scope.brandId, manager);
    }
    return manager;
  };
  return {
    stop() {
      for (const controller of watches) controller.abort();
      watches.clear();
    },
    async start(given, scope, parentId, options = {}) {
      const sources = options.boardId ? given.map(({ file, name }) => ({ file, name })) : given;
      // Dropped files are filtered by the allowed types; when none remain, a warning (000 §4).
      const allowed = sources.filter(isAllowedType).length;
      // Fields required on upload get their values first (the dialog's code loads when an
      // upload starts); cancelling it uploads nothing. Should that code fail to load, the
      // server still refuses files that miss a required value ('Missing required fields').
      let customFields: UploadFieldValues | undefined;
      if (allowed > 0) {
        const dialog = await import('./components/field-values-dialog').catch(() => null);
        const answer = await dialog?.askFieldValues(queryClient, scope, allowed);
        if (answer === null) return false;
        customFields = answer;
      }
      const groupId =
        allowed > 0
          ? managerFor(scope).start(sources, parentId, { customFields, boardId: options.boardId })
          : undefined;
      if (!groupId) {
        notifications.show({
          color: 'yellow',
          title: uploadMessages.invalidFileType,
          message: uploadMessages.invalidFileTypeText,
        });
        return false;
      }
      const manager = managerFor(scope);
      notifications.show({
        id: `upload-${groupId}`,
        autoClose: false,
        withCloseButton: false,
        message: <ProgressToast manager={manager} groupId={groupId} />,
      });
      return true;
    },
    async retry(scope, assetId) {
      const manager = managerFor(scope);
      if (!manager.canRetryLocally(assetId)) {
        notifications.show({ color: 'yellow', message: t.retryUnavailable });
        return;
      }
      await manager.retry(assetId);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) });
    },
  };
}
