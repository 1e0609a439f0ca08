import type { AssetPerformanceSummary, Integration } from '@hookline/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp, eventually } from '../../test/test-app.js';

/** The demo workspace a fresh `npm start` seeds: every feature alive on it. */
describe('demo workspace', () => {
  it('is created once, on an empty database, with credentials that sign in', {
    timeout: 240_000,
  }, async () => {
    const fresh = await createTestApp();
    try {
      const demo = await fresh.context.services.demo.seed();
      expect(demo).toBeDefined();
      expect(await fresh.context.services.demo.seed()).toBeUndefined();
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: demo!.email, password: demo!.password },
      });
      expect(login.statusCode).toBe(200);
      const brands = (
        await fresh.app.inject({
          url: '/api/brands',
          headers: { authorization: `Bearer ${login.json().access_token}` },
        })
      ).json();
      expect(brands).toMatchObject([{ name: 'Demo Brand', onboardingCompleted: true }]);
      const top = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/assets`,
          headers: { authorization: `Bearer ${login.json().access_token}` },
        })
      ).json() as { name: string }[];
      // (The boards' system folder 'Boards' comes with the media, below.)
      expect(top.map((a) => a.name).filter((name) => name !== 'Boards')).toEqual([
        'Brand Kit',
        'Campaigns',
        'Product shots',
        'UGC footage',
      ]);

      // Real sample media arrives in the folders and is processed like an upload.
      await fresh.context.services.demo.mediaReady();
      const headers = { authorization: `Bearer ${login.json().access_token}` };
      const listIn = async (parentId: string) =>
        (
          await fresh.app.inject({
            url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/assets?parentId=${parentId}`,
            headers,
          })
        ).json() as {
          id: string;
          name: string;
          type: string;
          uploadingState: string;
          previewURL: string | null;
          tags: { name: string; source?: string }[];
          mediaAnalysisStatus: string | null;
          customFields: Record<string, unknown>;
          commentsCount: number;
          duplicateOf: { id: string; name: string; identical: boolean } | null;
        }[];
      const campaigns = (await listIn('root')).find((a) => a.name === 'Campaigns')!;
      const summer = (await listIn(campaigns.id)).find((a) => a.name === 'Summer 2026')!;
      const EXPORT = 'Summer hero export.jpg';
      const all = await eventually(async () => {
        const items = await listIn(summer.id);
        return items.length === 3 && items.every((a) => a.uploadingState === 'UPLOADED') ? items : undefined;
      }, 60_000);
      // A smaller export of the hero: the duplicates view's demo group (issue 15).
      const heroId = all.find((a) => a.name === 'Summer hero.jpg')?.id;
      expect(all.find((a) => a.name === EXPORT)?.duplicateOf).toEqual({
        id: heroId,
        name: 'Summer hero.jpg',
        identical: false,
      });
      const files = all.filter((a) => a.name !== EXPORT);
      expect(files.map((a) => [a.name, a.type])).toEqual([
        ['Summer hero.jpg', 'IMAGE'],
        ['Summer launch 16x9.mp4', 'VIDEO'],
      ]);
      expect(files.every((a) => a.previewURL)).toBe(true);
      // Tagged, in categories of their own (tags issue); the AI analysis adds its own tags beside them.
      expect(files.map((a) => a.tags.filter((tag) => tag.source !== 'AI').map((tag) => tag.name))).toEqual([
        ['Bold claim', 'Static', 'Summer'],
        ['Product demo', 'Question hook', 'Summer'],
      ]);
      // The local analysis tags the pictures from their facts and colours (issue 15).
      const analysed = await eventually(async () => {
        const items = (await listIn(summer.id)).filter((a) => a.name !== EXPORT);
        return items.every((a) => a.mediaAnalysisStatus === 'COMPLETED') ? items : undefined;
      }, 60_000);
      expect(analysed[0]!.tags.filter((tag) => tag.source === 'AI').map((tag) => tag.name)).toEqual(
        expect.arrayContaining(['Landscape', '16:9']),
      );
      const categories = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/tag-categories`,
          headers,
        })
      ).json() as { name: string; tagsCount: number }[];
      expect(categories.filter((c) => c.name !== 'AI tags').map((c) => [c.name, c.tagsCount])).toEqual([
        ['General', 2],
        ['Formats', 3],
        ['Hooks', 2],
      ]);
      // Two custom fields, with values on the summer files.
      const fields = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/custom-fields`,
          headers,
        })
      ).json() as {
        id: string;
        name: string;
        usageCount: number;
        options: { id: string; label: string }[];
      }[];
      expect(fields.map((f) => f.name)).toEqual(['Campaign', 'Agency']);
      const summerOption = fields[0]!.options.find((o) => o.label === 'Summer 2026')!.id;
      expect(files.map((a) => a.customFields)).toEqual([
        { [fields[0]!.id]: summerOption, [fields[1]!.id]: 'Studio North' },
        { [fields[0]!.id]: summerOption, [fields[1]!.id]: 'Studio North' },
      ]);
      // Review comments: a range with a drawing, a mention, a resolved thread; a pin on the image.
      // (The video's sixth is a reviewer's note from the board in review, below.)
      expect(files.map((a) => a.commentsCount)).toEqual([1, 6]);
      const threads = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/assets/${files[1]!.id}/comments?sort=oldest`,
          headers,
        })
      ).json() as { annotation: unknown; mentionUserIds: string[]; resolved: boolean; end: number | null }[];
      expect(threads.map((c) => [Boolean(c.annotation), c.mentionUserIds, c.resolved])).toEqual([
        [true, [], false],
        [false, ['0'], false],
        [false, [], true],
        [false, [], false],
      ]);
      const pins = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/assets/${files[0]!.id}/comments`,
          headers,
        })
      ).json() as { pin: { x: number; y: number } | null }[];
      expect(pins.map((c) => c.pin)).toEqual([{ x: 0.72, y: 0.3 }]);
      // Sharing: the summer folder's public link has views; a partner's two items are shared with the user.
      const link = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/library/BRAND/${summer.id}/share`,
          headers,
        })
      ).json() as { publicShare: { viewCount: number; href: string } | null };
      expect(link.publicShare?.viewCount).toBe(3);
      const shared = (await fresh.app.inject({ url: '/api/library/shared', headers })).json() as {
        name: string;
        sharedByUser: { firstName: string } | null;
      }[];
      expect(shared.map((a) => [a.name, a.sharedByUser?.firstName]).sort()).toEqual([
        ['Partner cut 9x16.mp4', 'Maya'],
        ['Partner key visual.jpg', 'Maya'],
      ]);
      // Boards: one in review (rich description, uploaded and referenced files, decisions,
      // comments), a draft and an approved one.
      const boards = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/boards?sort=name&order=asc`,
          headers,
        })
      ).json() as { id: string; name: string; status: string; assetCount: number; comments: number }[];
      expect(boards.map((b) => [b.name, b.status, b.assetCount])).toEqual([
        ['Holiday ideas', 'DRAFT', 1],
        ['Product packshots', 'APPROVED', 2],
        ['Summer launch review', 'IN_REVIEW', 4],
      ]);
      const inReview = boards[2]!;
      expect(inReview.comments).toBe(2);
      const reviews = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/boards/${inReview.id}/reviews`,
          headers,
        })
      ).json() as { reviewMode: boolean; progress: Record<string, number> };
      expect(reviews).toMatchObject({
        reviewMode: true,
        progress: { total: 4, approved: 2, needsChanges: 1, pending: 1 },
      });
      // Ad performance (Meta integration issue): a DEMO connection showing the demo ad account,
      // two Pages and one issue; about 60 ads over 90 days whose media are library items.
      const integrations = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/integrations`,
          headers,
        })
      ).json() as Integration[];
      expect(integrations).toHaveLength(1);
      expect(integrations[0]).toMatchObject({
        vendor: 'FACEBOOK',
        isDemo: true,
        isConnected: true,
        metadata: { adAccounts: [{ name: 'Demo Brand — Meta Ads', enabled: true }] },
        integrationIssues: [{ code: 'MISSING_PERMISSIONS_ON_ACTOR' }],
      });
      expect(integrations[0]!.metadata.pages.map((p) => p.name)).toEqual([
        'Demo Brand',
        'Demo Brand Skincare',
      ]);
      // Its sync panel shows the stored days (the demo never syncs).
      const status = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/integrations/${integrations[0]!.id}/sync-status`,
          headers,
        })
      ).json() as { accounts: { state: string; rowsSynced: number; syncedFrom: string | null }[] };
      expect(status.accounts[0]!.state).toBe('IDLE');
      expect(status.accounts[0]!.rowsSynced).toBeGreaterThan(1000);
      expect(status.accounts[0]!.syncedFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const { rows: ads } = await fresh.context.database.execute<{
        ads: number;
        days: number;
        linked: number;
      }>(
        `select count(distinct a.id)::int as ads, count(distinct i.date)::int as days,
                (select count(distinct asset_id)::int from ad_assets x join ads y on y.id = x.ad_id where y.brand_id = $1) as linked
           from ads a left join ad_insights_daily i on i.ad_id = a.id where a.brand_id = $1`,
        [demo!.brandId],
      );
      expect(ads[0]!.ads).toBeGreaterThanOrEqual(55);
      expect(ads[0]!.days).toBe(90);
      // Concepts take the media in turn: of the library's three videos and four pictures and
      // the twelve clips, the seeded concepts reach eighteen.
      expect(ads[0]!.linked).toBe(18);
      // Asset performance (issue 17 "Beyond the seeds"): the ads' creatives are the library's own
      // files, so the link job finds the library's videos and pictures in the demo's ads by
      // fingerprint, and their cards' badges and performance tabs have last month's figures.
      const linkedFiles = await eventually(async () => {
        const { rows } = await fresh.context.database.execute<{ id: string; type: string }>(
          `select distinct a.id, a.type from asset_ad_links l join assets a on a.id = l.asset_id
            where a.brand_id = $1 and a.library = 'BRAND' and l.method = 'FINGERPRINT'`,
          [demo!.brandId],
        );
        return rows.filter((r) => r.type === 'VIDEO').length >= 3 ? rows : undefined;
      }, 60_000);
      const badges = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/assets/performance-summary?${linkedFiles.map((f) => `ids=${f.id}`).join('&')}`,
          headers,
        })
      ).json() as AssetPerformanceSummary[];
      expect(badges.length).toBe(linkedFiles.length);
      expect(badges.some((b) => b.spend > 0 && b.roas !== null)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
