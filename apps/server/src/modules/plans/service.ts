import type { Allocation, requestUpgradeBodySchema, Usage } from '@hookline/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/http/actor.js';
import { notFound, paymentRequired } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { AccessService } from '../access/service.js';
import { upgradeRequestMail } from './mails.js';
import { presentAllocation } from './presenter.js';
import type { PlansRepository } from './repository.js';

/** The plan of an account: allocation, usage, the 402 check, upgrade requests (001 §2–§3, §7). */
export class PlansService {
  constructor(
    private readonly repository: PlansRepository,
    private readonly access: AccessService,
    private readonly mailer: Mailer,
    private readonly supportEmail: string,
  ) {}

  async usage(actor: Actor, accountId: string): Promise<Usage> {
    await this.access.require(actor, 'plan.read', [accountId]);
    const [assets, usersCount, analyzedAdsMonthlyCount, aiTagsCount, aiTagsGenerationsCount] =
      await Promise.all([
        this.repository.assetUsage(accountId),
        this.repository.countMembers(accountId),
        this.analyzedAds(accountId),
        this.aiTags.tagged(accountId),
        this.aiTags.generations(accountId),
      ]);
    // Agent messages are counted by their feature when it lands.
    return {
      ...assets.completed,
      usersCount,
      aiTagsCount,
      aiTagsGenerationsCount,
      analyzedAdsMonthlyCount,
      agentMessagesMonthlyCount: 0,
    };
  }

  /**
   * 402 when adding these files would pass the plan's asset count or storage (001 §3
   * allocation). Completed files count, and so do uploads in flight (their declared size is
   * reserved until they complete or fail), so two large batches started together cannot
   * overshoot the plan. Called inside the transaction that creates the files, it holds the
   * account's lock until that commits: concurrent checks of one account run one after another.
   */
  async assertAssetAllocation(accountId: string, extraAssets: number, extraBytes: number): Promise<void> {
    const account = await this.repository.findPlan(accountId);
    if (!account) throw notFound('Account not found');
    if (account.assetsCount === null && account.storageBytes === null) return;
    await this.repository.lockAccountUsage(accountId);
    const { completed, inFlight } = await this.repository.assetUsage(accountId);
    if (
      account.assetsCount !== null &&
      completed.assetsCount + inFlight.assetsCount + extraAssets > account.assetsCount
    )
      throw paymentRequired('assets', account.assetsCount);
    if (
      account.storageBytes !== null &&
      completed.storageBytes + inFlight.storageBytes + extraBytes > account.storageBytes
    )
      throw paymentRequired('storage', account.storageBytes);
  }

  async allocation(actor: Actor, accountId: string): Promise<Allocation> {
    await this.access.require(actor, 'plan.read', [accountId]);
    return this.allocationOf(accountId);
  }

  /** The account's allocation, for the server's own limits (sync months, analysed ads); no caller to check. */
  async allocationOf(accountId: string): Promise<Allocation> {
    const account = await this.repository.findPlan(accountId);
    if (!account) throw notFound('Account not found');
    return presentAllocation(account);
  }

  /** The AI analysis counts its auto-tagged files and this UTC month's regenerations. */
  countAiTagsWith(counters: {
    tagged: (accountId: string) => Promise<number>;
    generations: (accountId: string) => Promise<number>;
  }): void {
    this.aiTags = counters;
  }
  private aiTags = { tagged: async (_: string) => 0, generations: async (_: string) => 0 };

  /**
   * 402 when auto-tagging `newlyTagged` more files, or regenerating `regenerations` files'
   * tags this month, would pass the plan (001 §3: aiTagsCount, aiTagsGenerationsCount).
   */
  async assertAiTagsAllocation(accountId: string, change: { newlyTagged: number; regenerations: number }) {
    const account = await this.repository.findPlan(accountId);
    if (!account) throw notFound('Account not found');
    if (account.aiTagsGenerationsCount !== null && change.regenerations > 0) {
      const used = await this.aiTags.generations(accountId);
      if (used + change.regenerations > account.aiTagsGenerationsCount)
        throw paymentRequired('aiTagsGenerations', account.aiTagsGenerationsCount);
    }
    if (account.aiTagsCount !== null && change.newlyTagged > 0) {
      const used = await this.aiTags.tagged(accountId);
      if (used + change.newlyTagged > account.aiTagsCount)
        throw paymentRequired('aiTags', account.aiTagsCount);
    }
  }

  /** Features that count usage register their counter here (analysed ads: the ad performance module). */
  countAnalyzedAdsWith(counter: (accountId: string) => Promise<number>): void {
    this.analyzedAds = counter;
  }
  private analyzedAds: (accountId: string) => Promise<number> = async () => 0;

  async package(actor: Actor, accountId: string) {
    const allocation = await this.allocation(actor, accountId);
    return { id: allocation.name.toLowerCase().replace(/\s+/g, '-'), name: allocation.name };
  }

  async requestUpgrade(actor: Actor, accountId: string, body: z.infer<typeof requestUpgradeBodySchema>) {
    await this.access.require(actor, 'plan.manage', [accountId]);
    const account = await this.repository.findPlan(accountId);
    if (!account) throw notFound('Account not found');
    await this.mailer.send(
      upgradeRequestMail(this.supportEmail, { ...body, account: account.name, accountId: account.id }),
    );
  }

  /**
   * Sets what an account's plan allows (null: unlimited). The back-office and billing set
   * plans; until they land, the create-user command and tests do.
   */
  async setAllocation(
    accountId: string,
    limits: { assetsCount?: number | null; storageBytes?: number | null },
  ) {
    await this.repository.setPlanLimits(accountId, limits);
  }

  /** The allocations of several accounts (brand lists with includeAccountAllocation). */
  async allocationsOf(accountIds: string[]): Promise<Map<string, Allocation>> {
    const plans = await this.repository.findPlans(accountIds);
    return new Map(plans.map((plan) => [plan.id, presentAllocation(plan)]));
  }
}
