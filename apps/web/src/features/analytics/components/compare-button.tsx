import { ANALYTICS_COMPARE_MAX, type AnalyticsPreset } from '@hookline/contract';
import { Button, Tooltip } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths, queryParams } from '@/config/paths';
import { analyticsTexts as t } from '@/config/texts/analytics';
import { buildLink } from '@/lib/link-builder';

/**
 * 'Compare' for the selected ads (001 §2): enabled for 2 to 6, with a tooltip saying why
 * otherwise; opens /analytics/compare with this page as `from`.
 */
export function CompareButton({ selectedIds, preset }: { selectedIds: string[]; preset: AnalyticsPreset }) {
  const location = useLocation();
  const count = selectedIds.length;
  const allowed = count >= 2 && count <= ANALYTICS_COMPARE_MAX;
  const href = buildLink(
    paths.analyticsCompare.getHref(),
    { [queryParams.from]: `${location.pathname}${location.search}`, preset, adIds: selectedIds.join(',') },
    location.search,
  );
  return (
    <Tooltip label={count > ANALYTICS_COMPARE_MAX ? t.compareTooMany : t.compareTooFew} disabled={allowed}>
      {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
      <span>
        <Button
          component={Link}
          to={href}
          size="xs"
          variant="light"
          leftSection={<IconArrowsDiff size={14} />}
          disabled={!allowed}
          onClick={(event) => {
            if (!allowed) event.preventDefault();
          }}
          data-testid="analytics-compare"
        >
          {t.compare}
        </Button>
      </span>
    </Tooltip>
  );
}
