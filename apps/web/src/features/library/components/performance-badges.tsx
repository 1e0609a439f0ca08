import { formatSpendRoas } from '@hookline/contract';
import { useEffect } from 'react';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { usePerformanceSummary } from '../api/performance-summary';

export interface PerformanceBadgesProps {
  scope: BrandScope;
  pages: readonly { items: readonly AssetItem[] }[];
  /** The badges' texts by file id: files whose ads spent something last month. */
  onBadges: (badges: Map<string, string>) => void;
}

/**
 * The library cards' ad performance ('$1.2K · 2.4 ROAS', issue 17 "Beyond the seeds"): asks
 * for the loaded pages' files and hands their badges' texts to the page. Renders nothing;
 * its code loads after the page has shown its cards, so the first load carries only the
 * badge's <span>.
 */
export function PerformanceBadges({ scope, pages, onBadges }: PerformanceBadgesProps) {
  const summary = usePerformanceSummary(scope, pages, true);
  useEffect(() => {
    if (!summary) return;
    const badges = new Map<string, string>();
    for (const [id, row] of summary) if (row.spend > 0) badges.set(id, formatSpendRoas(row.spend, row.roas));
    onBadges(badges);
  }, [summary, onBadges]);
  return null;
}
