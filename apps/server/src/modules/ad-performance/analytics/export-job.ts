import {
  type AnalyticsExportParams,
  analyticsExportParamsSchema,
  EXPORT_ANALYTICS_CSV_JOB,
} from '@hookline/contract';
import { AppError } from '../../../platform/http/errors.js';
import { defineJob, type JobContext, JobFailure, type JobRegistry } from '../../../platform/jobs/registry.js';
import type { Storage } from '../../../platform/storage/storage.js';
import { attachmentDisposition } from '../../library/media-urls.js';
import { LINK_TTL_SECONDS } from '../../uploads/download-rules.js';
import type { AdAccountRow } from '../repository.js';
import { csvStream } from './export-csv.js';
import { figuresOf } from './figures.js';
import type { AccountWindow, AnalyticsCondition, AnalyticsRepository } from './list-repository.js';
import type { DeliverySums } from './metrics.js';
import { conditionsOf, currentOf, windowsOf } from './request.js';
import type { AnalyticsRollups } from './rollups.js';

/** Ads read per query while exporting. */
const EXPORT_PAGE = 500;

/**
 * EXPORT_ANALYTICS_CSV through POST /jobs (members: the jobs API checks the brand): every ad
 * the list would show for the query (not one page), in its order, as a CSV in storage.
 */
export class AnalyticsExport {
  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly accountsOfBrand: (brandId: string) => Promise<AdAccountRow[]>,
    private readonly storage: Storage,
    private readonly rollups: AnalyticsRollups,
  ) {}

  register(registry: JobRegistry): void {
    registry.register(
      defineJob({
        type: EXPORT_ANALYTICS_CSV_JOB,
        params: analyticsExportParamsSchema,
        queue: { retryLimit: 1, expireInSeconds: 3600 },
        handler: (params, ctx) => this.run(params, ctx),
      }),
    );
  }

  /** Answers a signed link to `analytics-{brand}-{yyyy-MM-dd}.csv`. */
  private async run(
    params: AnalyticsExportParams,
    ctx: JobContext,
  ): Promise<{ url: string; fileName: string; count: number }> {
    // The jobs API checked the job's brand; the parameters may not name another.
    if (params.brandId !== ctx.brandId) throw new JobFailure('The export names another brand');
    const { query, sortOptions } = params;
    let conditions: AnalyticsCondition[];
    let current: AccountWindow[];
    try {
      conditions = conditionsOf({ filters: query.filters, parentId: query.parentId });
      current = currentOf(windowsOf(await this.accountsOfBrand(ctx.brandId), query));
    } catch (error) {
      if (error instanceof AppError) throw new JobFailure(error.message);
      throw error;
    }
    const request = {
      brandId: ctx.brandId,
      windows: current,
      rollup: await this.rollups.usable(ctx.brandId, query.analyticsPreset, current),
      keyword: query.keyword || undefined,
      conditions,
      sort: sortOptions.sort,
      order: sortOptions.order,
    };
    const repository = this.repository;
    let count = 0;
    async function* pages() {
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        ctx.signal.throwIfAborted();
        const { rows, sums } = await repository.page({ ...request, limit: EXPORT_PAGE, offset });
        if (rows.length === 0) return;
        count += rows.length;
        const total = rows[0]?.total ?? count;
        await ctx.reportProgress({ percent: Math.min(99, Math.round((count / total) * 100)) });
        yield rows.map((row) => ({ row, figures: figuresOf(sums.get(row.id) as DeliverySums, null) }));
        if (rows.length < EXPORT_PAGE) return;
      }
    }
    const brand = (await this.repository.brandName(ctx.brandId)) ?? 'brand';
    const slug =
      brand
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'brand';
    const fileName = `analytics-${slug}-${new Date().toISOString().slice(0, 10)}.csv`;
    const key = `exports/${ctx.jobId}/${fileName}`;
    await this.storage.put(key, csvStream(pages()), { contentType: 'text/csv; charset=utf-8' });
    const url = await this.storage.downloadUrl(key, {
      expiresInSeconds: LINK_TTL_SECONDS,
      contentDisposition: attachmentDisposition(fileName),
      contentType: 'text/csv; charset=utf-8',
    });
    return { url, fileName, count };
  }
}
