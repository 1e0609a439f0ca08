import {
  type AnalyticsPreset,
  type AnalyticsPresetAlias,
  analyticsPresetAliases,
  analyticsPresets,
} from '@hookline/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, transactionExecutor } from '../../../platform/db/client.js';
import { rowsOf, uuidArray } from '../../../platform/db/raw-sql.js';
import { Repository } from '../../../platform/db/transaction.js';
import type { JobQueue } from '../../../platform/jobs/queue.js';
import type { AccountWindow } from './list-repository.js';
import { ROLLUP_SUMS, SUM_COLUMNS, scoresOver } from './list-sql.js';
import { analyticsWindow, todayIn } from './windows.js';

export const ANALYTICS_ROLLUP_QUEUE = 'ANALYTICS_ROLLUP';

/** The windows rolled up: every preset but CUSTOM (any two days), and 'last 3 months'. */
type RollupPreset = Exclude<AnalyticsPreset, 'CUSTOM'> | 'LAST_3_MONTHS';
const ROLLUP_PRESETS: RollupPreset[] = [
  ...analyticsPresets.filter((preset): preset is Exclude<AnalyticsPreset, 'CUSTOM'> => preset !== 'CUSTOM'),
  'LAST_3_MONTHS',
];

/** A preset's name once its alias is resolved, if it is rolled up. */
function rollupPreset(preset: AnalyticsPreset | AnalyticsPresetAlias): RollupPreset | null {
  const name: string =
    preset in analyticsPresetAliases ? analyticsPresetAliases[preset as AnalyticsPresetAlias] : preset;
  return (ROLLUP_PRESETS as readonly string[]).includes(name) ? (name as RollupPreset) : null;
}

/** How a request names a rolled-up preset ('last 3 months' is only an alias). */
const asked = (preset: RollupPreset): AnalyticsPreset | AnalyticsPresetAlias =>
  preset === 'LAST_3_MONTHS' ? 'last 3 months' : preset;

/** The windows as one comparable text: which accounts, which days. */
const windowsKey = (windows: AccountWindow[]) =>
  windows
    .map((w) => `${w.adAccountId}:${w.window?.from ?? ''}:${w.window?.to ?? ''}`)
    .sort()
    .join(',');

interface RollupAccount {
  id: string;
  timezone: string;
  deleted: boolean;
}

/**
 * Creative analytics' pre-aggregation (issue 17's benchmark: a list or group-by over 100,000
 * ads × 90 days cannot sum daily rows per request). For each preset window the brand's
 * delivered ads get one row of sums (so ratios stay exact) and their creative scores, ranked
 * then and not per request.
 *
 * Rollups answer only while they are true: every writer of delivery (the Meta sync, the Ads
 * Manager import, the demo) bumps the brand's data version in its transaction, and the days a
 * preset covers move at each account's midnight. A request checks both; when either moved it
 * is answered from the daily rows, exact but slower, and a refresh is queued ('stately' per
 * brand: however many ask, one waits). CUSTOM ranges always read the daily rows.
 */
export class AnalyticsRollups extends Repository {
  constructor(
    database: Database,
    private readonly queue: JobQueue,
    private readonly accountsOfBrand: (brandId: string) => Promise<RollupAccount[]>,
    private readonly log: FastifyBaseLogger,
  ) {
    super(database);
  }

  register(): void {
    this.queue.register<{ brandId: string }>(ANALYTICS_ROLLUP_QUEUE, ({ brandId }) => this.refresh(brandId), {
      policy: 'stately',
      retryLimit: 3,
      retryDelaySeconds: 10,
      expireInSeconds: 30 * 60,
    });
  }

  /**
   * The brands' delivery changed: their rollups stop answering and a refresh is queued, both
   * in the writer's transaction when there is one (the job is seen once the write is, and no
   * second connection is asked for inside it: PGlite has one).
   */
  async changed(brandIds: string[]): Promise<void> {
    if (brandIds.length === 0) return;
    await this.db.execute(sql`
      insert into ad_rollup_states (brand_id, data_version)
      select b, 2 from unnest(${uuidArray(brandIds)}) b
      on conflict (brand_id) do update set data_version = ad_rollup_states.data_version + 1`);
    const executor = transactionExecutor(this.db);
    for (const brandId of brandIds)
      await this.queue.sendUnlessQueued(
        ANALYTICS_ROLLUP_QUEUE,
        { brandId },
        { singletonKey: brandId, executor },
      );
  }

  /** changed() for the brands of these ads. */
  async changedAds(adIds: string[]): Promise<void> {
    if (adIds.length === 0) return;
    const rows = rowsOf<{ brand_id: string }>(
      await this.db.execute(sql`select distinct brand_id from ads where id = any(${uuidArray(adIds)})`),
    );
    await this.changed(rows.map((r) => r.brand_id));
  }

  /** Queues a refresh of the brand's rollups (a request found them stale; outside any transaction). */
  private async kick(brandId: string): Promise<void> {
    await this.queue
      .sendUnlessQueued(ANALYTICS_ROLLUP_QUEUE, { brandId }, { singletonKey: brandId })
      .catch((error: unknown) => this.log.warn({ err: error, brandId }, 'analytics: rollup not queued'));
  }

  /**
   * The rolled-up preset that may answer for these windows, or null (read the daily rows).
   * Stale rollups queue their refresh.
   */
  async usable(
    brandId: string,
    preset: AnalyticsPreset | AnalyticsPresetAlias,
    windows: AccountWindow[],
  ): Promise<string | null> {
    const name = rollupPreset(preset);
    if (!name || windows.length === 0) return null;
    const [state] = rowsOf<{ fresh: boolean; windows: string | null }>(
      await this.db.execute(sql`
        select rolled_version = data_version as fresh, windows->>${name}::text as windows
        from ad_rollup_states where brand_id = ${brandId}`),
    );
    if (state?.fresh && state.windows === windowsKey(windows)) return name;
    await this.kick(brandId);
    return null;
  }

  /**
   * Sums every preset's window for the brand's ads and ranks their scores, in one transaction
   * (a reader sees the old rollups or the new ones). The data version is read first: what is
   * summed is at least that new, and a write after it leaves the rollups stale.
   */
  async refresh(brandId: string): Promise<void> {
    const started = Date.now();
    const [state] = rowsOf<{ data_version: number }>(
      await this.db.execute(sql`
        insert into ad_rollup_states (brand_id) values (${brandId})
        on conflict (brand_id) do update set brand_id = excluded.brand_id
        returning data_version::float8 as data_version`),
    );
    if (!state) return;
    const accounts = (await this.accountsOfBrand(brandId)).filter((a) => !a.deleted);
    const presets = ROLLUP_PRESETS.map((preset) => ({
      preset,
      windows: accounts.map(
        (account): AccountWindow => ({
          adAccountId: account.id,
          window: analyticsWindow(asked(preset), todayIn(account.timezone)).current,
        }),
      ),
    }));
    const keys = Object.fromEntries(presets.map((p) => [p.preset, windowsKey(p.windows)]));
    await this.transaction(async () => {
      await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`analytics-rollup:${brandId}`}))`);
      await this.db.execute(sql`delete from ad_rollups where brand_id = ${brandId}`);
      if (accounts.length > 0) {
        // One statement: sums per ad and preset, then their scores, written once (no second
        // version of every row for the scores).
        const columns = sql.raw(ROLLUP_SUMS.join(', '));
        await this.db.execute(sql`
          with sums as (
            select a.id as ad_id, w.preset, a.name, a.file_type, a.effective_status, ${SUM_COLUMNS}
            from ads a
            join ${presetWindowsSql(presets)} on w.ad_account_id = a.ad_account_id
            join ad_insights_daily d on d.ad_id = a.id
              and (w.day_from is null or d.date between w.day_from and w.day_to)
            where a.brand_id = ${brandId}
            group by a.id, w.preset
            having sum(d.impressions) > 0 or sum(d.spend) > 0
          ),
          ad_asset_sets as (
            select aa.ad_id, array_agg(aa.asset_id order by aa.asset_id) as asset_ids
            from ads a join ad_assets aa on aa.ad_id = a.id
            where a.brand_id = ${brandId}
            group by aa.ad_id
          ),
          lengths as (
            select aa.ad_id, max(x.length)::float8 as seconds
            from ads a join ad_assets aa on aa.ad_id = a.id join assets x on x.id = aa.asset_id
            where a.brand_id = ${brandId} and x.type = 'VIDEO'
            group by aa.ad_id
          ),
          scores as (${scoresOver(sql`
            select m.*, m.preset as part, len.seconds from sums m left join lengths len on len.ad_id = m.ad_id`)})
          insert into ad_rollups (ad_id, preset, brand_id, ${columns}, name, file_type, effective_status,
                                  asset_ids, hook_score, hold_score, click_score, convert_score)
          select m.ad_id, m.preset, ${brandId}, ${sql.raw(ROLLUP_SUMS.map((c) => `m.${c}`).join(', '))},
                 m.name, m.file_type, m.effective_status, coalesce(sets.asset_ids, '{}'::uuid[]),
                 sc.hook_score, sc.hold_score, sc.click_score, sc.convert_score
          from sums m left join scores sc on sc.ad_id = m.ad_id and sc.part = m.preset
          left join ad_asset_sets sets on sets.ad_id = m.ad_id
          -- Each preset's partition in spend order, as most lists read it.
          order by m.preset, m.spend desc`);
      }
      await this.db.execute(sql`
        update ad_rollup_states
        set rolled_version = ${state.data_version}, windows = ${JSON.stringify(keys)}::jsonb, refreshed_at = now()
        where brand_id = ${brandId}`);
    });
    // The old rows' space back and fresh statistics (or the planner takes a brand's 100,000
    // rollup rows for a handful); outside the transaction, as VACUUM must be.
    await this.db.execute(sql`vacuum (analyze) ad_rollups`);
    this.log.info({ brandId, ms: Date.now() - started }, 'analytics: rollups refreshed');
  }
}

/** Every preset's windows as one VALUES list (w: ad_account_id, preset, day_from, day_to). */
function presetWindowsSql(presets: { preset: string; windows: AccountWindow[] }[]): SQL {
  const rows = presets.flatMap(({ preset, windows }) =>
    windows.map(
      (w) =>
        sql`(${w.adAccountId}::uuid, ${preset}::text, ${w.window?.from ?? null}::date, ${w.window?.to ?? null}::date)`,
    ),
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as w(ad_account_id, preset, day_from, day_to)`;
}
