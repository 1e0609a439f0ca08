import {
  DEFAULT_NAMING_DELIMITER,
  NAMING_CONVENTION_LIMITS,
  type NamingConvention,
  type NamingConventionAnswer,
  parseAdName,
} from '@hookline/contract';
import type { AccessService } from '../../access/service.js';
import type { LibraryScope } from '../../library/scope.js';
import { analyticsWindow, todayIn } from '../analytics/windows.js';
import type { AdAccountRow } from '../repository.js';
import type { NamingConventionRow, NamingRepository } from './repository.js';

/**
 * A brand's ad naming convention (issue 17 "Beyond the seeds"): admins save the delimiter and
 * the fields, and every ad name of the brand is parsed with it (parseAdName, shared with the
 * web's preview) on save, and each ad again whenever the store writes it (sync, import, demo).
 * The values feed creative analytics' naming groups and filters.
 */
export class NamingConventionService {
  constructor(
    private readonly access: AccessService,
    private readonly repository: NamingRepository,
    private readonly accountsOfBrand: (brandId: string) => Promise<AdAccountRow[]>,
  ) {}

  /** GET ad-naming-convention: the saved convention (or an empty one), the preview sample and counts. */
  async get(s: LibraryScope): Promise<NamingConventionAnswer> {
    await this.access.require(s.actor, 'namingConvention.read', [s.brandId]);
    return this.answer(s.brandId, await this.repository.find(s.brandId));
  }

  /**
   * PUT ad-naming-convention: saves it and parses every ad of the brand again, in one
   * transaction (by distinct name, a thousand names per statement), so analytics never sees
   * the new convention with the old values.
   */
  async update(s: LibraryScope, convention: NamingConvention): Promise<NamingConventionAnswer> {
    await this.access.require(s.actor, 'namingConvention.manage', [s.brandId]);
    await this.repository.transaction(async () => {
      await this.repository.save(s.brandId, convention);
      if (convention.fields.length === 0) return this.repository.clearValues(s.brandId);
      const names = await this.repository.names(s.brandId);
      await this.repository.setValues(
        s.brandId,
        names.map((name) => ({ name, values: parseAdName(name, convention).values })),
      );
    });
    return this.answer(s.brandId, await this.repository.find(s.brandId));
  }

  private async answer(brandId: string, saved: NamingConventionRow | null): Promise<NamingConventionAnswer> {
    const convention: NamingConvention = saved ?? { delimiter: DEFAULT_NAMING_DELIMITER, fields: [] };
    const accounts = (await this.accountsOfBrand(brandId)).filter((a) => !a.deleted);
    // The last 30 complete days in each ad account's timezone, as creative analytics counts them.
    const windows = accounts.map((account) => ({
      adAccountId: account.id,
      window: analyticsWindow('THIRTY_DAYS', todayIn(account.timezone)).current,
    }));
    const [names, stats] = await Promise.all([
      this.repository.topNames(brandId, windows, NAMING_CONVENTION_LIMITS.sampleSize),
      this.repository.stats(brandId),
    ]);
    return {
      delimiter: convention.delimiter,
      fields: convention.fields,
      updatedAt: saved ? saved.updatedAt.toISOString() : null,
      sample: names.map((row) => {
        const parsed = parseAdName(row.name, convention);
        return {
          name: row.name,
          spend: Math.round(row.spend * 100) / 100,
          ads: row.ads,
          values: parsed.values,
          misfit: parsed.misfit,
        };
      }),
      stats,
    };
  }
}
