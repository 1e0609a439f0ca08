import { formatCount, interpolate } from '@hookline/contract';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { analyticsTexts as t } from '@/config/texts/analytics';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useFeatureFlag } from '@/lib/feature-flags';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { type AnalyticsListArgs, exportAnalyticsCsv } from '../api/analytics';

/**
 * 'Export CSV' (001 §2, exportAnalyticsCsv): the list's ads through the export job, then the
 * file downloads; a custom range without both days warns first, a failure toasts.
 */
export function ExportButton({
  scope,
  args,
  complete,
}: {
  scope: BrandScope;
  args: AnalyticsListArgs;
  complete: boolean;
}) {
  const enabled = useFeatureFlag('exportAnalyticsCsv');
  const [exporting, setExporting] = useState(false);
  if (!enabled) return null;
  const onExport = async () => {
    if (!complete) {
      showErrorToast({ message: t.exportNeedsDates });
      return;
    }
    setExporting(true);
    try {
      const outcome = await exportAnalyticsCsv(scope, args);
      if (outcome.status === 'FINISHED') {
        showSuccessToast(interpolate(t.exportDone, { count: formatCount(outcome.result.count) }));
        // The signed link names the file (analytics-{brand}-{day}.csv): the browser downloads it.
        window.location.assign(outcome.result.url);
      } else if (outcome.status !== 'CANCELLED') showErrorToast({ message: t.exportFailed });
    } catch {
      showErrorToast({ message: t.exportFailed });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconDownload size={14} />}
      loading={exporting}
      onClick={() => void onExport()}
      data-testid="analytics-export"
    >
      {t.exportCsv}
    </Button>
  );
}
