import {
  integrationsApi,
  integrationsMessages,
  interpolate,
  type Job,
  jobsApi,
  NOTIFICATION_TIMEOUT_MS,
  PUBLISH_JOB_POLL_HIDDEN_INTERVAL_MS,
  PUBLISH_JOB_POLL_INTERVAL_MS,
  type PublishBody,
} from '@hookline/contract';
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { integrationsTexts } from '@/config/texts/integrations';
import { call } from '@/lib/call';
import { type IntegrationScope, integrationParams } from './api';
import { PublishProgress } from './components/publish-progress';
import { followJob } from './follow-job';

/** POST …/library/bulk-publish-to-ad-platform: a PUBLISH_TO_AD_PLATFORM job. */
export function publishToMeta(scope: IntegrationScope, body: PublishBody): Promise<Job> {
  return call(integrationsApi.publish, { params: integrationParams(scope), body });
}

/** What the job answers when it finishes: each video's outcome. */
interface PublishResult {
  videos?: { status?: string }[];
}

/** Every 2.5 s while the page is in view, every 5 s while it is hidden (001 §4, §9). */
export function publishPollInterval(): number {
  return document.hidden ? PUBLISH_JOB_POLL_HIDDEN_INTERVAL_MS : PUBLISH_JOB_POLL_INTERVAL_MS;
}

function finish(id: string, ok: boolean, message?: string) {
  notifications.update({
    id,
    loading: false,
    color: ok ? 'teal' : 'red',
    title: integrationsTexts.upload.pickerTitle,
    message: message ?? (ok ? integrationsMessages.publishSucceeded : integrationsMessages.publishFailed),
    autoClose: NOTIFICATION_TIMEOUT_MS,
    withCloseButton: true,
  });
}

/**
 * The publish job's notice (001 §4 "Ad publish job"): a progress notice while the job runs,
 * polled every 2.5 s (5 s while the page is hidden), replaced by a success or failure notice
 * that hides after 5 s. Its Cancel calls the job's cancel action. The run goes on when the
 * user leaves the page that started it. Resolves with the final status.
 */
export async function trackPublish(job: Job, count: number): Promise<Job['status'] | 'ERROR'> {
  const id = `publish-to-meta-${job.id}`;
  let cancelled = false;
  const controller = new AbortController();
  const started = interpolate(integrationsMessages.publishStarted, { count });
  const show = (current: Job) =>
    createElement(PublishProgress, {
      text: started,
      job: current,
      onCancel: () => {
        cancelled = true;
        controller.abort();
        notifications.hide(id);
        void call(jobsApi.cancel, { params: { jobId: current.id } }, { silent: true }).catch(() => undefined);
      },
    });
  notifications.show({
    id,
    loading: true,
    title: integrationsTexts.upload.pickerTitle,
    message: show(job),
    autoClose: false,
    withCloseButton: false,
  });

  const outcome = await followJob(job, {
    intervalMs: publishPollInterval,
    signal: controller.signal,
    onUpdate: (current) => {
      if (!cancelled) notifications.update({ id, message: show(current) });
    },
  });
  if (cancelled || outcome === 'STOPPED') return 'CANCELLED';
  if (outcome === 'ERROR') {
    finish(id, false);
    return 'ERROR';
  }
  if (outcome.status === 'FINISHED') {
    const videos = (outcome.result as PublishResult | undefined)?.videos ?? [];
    finish(id, !videos.some((video) => video.status === 'FAILED_TO_UPLOAD'));
  } else if (outcome.status === 'FAILED') {
    finish(id, false, outcome.error);
  } else {
    notifications.hide(id);
  }
  return outcome.status;
}
