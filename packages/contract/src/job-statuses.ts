/** Job types and states (001 §3 Jobs) without schemas: the web client's first load reads them. */

/** Job types named by the seeds (000 §7, 001 §3). Each arrives with its feature's issue. */
export const jobTypes = [
  'DOWNLOAD_CLIP',
  'SAVE_CLIP_AS_ASSET',
  'IMPORT_EXTERNAL_ASSETS',
  'PUBLISH_TO_AD_PLATFORM',
  'EXPORT_ANALYTICS_CSV',
] as const;

/** Job statuses the API answers (001 §4): CREATED while queued or running. */
export const jobStatuses = ['CREATED', 'FINISHED', 'FAILED', 'CANCELLED'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const isTerminalJobStatus = (status: JobStatus): boolean => status !== 'CREATED';
