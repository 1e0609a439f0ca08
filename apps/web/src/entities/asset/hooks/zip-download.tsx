import { libraryMessages, ZIP_NOTIFICATION_TIMEOUT_MS } from '@hookline/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { libraryTexts } from '@/config/texts/library';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, showForbiddenToast } from '@/lib/notify';
import { cancelZipJob, listChildIds, requestZip, waitForZip, ZIP_MAX_ENTITIES } from '../api/download-zip';
import type { BrandScope } from '../api/keys';

const t = libraryTexts.downloads;

export type ZipOutcome = 'success' | 'failed' | 'cancelled' | 'refused';

function ZipPendingMessage({ onCancel }: { onCancel: () => void }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{t.zipPending}</Text>
      <Group justify="flex-end">
        <Button size="compact-xs" variant="subtle" color="gray" onClick={onCancel}>
          {t.cancelZip}
        </Button>
      </Group>
    </Stack>
  );
}

/** The zip could not start: 413 has its own message; other failures get the default toast. */
function reportStartFailure(error: unknown): void {
  if (isApiError(error) && error.status === 413) {
    showErrorToast({ message: libraryMessages.zipTooLarge });
    return;
  }
  if (!isApiError(error)) {
    showErrorToast();
    return;
  }
  // The request was silent (so that a 413 shows one toast); the client already handled
  // 401 and 402, so give the rest the reaction silent suppressed.
  if (error.status === 403) showForbiddenToast();
  else if (error.status !== 401 && error.status !== 402)
    showErrorToast({ title: error.title, message: error.body?.message });
}

function showZipError(id: string): void {
  notifications.update({
    id,
    loading: false,
    color: 'red',
    title: undefined,
    message: libraryMessages.zipError,
    autoClose: ZIP_NOTIFICATION_TIMEOUT_MS,
    withCloseButton: true,
  });
}

let sequence = 0;

/**
 * A zip download (000 §4 "Zip download", 001 §4): queue the zip, show the 'generating zip
 * file' notice (which says the link is also mailed when it takes a while) while the job is
 * pending or running, then open the result URL or show 'Error generating zip'; the
 * outcome notices hide after 2 s. The run does not belong to the page that started it: it
 * goes on after navigation, and the notice's Cancel stops it.
 */
export async function startZipDownload(
  scope: BrandScope,
  ids: readonly string[],
  name?: string,
): Promise<ZipOutcome> {
  if (ids.length === 0) return 'refused';
  if (ids.length > ZIP_MAX_ENTITIES) {
    showErrorToast({ message: libraryMessages.zipTooLarge });
    return 'refused';
  }
  sequence += 1;
  const id = `zip-download-${sequence}`;
  const controller = new AbortController();
  let jobId: string | undefined;
  const cancel = () => {
    if (controller.signal.aborted) return;
    controller.abort();
    notifications.hide(id);
    if (jobId) void cancelZipJob(jobId).catch(() => undefined);
  };
  notifications.show({
    id,
    loading: true,
    title: t.generatingZip,
    message: <ZipPendingMessage onCancel={cancel} />,
    autoClose: false,
    withCloseButton: false,
  });

  let job: Awaited<ReturnType<typeof requestZip>>;
  try {
    job = await requestZip(scope, ids, name);
  } catch (error) {
    notifications.hide(id);
    if (!controller.signal.aborted) reportStartFailure(error);
    return 'refused';
  }
  jobId = job.jobId;
  if (controller.signal.aborted) {
    void cancelZipJob(job.jobId).catch(() => undefined);
    return 'cancelled';
  }

  try {
    const final = await waitForZip(scope, job, { signal: controller.signal });
    if (final.status === 'success' && final.result) {
      notifications.update({
        id,
        loading: false,
        color: 'teal',
        title: t.zipReady,
        message: t.zipReadyText,
        autoClose: ZIP_NOTIFICATION_TIMEOUT_MS,
        withCloseButton: true,
      });
      window.location.assign(final.result);
      return 'success';
    }
    showZipError(id);
    return 'failed';
  } catch {
    if (controller.signal.aborted) return 'cancelled';
    showZipError(id);
    return 'failed';
  }
}

/** Every child of a folder (a select-all past the loaded pages) as one zip. */
export async function startFolderZip(scope: BrandScope, folderId: string): Promise<ZipOutcome> {
  let ids: string[];
  try {
    ids = await listChildIds(scope, folderId);
  } catch {
    showErrorToast(); // the listing is a silent call
    return 'refused';
  }
  return startZipDownload(scope, ids);
}
