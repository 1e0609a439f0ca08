import { checkUploadFile, interpolate, isJunkFile, USAGE_REFRESH, uploadMessages } from '@hookline/contract';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo, useRef, useSyncExternalStore } from 'react';
import { webTexts } from '@/config/texts';
import { customFieldKeys } from '@/entities/custom-field/api';
import { scheduleUsageRefresh } from '@/entities/usage/get-usage';
import { type BrandScope, libraryKeys } from '../api/keys';
import { uploadTransport } from './api';
import {
  type UploadFieldValues,
  type UploadGroup,
  type UploadItem,
  UploadManager,
  type UploadSource,
  type UploadSummary,
} from './upload-manager';

const t = webTexts.uploads;

interface Uploader {
  /**
   * Starts uploading into a folder. When the brand has fields required on upload, a dialog
   * asks for their values first and every file is created with them. Resolves false when
   * nothing was uploaded (the warning showed, or the dialog was cancelled). With `boardId` the
   * files land on that board (in its folder; parentId is then the board's folder). A board
   * holds files, not folders: a folder's files land on it side by side (the server ignores
   * parentId with a board, so the folders are not made).
   */
  start(
    sources: readonly UploadSource[],
    scope: BrandScope,
    parentId: string,
    options?: { boardId?: string },
  ): Promise<boolean>;
  retry(scope: BrandScope, assetId: string): Promise<void>;
  managerFor(scope: BrandScope): UploadManager;
}

const UploadsContext = createContext<Uploader | null>(null);

function failureList(items: UploadItem[]): string {
  const named = items
    .slice(0, 3)
    .map((item) => (item.label ? `${item.name} (${t.failedLabels[item.label]})` : item.name));
  const more = items.length > 3 ? [interpolate(t.moreFiles, { count: items.length - 3 })] : [];
  return [...named, ...more].join(', ');
}

/** The summary toast of 000 §8 "Upload summaries". */
export function showUploadSummary(summary: UploadSummary): void {
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

/**
 * Keeps uploads going while the user moves around the app (one manager per brand), shows
 * their progress and summary toasts, and refreshes lists and usage as files land.
 */
export function UploadsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const managers = useRef(new Map<string, UploadManager>());

  const uploader = useMemo<Uploader>(() => {
    const managerFor = (scope: BrandScope): UploadManager => {
      let manager = managers.current.get(scope.brandId);
      if (!manager) {
        const refresh = () =>
          void queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) });
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
          },
        });
        managers.current.set(scope.brandId, manager);
      }
      return manager;
    };
    return {
      managerFor,
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
  }, [queryClient]);

  return <UploadsContext.Provider value={uploader}>{children}</UploadsContext.Provider>;
}

export function useUploader(): Uploader {
  const uploader = useContext(UploadsContext);
  if (!uploader) throw new Error('useUploader outside UploadsProvider');
  return uploader;
}

/** Live progress (0–1) of an asset this page is uploading; undefined otherwise. */
export function useUploadProgress(scope: BrandScope, assetId: string): number | undefined {
  const uploader = useContext(UploadsContext);
  const manager = uploader?.managerFor(scope);
  useSyncExternalStore(manager?.subscribe ?? noopSubscribe, manager?.getSnapshot ?? emptySnapshot);
  return manager?.progressOf(assetId);
}

const noopSubscribe = () => () => {};
const emptySnapshot = () => [] as readonly UploadGroup[];
