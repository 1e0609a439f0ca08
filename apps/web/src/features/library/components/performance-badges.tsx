import { formatSpendRoas } from '@hookline/contract';
import { useEffect } from 'react';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import type { ItemSlots } from '@/entities/asset/components/asset-collection';
import { usePerformanceSummary } from '../api/performance-summary';

/** A card's badge, over its picture (inline: a CSS file of its own would be one more first-load entry). */
const badgeStyle = {
  padding: '1px 6px',
  borderRadius: 4,
  background: 'rgb(0 0 0 / 72%)',
  color: 'var(--mantine-color-white)',
  fontSize: 11,
  fontWeight: 600,
  whiteSpace: 'nowrap',
} as const;

export interface PerformanceBadgesProps {
  scope: BrandScope;
  pages: readonly { items: readonly AssetItem[] }[];
  /** The cards' badge slot, once some loaded file's ads spent something last month. */
  onSlots: (slots: ItemSlots | undefined) => void;
}

/**
 * The library cards' ad performance ('$1.2K · 2.4 ROAS', issue 17 "Beyond the seeds"): asks
 * for the loaded pages' files and hands the page a badge slot for them. Renders nothing
 * itself; its code (the badge included) loads after the page has shown its cards, so the
 * first load carries only the lazy import (a default export: that import's shortest form).
 */
export default function PerformanceBadges({ scope, pages, onSlots }: PerformanceBadgesProps) {
  const summary = usePerformanceSummary(scope, pages, true);
  useEffect(() => {
    if (!summary) return;
    const badges = new Map<string, string>();
    for (const [id, row] of summary) if (row.spend > 0) badges.set(id, formatSpendRoas(row.spend, row.roas));
    onSlots(
      badges.size === 0
        ? undefined
        : {
            badge: (asset) =>
              badges.has(asset.id) && (
                <span style={badgeStyle} data-testid="performance-badge">
                  {badges.get(asset.id)}
                </span>
              ),
          },
    );
  }, [summary, onSlots]);
  return null;
}
