import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths, queryParams } from '@/config/paths';
import { buildLink } from '@/lib/link-builder';
import { type AnalyticsState, parseState, STATE_PARAM, serializeState } from '../analytics-state';

/** YYYY-MM-DD of a local day. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The page's state from `?state=` (invalid state ignored), and a setter that navigates. */
export function useAnalyticsState(): [AnalyticsState, (next: AnalyticsState, replace?: boolean) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = new URLSearchParams(location.search).get(STATE_PARAM);
  const state = useMemo(() => parseState(raw), [raw]);
  const set = useCallback(
    (next: AnalyticsState, replace = false) => {
      const from = new URLSearchParams(location.search).get(queryParams.from);
      navigate(
        buildLink(
          paths.analytics.getHref(),
          { [queryParams.from]: from, [STATE_PARAM]: serializeState(next) },
          location.search,
        ),
        { replace },
      );
    },
    [navigate, location.search],
  );
  return [state, set];
}
