import type { NamingConvention, NamingField, NamingValues } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/raw-sql.js';
import { Repository } from '../../../platform/db/transaction.js';
import type { AccountWindow } from '../analytics/list-repository.js';
import { windowsSql } from '../analytics/list-sql.js';

export interface NamingConventionRow extends NamingConvention {
  updatedAt: Date;
}

/** Distinct names per UPDATE while parsing a brand's ads again (one jsonb parameter each). */
const NAMES_PER_UPDATE = 1000;

/** The lock between a convention's save (exclusive) and the ad writes that parse with it (shared). */
const lockKey = (brandId: string) => sql`hashtext(${`naming-convention:${brandId}`})`;

/** The ad naming convention's table and the ads' `naming_values` (issue 17 "Beyond the seeds"). */
export class NamingRepository extends Repository {
  async find(brandId: string): Promise<NamingConventionRow | null> {
    const [row] = rowsOf<{ delimiter: string; fields: NamingField[]; updatedAt: string | Date }>(
      await this.db.execute(sql`
        select delimiter, fields, updated_at as "updatedAt" from ad_naming_conventions
        where brand_id = ${brandId}`),
    );
    return row ? { delimiter: row.delimiter, fields: row.fields, updatedAt: new Date(row.updatedAt) } : null;
  }

  /**
   * The convention ads written in this transaction are parsed with. The shared lock makes a
   * save wait for writes under way (and them for it), so no ad keeps the values of a
   * convention replaced while it was written. Call it inside the writing transaction.
   */
  async findForWrite(brandId: string): Promise<NamingConventionRow | null> {
    await this.db.execute(sql`select pg_advisory_xact_lock_shared(${lockKey(brandId)})`);
    return this.find(brandId);
  }

  /** Saves the convention, holding the exclusive lock until the transaction ends. */
  async save(brandId: string, convention: NamingConvention): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${lockKey(brandId)})`);
    await this.db.execute(sql`
      insert into ad_naming_conventions (brand_id, account_id, delimiter, fields)
      select b.id, b.account_id, ${convention.delimiter}, ${JSON.stringify(convention.fields)}::jsonb
      from brands b where b.id = ${brandId}
      on conflict (brand_id) do update
        set delimiter = excluded.delimiter, fields = excluded.fields, updated_at = now()`);
  }

  /** Every distinct ad name of the brand. */
  async names(brandId: string): Promise<string[]> {
    return rowsOf<{ name: string }>(
      await this.db.execute(sql`select distinct name from ads where brand_id = ${brandId}`),
    ).map((r) => r.name);
  }

  /** Clears every ad's values (a convention without fields). */
  async clearValues(brandId: string): Promise<void> {
    await this.db.execute(
      sql`update ads set naming_values = null where brand_id = ${brandId} and naming_values is not null`,
    );
  }

  /**
   * Sets the values of the brand's ads by name, a thousand names per statement; rows whose
   * values are already these are left alone.
   */
  async setValues(brandId: string, entries: { name: string; values: NamingValues | null }[]): Promise<void> {
    for (let i = 0; i < entries.length; i += NAMES_PER_UPDATE) {
      const part = entries.slice(i, i + NAMES_PER_UPDATE).map((e) => ({ n: e.name, v: e.values }));
      await this.db.execute(sql`
        update ads a set naming_values = nullif(e.value->'v', 'null'::jsonb)
        from jsonb_array_elements(${JSON.stringify(part)}::jsonb) e
        where a.brand_id = ${brandId} and a.name = e.value->>'n'
          and a.naming_values is distinct from nullif(e.value->'v', 'null'::jsonb)`);
    }
  }

  /**
   * The brand's ad names by their spend in the windows (summed over the ads of a name), the
   * highest first; names without spend there fill up, the newest first. Ads of removed ad
   * accounts are left out.
   */
  async topNames(
    brandId: string,
    windows: AccountWindow[],
    limit: number,
  ): Promise<{ name: string; ads: number; spend: number }[]> {
    if (windows.length === 0) return [];
    return rowsOf<{ name: string; ads: number; spend: number }>(
      await this.db.execute(sql`
        with spend as (
          select d.ad_id, sum(d.spend)::float8 as spend
          from ad_insights_daily d
          join ads a on a.id = d.ad_id
          join ${windowsSql(windows)} on w.ad_account_id = a.ad_account_id
          where a.brand_id = ${brandId} and d.date between w.day_from and w.day_to
          group by d.ad_id
        )
        select a.name, count(*)::int as ads, coalesce(sum(sp.spend), 0)::float8 as spend
        from ads a
        join ${windowsSql(windows)} on w.ad_account_id = a.ad_account_id
        left join spend sp on sp.ad_id = a.id
        where a.brand_id = ${brandId}
        group by a.name
        order by 3 desc, max(a.created_time) desc nulls last, a.name
        limit ${limit}`),
    );
  }

  /** The brand's ads (of live ad accounts) and how many have values. */
  async stats(brandId: string): Promise<{ ads: number; parsed: number }> {
    const [row] = rowsOf<{ ads: number; parsed: number }>(
      await this.db.execute(sql`
        select count(*)::int as ads, count(a.naming_values)::int as parsed
        from ads a join ad_accounts acc on acc.id = a.ad_account_id and not acc.deleted
        where a.brand_id = ${brandId}`),
    );
    return row ?? { ads: 0, parsed: 0 };
  }
}
