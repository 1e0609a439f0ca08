import type { AssetRow } from '../../platform/db/schema/assets.js';
import type { JobContext } from '../../platform/jobs/registry.js';
import type { ItemScope } from '../library/scope.js';

/** Download links (single files, zips, clips) stay valid a week: long enough for the mailed link. */
export const LINK_TTL_SECONDS = 7 * 86_400;

/** Files are downloadable once their bytes are in (processing may still be making previews). */
export const hasBytes = (row: AssetRow) =>
  Boolean(row.storagePrefix) &&
  (row.uploadingState === 'UPLOADED' ||
    row.uploadingState === 'UPLOADED_WITHOUT_THUMBNAIL' ||
    row.uploadingState === 'UPLOADED_GENERATING_THUMBNAIL');

/** Where a job reads: the brand (and account) it was started in. */
export const jobScope = (ctx: JobContext): ItemScope => ({
  accountId: ctx.accountId ?? '',
  brandId: ctx.brandId,
});
