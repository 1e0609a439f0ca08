import { z } from 'zod';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';
import { AD_EXPORT_MAX_BYTES } from '../integration-constants.js';
import { jobSchema } from '../jobs.js';

/** The file itself as the request body (CSV or XLSX), read by the server as bytes. */
export const adExportFileSchema = z
  .custom<Uint8Array | Blob>(
    (value) => value instanceof Uint8Array || (typeof Blob !== 'undefined' && value instanceof Blob),
    {
      message: 'file is required',
    },
  )
  .meta({ type: 'string', format: 'binary' });

/** Ad performance data that is not synced: an Ads Manager export imported by an admin. */
export const adPerformanceEndpoints = {
  import: defineEndpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/brands/:brandId/ad-performance/imports',
    summary:
      'Import an Ads Manager export (CSV or XLSX, daily rows, up to 50 MB) as the body; answers the import job (its result: rows read, imported, skipped)',
    tags: ['ad-performance'],
    permission: 'adPerformance.import',
    params: brandScopedParams({}),
    query: z.object({ fileName: z.string().min(1).max(255) }),
    body: adExportFileSchema,
    response: jobSchema,
    status: 201,
    bodyLimit: AD_EXPORT_MAX_BYTES,
  }),
};
