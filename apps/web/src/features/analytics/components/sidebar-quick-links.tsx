import { DEFAULT_ANALYTICS_PRESET } from '@hookline/contract';
import { Link, matchPath, useLocation } from 'react-router';
import rows from '@/components/sidebar-list.module.css';
import { paths } from '@/config/paths';
import { analyticsTexts } from '@/config/texts/analytics';
import { analyticsQuickLinkTexts as t } from '@/config/texts/analytics-quick-links';
import { buildLink } from '@/lib/link-builder';
import { type AnalyticsState, parseState, STATE_PARAM, serializeState } from '../analytics-state';

/**
 * The four ready-made views of the list (001 §2 quick links), over the default 30 days:
 * - top active: the delivering ads (status ACTIVE) by spend;
 * - top spend: ads that spent more than 5 (the currency's units), by spend;
 * - top headline: the ads grouped by their headline, the biggest spenders first;
 * - top hook: by thumbstop rate (3-second views ÷ impressions), past the same 5 of spend so
 *   a handful of impressions does not top the list.
 */
const spendAbove5 = { id: 'metric', params: { metric: 'spend', operator: 'BIGGER', value: 5 } } as const;

function view(partial: Partial<AnalyticsState>): AnalyticsState {
  return {
    keyword: '',
    sorting: [{ id: 'spend', desc: true }],
    preset: DEFAULT_ANALYTICS_PRESET,
    from: undefined,
    to: undefined,
    groupBy: undefined,
    filters: [],
    ...partial,
  };
}

export const quickLinks: { id: string; label: string; state: AnalyticsState }[] = [
  {
    id: 'top-active',
    label: t.topActive,
    state: view({
      filters: [{ id: 'adField', operator: 'EQUALS', params: { field: 'status', value: 'ACTIVE' } }],
    }),
  },
  { id: 'top-spend', label: t.topSpend, state: view({ filters: [spendAbove5] }) },
  {
    id: 'top-headline',
    label: t.topHeadline,
    state: view({ groupBy: { id: 'creativeTitle', label: analyticsTexts.creativeFields.creativeTitle } }),
  },
  {
    id: 'top-hook',
    label: t.topHook,
    state: view({ sorting: [{ id: 'thumbstopRate', desc: true }], filters: [spendAbove5] }),
  },
];

/** The sidebar's quick links under 'Creative analytics': each opens /analytics in its view. */
export function SidebarQuickLinks() {
  const location = useLocation();
  const onPage = matchPath({ path: paths.analytics.getHref(), end: true }, location.pathname) !== null;
  // The open view, as the page reads it, compared with each link's (a link is its view's page).
  const open = onPage
    ? serializeState(parseState(new URLSearchParams(location.search).get(STATE_PARAM)))
    : null;
  return (
    <div data-testid="sidebar-analytics-quick-links">
      {quickLinks.map((link) => {
        const state = serializeState(link.state);
        return (
          <div key={link.id} className={rows.item}>
            <Link
              to={buildLink(
                `${paths.analytics.getHref()}?${new URLSearchParams({ [STATE_PARAM]: state })}`,
                { isShared: null, shareToken: null },
                location.search,
              )}
              className={rows.row}
              aria-current={open === state ? 'page' : undefined}
            >
              {link.label}
            </Link>
          </div>
        );
      })}
    </div>
  );
}
