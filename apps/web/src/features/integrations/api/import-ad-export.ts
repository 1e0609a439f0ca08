import { adPerformanceApi, type Job } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { type IntegrationScope, integrationParams } from '@/entities/integration/api';
import { call } from '@/lib/call';

/**
 * POST …/ad-performance/imports?fileName: the Ads Manager export itself as the body (CSV or
 * XLSX); answers the import job. Failures are shown inline, so the call is silent.
 */
export function importAdExport({ scope, file }: { scope: IntegrationScope; file: File }): Promise<Job> {
  return call(
    adPerformanceApi.import,
    {
      params: integrationParams(scope),
      query: { fileName: file.name },
      body: new Blob([file], { type: file.type || 'application/octet-stream' }),
    },
    { silent: true },
  );
}

export function useImportAdExport() {
  return useMutation({ mutationFn: importAdExport, meta: { silent: true } });
}
