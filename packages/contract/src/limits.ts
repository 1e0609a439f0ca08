/**
 * Business constants from the seeds' "Business constants and limits" tables
 * (000 §9 and 001 §9). Named after the seeds' wording; used by server and web.
 * Durations are in milliseconds, sizes in bytes, unless the name says otherwise.
 */

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** Access token cookie: name access_token, 365 days, also in local storage. */
export const ACCESS_TOKEN_COOKIE = { name: 'access_token', maxAgeDays: 365 } as const;

/** Notifications auto-hide after 5 s (zip notices 2 s); fade-out removal 200 ms. */
export const NOTIFICATION_TIMEOUT_MS = 5 * SECOND_MS;
export const ZIP_NOTIFICATION_TIMEOUT_MS = 2 * SECOND_MS;
export const NOTIFICATION_FADE_OUT_MS = 200;
/** Modals close with a delay of 150 ms plus 50 ms for the exit transition. */
export const MODAL_CLOSE_DELAY_MS = 150;
export const MODAL_EXIT_TRANSITION_MS = 50;

/** Page sizes. */
export const PAGE_SIZE = {
  boards: 20,
  assets: 40,
  favorites: 25,
  search: 40,
  searchOptions: 50,
  shared: 25,
  fontPicker: 40,
  analytics: 40,
  videoAds: 40,
  videoSessions: 40,
  chats: 25,
  sceneSubtypesFirst: 5,
  sceneSubtypesNext: 20,
} as const;

/** Brand list default limit 1000; a cap of 1500 is defined. */
export const BRAND_LIST_DEFAULT_LIMIT = 1000;
export const BRAND_LIST_MAX_LIMIT = 1500;

/** Uploads: 20 MB parts, up to 20 concurrent uploads, 3 retries per upload and 3 HTTP retries. */
export const MULTIPART_PART_SIZE_BYTES = 20 * MB;
export const UPLOAD_CONCURRENCY = 20;
export const UPLOAD_RETRIES = 3;
export const UPLOAD_HTTP_RETRIES = 3;
/** Upload cache headers: 30 days (previews and variants) and 180 days (originals). */
export const CACHE_MAX_AGE_VARIANT_DAYS = 30;
export const CACHE_MAX_AGE_ORIGINAL_DAYS = 180;

/** Upload limits: image 10 MB or 2000 px; video 1 GB, 10 min, at least 5 s; profile image under 2 MB. */
export const UPLOAD_LIMITS = {
  imageMaxBytes: 10 * MB,
  imageMaxPixels: 2000,
  videoMaxBytes: 1 * GB,
  videoMaxSeconds: 10 * 60,
  videoMinSeconds: 5,
  profileImageMaxBytes: 2 * MB,
} as const;
export const FILE_NAME_MAX_LENGTH = 255;
export const FOLDER_CREATION_BATCH = 100;
export const EXECUTABLE_EXTENSIONS = [
  'exe',
  'bat',
  'cmd',
  'sh',
  'bash',
  'msi',
  'dll',
  'ini',
  'sys',
  'inf',
] as const;

/** Drag and drop: hovering a folder target for 500 ms selects it; activation after 15 px. */
export const DRAG_HOVER_SELECT_MS = 500;
export const DRAG_ACTIVATION_DISTANCE_PX = 15;

/** Generic job polling (001 §4): every 2.5 s, more than 3 errors fail, retry 500 ms doubling to 20 s. */
export const JOB_POLL = {
  intervalMs: 2500,
  maxErrors: 3,
  retryDelayMs: 500,
  maxRetryDelayMs: 20 * SECOND_MS,
} as const;
/** Upload/import job polling (000 §4): every 2.5 s, 3 retries, back-off 1 s doubling to 30 s. */
export const IMPORT_JOB_POLL = {
  intervalMs: 2500,
  maxErrors: 3,
  retryDelayMs: 1 * SECOND_MS,
  maxRetryDelayMs: 30 * SECOND_MS,
} as const;
export const ZIP_JOB_POLL_INTERVAL_MS = 2500;
export const PUBLISH_JOB_POLL_INTERVAL_MS = 2500;
export const PUBLISH_JOB_POLL_HIDDEN_INTERVAL_MS = 5 * SECOND_MS;
export const INCENTIVE_POLL_INTERVAL_MS = 2 * SECOND_MS;

/** Board polling windows. */
export const BOARD_POLLING = {
  lookBackMs: 30 * SECOND_MS,
  importWindowMs: 60 * SECOND_MS,
  removalWindowMs: 15 * SECOND_MS,
  creationWindowMs: 10 * SECOND_MS,
  refetchIntervalMs: 2 * SECOND_MS,
  uploadingRefetchIntervalMs: 4 * SECOND_MS,
} as const;
/** The asset list refetches every 4 s while any asset is uploading or generating a thumbnail. */
export const UPLOADING_REFETCH_INTERVAL_MS = 4 * SECOND_MS;
/** Asset analysis refetch while pending or processing. */
export const ASSET_ANALYSIS_REFETCH_MS = 5 * SECOND_MS;

/** Text limits. */
export const TEXT_LIMITS = {
  comment: 4000,
  shareMessage: 2000,
  tagDescription: 700,
  assetDescription: 1000,
  brandDescription: 2000,
  nameMin: 3,
  nameMax: 30,
  passwordMin: 6,
  emailMinExclusive: 5,
  videoTagNameMax: 20,
  colorInputMax: 10,
} as const;

/** Compare: at most 6 ads; line chart 2 metrics; bar chart 6. */
export const COMPARE_LIMITS = { maxItems: 6, lineChartMetrics: 2, barChartMetrics: 6 } as const;

/** GIF: frame rates 12, 25, 30 (default 12); default range 00:00:00 to 3 s; loop on. */
export const GIF_FRAME_RATES = [12, 25, 30] as const;
export const GIF_DEFAULT_FRAME_RATE = 12;
export const GIF_DEFAULT_RANGE_MS = { start: 0, end: 3 * SECOND_MS } as const;
export const GIF_DEFAULT_LOOP = true;

/** Debounces. */
export const DEBOUNCE_MS = { dropdownSearch: 300, search: 500, combobox: 500, caretThrottle: 100 } as const;

/** Date formats (date-fns tokens). */
export const DATE_FORMAT = 'MMM d, yyyy';
export const COMMENT_DATE_TOOLTIP_FORMAT = 'dd/MM/yy HH:mm';

export const EMAIL_COPY_POPUP_MS = 2 * SECOND_MS;
export const COPY_FEEDBACK_MS = 3 * SECOND_MS;
/** Lazy-load failure screen: counts down 10 s, then reloads. */
export const LAZY_LOAD_RELOAD_COUNTDOWN_S = 10;

/** Account usage refresh: 3 s delay throttled 500 ms, 2 s after an upload, 5 s after a delete; stale 5 min. */
export const USAGE_REFRESH = {
  delayMs: 3 * SECOND_MS,
  throttleMs: 500,
  afterUploadMs: 2 * SECOND_MS,
  afterDeleteMs: 5 * SECOND_MS,
  staleMs: 5 * MINUTE_MS,
} as const;
export const PROFILE_STALE_MS = 1 * MINUTE_MS;
export const ANALYTICS_ITEM_STALE_MS = 5 * MINUTE_MS;

/** Neighbours are prefetched when fewer than 10 items remain. */
export const PREFETCH_WINDOW = 10;

/** Sidebar width range. */
export const SIDEBAR_WIDTH = { min: 335, max: 565, default: 335 } as const;
/** Settings pages are 960 px wide; chat popup 640x640; chat thread max 50rem. */
export const SETTINGS_WIDTH_PX = 960;
export const OAUTH_POPUP_SIZE_PX = 640;

export const GOOGLE_DRIVE_TOKEN_VALIDITY_MS = 60 * MINUTE_MS;

/** Table virtualizer: overscan 20; row 34 px (49 for CSV preview). */
export const TABLE_VIRTUALIZER = { overscan: 20, rowHeightPx: 34, csvRowHeightPx: 49 } as const;
/** Loading states show 20 skeleton placeholders. */
export const SKELETON_COUNT = 20;

export const EDITOR_HEIGHT_PX = { min: 200, max: 300 } as const;
export const TAG_ROW_VISIBLE_TAGS = 3;
export const VIDEO_LIST_VISIBLE_TAGS = 3;
export const TAG_CATEGORY_COLLAPSED_TAGS = 5;
export const COLOR_PALETTE_SIZE = 80;

export const VIDEO_TIME_UPDATE_POLL_MS = 200;
export const SCROLL_THRESHOLD_PX = 10;
export const SHARED_PEOPLE_LIST_SCROLL_PX = 400;
export const FADE_MS = 300;

/** Supported editable document over 1.2 MB shows the unsupported-large-file message. */
export const EDITABLE_DOCUMENT_MAX_BYTES = 1.2 * MB;

/** Usage bars turn orange at 80 percent and red at 100 percent. */
export const USAGE_WARNING_RATIO = 0.8;
export const USAGE_DANGER_RATIO = 1;

/** Ad platform sync start: cap 24 months, default 3. */
export const SYNC_MONTHS = { cap: 24, default: 3 } as const;

export const CHAT_STARTER_PROMPT_COUNT = 6;

/** Local storage keys. */
export const LOCAL_STORAGE_KEYS = {
  navbarSize: 'navbar-size',
  integrationIssueCount: 'integration-issue-count',
  sorting: 'sorting',
  columnWidths: 'column-widths',
  accessToken: 'access_token',
} as const;
