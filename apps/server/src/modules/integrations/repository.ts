import type { IntegrationIssueCode, IntegrationVendor } from '@hookline/contract';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  adAccountSyncs,
  assetAdPlatformVideos,
  integrationIssues,
  integrationOauthStates,
  integrations,
} from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';
import { uuidv7 } from '../../platform/ids.js';

export type IntegrationRow = typeof integrations.$inferSelect;
export type NewIntegrationRow = typeof integrations.$inferInsert;
export type IssueRow = typeof integrationIssues.$inferSelect;
export type SyncRow = typeof adAccountSyncs.$inferSelect;
export type PublishRow = typeof assetAdPlatformVideos.$inferSelect;

/** The integrations module's queries: connections, their issues, authorizations in flight, syncs, publishes. */
export class IntegrationsRepository extends Repository {
  /** The brand's connected integrations the user may see: account level, and the user's own. */
  async listVisible(brandId: string, userId: string | null): Promise<IntegrationRow[]> {
    return this.db
      .select()
      .from(integrations)
      .where(
        and(
          eq(integrations.brandId, brandId),
          isNull(integrations.disconnectedAt),
          or(eq(integrations.level, 'ACCOUNT'), userId ? eq(integrations.userId, userId) : sql`false`),
        ),
      )
      .orderBy(asc(integrations.createdAt));
  }

  async find(brandId: string, id: string): Promise<IntegrationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(integrations)
      .where(
        and(eq(integrations.id, id), eq(integrations.brandId, brandId), isNull(integrations.disconnectedAt)),
      );
    return row;
  }

  async findById(id: string): Promise<IntegrationRow | undefined> {
    const [row] = await this.db.select().from(integrations).where(eq(integrations.id, id));
    return row;
  }

  async findAccountLevel(brandId: string, vendor: IntegrationVendor): Promise<IntegrationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(integrations)
      .where(
        and(
          eq(integrations.brandId, brandId),
          eq(integrations.vendor, vendor),
          eq(integrations.level, 'ACCOUNT'),
          isNull(integrations.disconnectedAt),
        ),
      );
    return row;
  }

  /** Every connected Meta integration (the daily sync's round). */
  async connectedMeta(): Promise<IntegrationRow[]> {
    return this.db
      .select()
      .from(integrations)
      .where(
        and(
          eq(integrations.vendor, 'FACEBOOK'),
          isNull(integrations.disconnectedAt),
          eq(integrations.isDemo, false),
        ),
      );
  }

  async insert(row: NewIntegrationRow): Promise<IntegrationRow> {
    const [created] = await this.db.insert(integrations).values(row).returning();
    return created!;
  }

  async update(id: string, values: Partial<NewIntegrationRow>): Promise<void> {
    await this.db
      .update(integrations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(integrations.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(integrations).where(eq(integrations.id, id));
  }

  // ── issues ──────────────────────────────────────────────────────────────
  async openIssues(integrationIds: string[]): Promise<IssueRow[]> {
    if (integrationIds.length === 0) return [];
    return this.db
      .select()
      .from(integrationIssues)
      .where(
        and(inArray(integrationIssues.integrationId, integrationIds), isNull(integrationIssues.resolvedAt)),
      )
      .orderBy(asc(integrationIssues.createdAt));
  }

  /** Opens an issue unless the same one is open already. */
  async raiseIssue(
    integrationId: string,
    code: IntegrationIssueCode,
    actorId: string,
    detail: string | null,
  ) {
    await this.db
      .insert(integrationIssues)
      .values({ id: uuidv7(), integrationId, code, actorId, detail })
      .onConflictDoNothing();
  }

  /** Resolves open issues of these codes (all when none given); `actorIds` narrows them. */
  async resolveIssues(integrationId: string, codes?: IntegrationIssueCode[], actorIds?: string[]) {
    await this.db
      .update(integrationIssues)
      .set({ resolvedAt: new Date() })
      .where(
        and(
          eq(integrationIssues.integrationId, integrationId),
          isNull(integrationIssues.resolvedAt),
          codes ? inArray(integrationIssues.code, codes) : undefined,
          actorIds ? inArray(integrationIssues.actorId, actorIds) : undefined,
        ),
      );
  }

  // ── authorizations in flight ────────────────────────────────────────────
  async saveState(row: typeof integrationOauthStates.$inferInsert): Promise<void> {
    await this.db.insert(integrationOauthStates).values(row);
    await this.db
      .delete(integrationOauthStates)
      .where(lte(integrationOauthStates.expiresAt, new Date(Date.now() - 86_400_000)));
  }

  /** Marks a state used; answers it only when it was unused and unexpired (single use). */
  async consumeState(nonceHash: string) {
    const [row] = await this.db
      .update(integrationOauthStates)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(integrationOauthStates.nonceHash, nonceHash),
          isNull(integrationOauthStates.usedAt),
          sql`${integrationOauthStates.expiresAt} > now()`,
        ),
      )
      .returning();
    return row;
  }

  // ── syncs ───────────────────────────────────────────────────────────────
  async syncs(adAccountIds: string[]): Promise<SyncRow[]> {
    if (adAccountIds.length === 0) return [];
    return this.db.select().from(adAccountSyncs).where(inArray(adAccountSyncs.adAccountId, adAccountIds));
  }

  async findSync(adAccountId: string): Promise<SyncRow | undefined> {
    const [row] = await this.db
      .select()
      .from(adAccountSyncs)
      .where(eq(adAccountSyncs.adAccountId, adAccountId));
    return row;
  }

  async saveSync(adAccountId: string, values: Partial<typeof adAccountSyncs.$inferInsert>): Promise<void> {
    await this.db
      .insert(adAccountSyncs)
      .values({ adAccountId, ...values })
      .onConflictDoUpdate({ target: adAccountSyncs.adAccountId, set: { ...values, updatedAt: new Date() } });
  }

  // ── publishing ──────────────────────────────────────────────────────────
  async savePublish(row: typeof assetAdPlatformVideos.$inferInsert): Promise<void> {
    const { assetId: _a, adAccountId: _b, ...set } = row;
    await this.db
      .insert(assetAdPlatformVideos)
      .values(row)
      .onConflictDoUpdate({
        target: [assetAdPlatformVideos.assetId, assetAdPlatformVideos.adAccountId],
        set: { ...set, updatedAt: new Date() },
      });
  }

  async publishesOfVideos(adAccountId: string, videoIds: string[]): Promise<PublishRow[]> {
    if (videoIds.length === 0) return [];
    return this.db
      .select()
      .from(assetAdPlatformVideos)
      .where(
        and(
          eq(assetAdPlatformVideos.adAccountId, adAccountId),
          inArray(assetAdPlatformVideos.videoId, videoIds),
        ),
      );
  }

  async setPublishStatus(assetId: string, adAccountId: string, status: PublishRow['status']): Promise<void> {
    await this.db
      .update(assetAdPlatformVideos)
      .set({ status, updatedAt: new Date() })
      .where(
        and(eq(assetAdPlatformVideos.assetId, assetId), eq(assetAdPlatformVideos.adAccountId, adAccountId)),
      );
  }

  async publishesOf(assetIds: string[]): Promise<PublishRow[]> {
    if (assetIds.length === 0) return [];
    return this.db
      .select()
      .from(assetAdPlatformVideos)
      .where(inArray(assetAdPlatformVideos.assetId, assetIds));
  }
}
