import { type AnalyticsListQuery, analyticsMessages } from '@hookline/contract';
import { validationFailed } from '../../../platform/http/errors.js';
import type { AdAccountRow } from '../repository.js';
import { conditionOf } from './filters.js';
import { groupCondition } from './groups.js';
import type { AccountWindow, AnalyticsCondition } from './list-repository.js';
import { type AnalyticsWindow, analyticsWindow, todayIn, WindowError } from './windows.js';

/** What every analytics call asks of its query: its filters and its date preset, checked. */

export type WindowQuery = Pick<AnalyticsListQuery, 'analyticsPreset' | 'from' | 'to'>;

/** An ad account's current and previous windows for the asked preset. */
export interface AccountWindows extends AnalyticsWindow {
  adAccountId: string;
}

/** The filters and a group's ads (parentId) as conditions; a bad one is a 400 naming it. */
export function conditionsOf(
  query: Pick<AnalyticsListQuery, 'filters' | 'parentId'> &
    Partial<Pick<AnalyticsListQuery, 'assetVideoIntelligenceCategories'>>,
): AnalyticsCondition[] {
  const conditions = query.filters.flatMap((item, index) => {
    const condition = conditionOf(item);
    if (typeof condition === 'string')
      throw validationFailed([{ path: `querystring.filters.${index}`, message: condition }]);
    return condition ? [condition] : [];
  });
  if (query.assetVideoIntelligenceCategories?.length)
    conditions.push({ kind: 'clipTypes', types: query.assetVideoIntelligenceCategories });
  if (query.parentId) {
    const group = groupCondition(query.parentId);
    if (!group)
      throw validationFailed([{ path: 'querystring.parentId', message: analyticsMessages.unknownGroup }]);
    conditions.push(group);
  }
  return conditions;
}

/** Each live ad account's windows for the preset, in its timezone; a bad custom range is a 400. */
export function windowsOf(accounts: AdAccountRow[], query: WindowQuery): AccountWindows[] {
  try {
    return accounts
      .filter((account) => !account.deleted)
      .map((account) => ({
        adAccountId: account.id,
        ...analyticsWindow(query.analyticsPreset, todayIn(account.timezone), {
          from: query.from,
          to: query.to,
        }),
      }));
  } catch (error) {
    if (error instanceof WindowError)
      throw validationFailed([{ path: `querystring.${error.field}`, message: error.message }]);
    throw error;
  }
}

/** The accounts' current windows, as the repository reads them. */
export const currentOf = (windows: AccountWindows[]): AccountWindow[] =>
  windows.map((w) => ({ adAccountId: w.adAccountId, window: w.current }));

/** The accounts' previous windows (none for ALL_TIME). */
export const previousOf = (windows: AccountWindows[]): AccountWindow[] =>
  windows.flatMap((w) => (w.previous ? [{ adAccountId: w.adAccountId, window: w.previous }] : []));
