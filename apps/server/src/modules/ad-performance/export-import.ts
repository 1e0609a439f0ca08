import { type AdExportImportResult, type Job, messages } from '@hookline/contract';
import { z } from 'zod';
import { type Actor, userOf } from '../../platform/http/actor.js';
import { validationFailed } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import { defineJob, type JobContext, JobFailure, type JobRegistry } from '../../platform/jobs/registry.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { AccessService } from '../access/service.js';
import { presentJob } from '../jobs/presenter.js';
import type { JobsService } from '../jobs/service.js';
import { ExportParseError, parseAdsExport } from './export-parser.js';
import type { AdPerformanceService } from './service.js';

export const IMPORT_JOB = 'IMPORT_AD_EXPORT';

const importParams = z.object({
  accountId: z.uuid(),
  brandId: z.uuid(),
  key: z.string(),
  fileName: z.string(),
});

/**
 * Ads Manager exports (the Meta integration issue): the request checks the file is a daily
 * export (a 400 naming the problem otherwise), keeps it in storage and answers a job; the
 * job writes every row in one transaction, so a failed import writes nothing, and
 * re-importing the same export updates the same rows (ids from the export, or from names).
 */
export class ExportImports {
  constructor(
    private readonly access: AccessService,
    private readonly store: AdPerformanceService,
    private readonly jobs: JobsService,
    private readonly storage: Storage,
  ) {}

  register(registry: JobRegistry): void {
    registry.register(
      defineJob({
        type: IMPORT_JOB,
        params: importParams,
        internal: true,
        queue: { retryLimit: 1, expireInSeconds: 3600 },
        handler: (params, ctx) => this.run(params, ctx),
      }),
    );
  }

  async start(
    s: { actor: Actor; accountId: string; brandId: string },
    input: { bytes: Buffer; fileName: string; contentType: string | undefined },
  ): Promise<Job> {
    await this.access.require(s.actor, 'adPerformance.import', [s.brandId]);
    await this.parse(input);
    const key = `imports/${s.brandId}/${uuidv7()}`;
    await this.storage.put(key, input.bytes, { contentType: input.contentType });
    const job = await this.jobs.start(
      IMPORT_JOB,
      { accountId: s.accountId, brandId: s.brandId, key, fileName: input.fileName },
      { brandId: s.brandId, accountId: s.accountId, userId: userOf(s.actor).userId },
    );
    return presentJob(job);
  }

  private async run(params: z.infer<typeof importParams>, ctx: JobContext): Promise<AdExportImportResult> {
    try {
      const stream = await this.storage.read(params.key);
      const parts: Buffer[] = [];
      for await (const part of stream) parts.push(part as Buffer);
      await ctx.reportProgress({ percent: 10, message: params.fileName });
      const parsed = await parseAdsExport({ bytes: Buffer.concat(parts), fileName: params.fileName }).catch(
        (error: unknown) => {
          throw error instanceof ExportParseError ? new JobFailure(error.message) : error;
        },
      );
      await ctx.reportProgress({ percent: 40, message: params.fileName });
      const written = await this.store.write(
        { accountId: params.accountId, brandId: params.brandId },
        parsed.data,
        { enabled: true },
      );
      return {
        rowsRead: parsed.rowsRead,
        imported: parsed.imported,
        skipped: parsed.skipped,
        adAccountId: written.adAccount.externalId,
        currency: parsed.currency,
      };
    } finally {
      await this.storage.delete(params.key).catch(() => {});
    }
  }

  private async parse(input: { bytes: Buffer; fileName: string; contentType: string | undefined }) {
    try {
      return await parseAdsExport({
        bytes: input.bytes,
        fileName: input.fileName,
        contentType: input.contentType,
      });
    } catch (error) {
      if (error instanceof ExportParseError)
        throw validationFailed([{ path: 'body', message: error.message }]);
      throw validationFailed([{ path: 'body', message: messages.integrations.notExport }]);
    }
  }
}
