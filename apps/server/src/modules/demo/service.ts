import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ANNOTATION_PALETTE, type RichText } from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ANONYMOUS, userActor } from '../../platform/http/actor.js';
import { uuidv7 } from '../../platform/ids.js';
import type { AdPerformanceService } from '../ad-performance/service.js';
import type { BoardsService } from '../boards/service.js';
import type { CommentsService } from '../comments/service.js';
import type { CustomFieldsService } from '../custom-fields/service.js';
import type { IntegrationsService } from '../integrations/service.js';
import type { LibraryScope } from '../library/scope.js';
import type { LibraryService } from '../library/service.js';
import type { SharesService } from '../shares/service.js';
import type { TagsService } from '../tags/service.js';
import type { TeamService } from '../team/service.js';
import type { UploadsService } from '../uploads/service.js';
import { addDemoAdAccount } from './demo-ad-account.js';
import { makeSampleMedia } from './sample-media.js';

export interface DemoCredentials {
  email: string;
  password: string;
  accountId: string;
  brandId: string;
}

/**
 * Tag categories and tags of the demo brand, and which sample files carry which (tags
 * issue): the tag page, the chips on cards and the tag filter have something to show.
 */
const DEMO_TAGS: { category?: string; names: string[] }[] = [
  { names: ['Summer', 'Holiday'] },
  { category: 'Formats', names: ['UGC', 'Product demo', 'Static'] },
  { category: 'Hooks', names: ['Question hook', 'Bold claim'] },
];
const DEMO_TAGGING: Record<string, string[]> = {
  'Summer hero.jpg': ['Summer', 'Static', 'Bold claim'],
  'Holiday square.png': ['Holiday', 'Static'],
  'Bottle packshot.webp': ['Product demo', 'Static'],
  'Summer launch 16x9.mp4': ['Summer', 'Product demo', 'Question hook'],
  'Creator take 9x16.mp4': ['UGC', 'Question hook'],
  'Voice-over jingle.m4a': ['UGC'],
};

/** Custom fields of the demo brand and the values its files carry (by sample name). */
const DEMO_AGENCY_VALUES: Record<string, string> = {
  'Summer hero.jpg': 'Studio North',
  'Summer launch 16x9.mp4': 'Studio North',
  'Creator take 9x16.mp4': 'Creator network',
};
const DEMO_CAMPAIGNS = ['Summer 2026', 'Holiday'];
const DEMO_CAMPAIGN_OF_FOLDER: Record<string, string> = {
  'campaigns/summer': 'Summer 2026',
  'campaigns/holiday': 'Holiday',
};

/** The rich description of the demo's board in review: a heading, a check list and a coloured word. */
const DEMO_BRIEF: RichText = {
  root: {
    type: 'root',
    children: [
      { type: 'heading', tag: 'h2', children: [{ type: 'text', text: 'Summer launch' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Three cuts for Meta, led by the ' },
          { type: 'text', text: 'bold claim', format: 1, style: 'color: #e8590c' },
          { type: 'text', text: ' hook.' },
        ],
      },
      {
        type: 'list',
        listType: 'check',
        tag: 'ul',
        start: 1,
        children: [
          { type: 'listitem', value: 1, checked: true, children: [{ type: 'text', text: 'Key visual' }] },
          {
            type: 'listitem',
            value: 2,
            checked: false,
            children: [{ type: 'text', text: '16:9 launch video' }],
          },
          {
            type: 'listitem',
            value: 3,
            checked: false,
            children: [{ type: 'text', text: '9:16 creator take' }],
          },
        ],
      },
    ],
  },
} as RichText;

/** Folders a new user finds in the demo brand, so the library has something to browse. */
const DEMO_FOLDERS = [
  { key: 'campaigns', name: 'Campaigns' },
  { key: 'campaigns/summer', name: 'Summer 2026', parentKey: 'campaigns' },
  { key: 'campaigns/holiday', name: 'Holiday', parentKey: 'campaigns' },
  { key: 'product', name: 'Product shots' },
  { key: 'ugc', name: 'UGC footage' },
  { key: 'ugc/raw', name: 'Raw takes', parentKey: 'ugc' },
];

/** The demo workspace of the first start (identity issue), filled by each feature that has something to show. */
export class DemoService {
  private media: Promise<void> = Promise.resolve();

  constructor(
    private readonly team: TeamService,
    private readonly library: LibraryService,
    private readonly uploads: UploadsService,
    private readonly tags: TagsService,
    private readonly fields: CustomFieldsService,
    private readonly comments: CommentsService,
    private readonly shares: SharesService,
    private readonly boards: BoardsService,
    private readonly adPerformance: AdPerformanceService,
    private readonly integrations: IntegrationsService,
    private readonly ffmpeg: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Settles when the demo media of the last seed is in (tests and the start-up log wait on it). */
  mediaReady(): Promise<void> {
    return this.media;
  }

  async seed(): Promise<DemoCredentials | undefined> {
    const demo = await this.team.seedDemoWorkspace();
    if (!demo) return undefined;
    // The demo admin acts for themself, through the same access checks as a request.
    const scope: LibraryScope = {
      actor: userActor({ userId: demo.userId, email: demo.email, isSuperUser: false, sessionId: '' }),
      accountId: demo.accountId,
      brandId: demo.brandId,
    };
    const folders = await this.library.createFolders(scope, 'root', DEMO_FOLDERS);
    // Media takes a few seconds to make: the server starts meanwhile and the files appear
    // (processing as they would after an upload).
    this.media = this.addMedia(scope, new Map(folders.map((f) => [f.key, f.id]))).catch((error) =>
      this.log.warn({ err: error }, 'could not add the demo media'),
    );
    return demo;
  }

  /**
   * Review comments (comments issue): on the launch video a range with a drawing, a thread
   * that mentions the company editor, a resolved thread; a pin on the hero image.
   */
  private async addComments(scope: LibraryScope, byName: Map<string, string>) {
    const video = byName.get('Summer launch 16x9.mp4');
    const hero = byName.get('Summer hero.jpg');
    if (video) {
      await this.comments.create(scope, video, {
        content: 'Move the logo up here, it clashes with the product.',
        start: 1,
        end: 3,
        annotation: {
          shapes: [
            {
              kind: 'rectangle',
              color: ANNOTATION_PALETTE[4]!,
              width: 4,
              points: [
                [0.08, 0.1],
                [0.42, 0.38],
              ],
            },
            {
              kind: 'arrow',
              color: ANNOTATION_PALETTE[14]!,
              width: 4,
              points: [
                [0.7, 0.7],
                [0.45, 0.4],
              ],
            },
          ],
        },
      });
      const question = await this.comments.create(scope, video, {
        content: '@[Company editor](0) can we get the 9:16 cut of this by Friday?',
        start: 4,
      });
      await this.comments.create(scope, video, {
        content: 'On it, sharing the draft tomorrow.',
        parentId: question.id,
      });
      const done = await this.comments.create(scope, video, {
        content: 'Music is too loud in the first second.',
      });
      await this.comments.create(scope, video, { content: 'Lowered by 6 dB in v2.', parentId: done.id });
      await this.comments.setResolved(scope, done.id, true);
    }
    if (hero)
      await this.comments.create(scope, hero, {
        content: 'The sun flare hides the headline.',
        pin: { x: 0.72, y: 0.3 },
      });
  }

  /** Sharing: the summer campaign folder has a public link that a few visitors opened. */
  private async addPublicLink(scope: LibraryScope, folderId: string) {
    const record = await this.shares.create(scope, 'BRAND', folderId, {
      resourceId: folderId,
      library: 'BRAND',
      isPublic: true,
      actions: ['read'],
    });
    const token = new URL(record.publicShare!.href).searchParams.get('shareToken')!;
    const visitor = await this.shares.links.withShareToken(ANONYMOUS, token);
    for (const ip of ['203.0.113.7', '198.51.100.23', '192.0.2.41'])
      await this.shares.links.policy(visitor, undefined, { ip, userAgent: 'Demo visitor' });
  }

  /**
   * Sharing: a partner studio's own workspace shares two of its items with the demo user
   * (one to comment on, one to edit), so 'Shared with me' has something to open.
   */
  private async addPartnerShares(demo: LibraryScope, samples: { name: string; file: string }[]) {
    const partner = await this.team.insertUser({
      id: uuidv7(),
      email: 'maya@partner-studio.hookline.local',
      firstName: 'Maya',
      lastName: 'Lopez',
      passwordHash: null,
      emailVerifiedAt: new Date(),
    });
    const workspace = await this.team.createWorkspace(partner.id, {
      accountName: 'Partner Studio',
      brandName: 'Partner Studio',
      onboardingCompleted: true,
    });
    const scope: LibraryScope = {
      actor: userActor({ userId: partner.id, email: partner.email, isSuperUser: false, sessionId: '' }),
      accountId: workspace.accountId,
      brandId: workspace.brandId,
    };
    const demoEmail = demo.actor.kind === 'user' ? demo.actor.email : '';
    const items: [sample: string, name: string, action: 'read' | 'write'][] = [
      ['Creator take 9x16.mp4', 'Partner cut 9x16.mp4', 'read'],
      ['Summer hero.jpg', 'Partner key visual.jpg', 'write'],
    ];
    for (const [sampleName, name, action] of items) {
      const sample = samples.find((s) => s.name === sampleName);
      if (!sample) continue;
      const asset = await this.uploads.ingest(scope, { name, file: sample.file, parentId: 'root' });
      await this.shares.create(scope, 'BRAND', asset.id, {
        resourceId: asset.id,
        library: 'BRAND',
        shares: [{ email: demoEmail, action }],
        shareText: 'Here is the latest cut for your review.',
        notify: false,
      });
    }
  }

  /**
   * Boards (boards issue): one in review with a rich description, an uploaded storyboard,
   * referenced library files, decisions and comments; a draft; an approved one.
   */
  private async addBoards(
    scope: LibraryScope,
    byName: Map<string, string>,
    samples: { name: string; file: string }[],
    tagIds: Map<string, string>,
  ) {
    const me = scope.actor.kind === 'user' ? scope.actor.userId : '';
    const ids = (...names: string[]) => names.flatMap((name) => byName.get(name) ?? []);
    const assign = (boardId: string, assetIds: string[]) =>
      this.library.bulkUpdate(scope, assetIds, { boardId });

    const review = await this.boards.create(scope, {
      name: 'Summer launch review',
      lexicalDescription: DEMO_BRIEF,
      tags: [tagIds.get('Summer')!].filter(Boolean),
    });
    const storyboard = samples.find((sample) => sample.name === 'Summer hero.jpg');
    const uploaded = storyboard
      ? await this.uploads.ingest(scope, {
          name: 'Summer storyboard.jpg',
          file: storyboard.file,
          parentId: 'root',
          boardId: review.id,
        })
      : undefined;
    const video = byName.get('Summer launch 16x9.mp4');
    const hero = byName.get('Summer hero.jpg');
    await assign(review.id, ids('Summer launch 16x9.mp4', 'Summer hero.jpg', 'Creator take 9x16.mp4'));
    await this.boards.update(scope, review.id, {
      status: 'IN_REVIEW',
      reviewMode: true,
      reviewerIds: [me],
    });
    if (hero) await this.boards.review(scope, review.id, hero, { decision: 'APPROVED' });
    if (uploaded) await this.boards.review(scope, review.id, uploaded.id, { decision: 'APPROVED' });
    if (video)
      await this.boards.review(scope, review.id, video, {
        decision: 'NEEDS_CHANGES',
        note: 'The end card needs the new price.',
      });
    await this.boards.comment(scope, review.id, {
      content: 'First cut is in: please review by Friday so we can launch on Monday.',
    });

    const draft = await this.boards.create(scope, {
      name: 'Holiday ideas',
      description: 'Moodboard for the holiday campaign: warm colours, gifting moments.',
    });
    await assign(draft.id, ids('Holiday square.png'));

    const approved = await this.boards.create(scope, { name: 'Product packshots' });
    await assign(approved.id, ids('Bottle packshot.webp', 'Summer hero.jpg'));
    await this.boards.update(scope, approved.id, { status: 'APPROVED' });
  }

  /** The demo brand's two custom fields: Campaign (a single select) and Agency (text). */
  private async addFields(scope: LibraryScope) {
    const campaign = await this.fields.create(scope, {
      name: 'Campaign',
      type: 'SINGLE_SELECT',
      options: DEMO_CAMPAIGNS.map((label) => ({ label })),
      description: 'The campaign a file was made for',
    });
    const agency = await this.fields.create(scope, { name: 'Agency', type: 'TEXT' });
    return { campaign, agency };
  }

  /** The demo tags by name. */
  private async addTags(scope: LibraryScope): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (const group of DEMO_TAGS) {
      const category = group.category ? await this.tags.createCategory(scope, group.category) : undefined;
      for (const tag of await this.tags.createBulk(scope, { names: group.names, categoryId: category?.id }))
        ids.set(tag.name, tag.id);
    }
    return ids;
  }

  private async addMedia(scope: LibraryScope, folders: Map<string, string>): Promise<void> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-demo-'));
    try {
      const tagIds = await this.addTags(scope);
      const { campaign, agency } = await this.addFields(scope);
      const byName = new Map<string, string>();
      const samples = await makeSampleMedia(dir, this.ffmpeg);
      for (const sample of samples) {
        const parentId = (sample.folderKey && folders.get(sample.folderKey)) || 'root';
        const asset = await this.uploads.ingest(scope, { name: sample.name, file: sample.file, parentId });
        byName.set(sample.name, asset.id);
        const tags = (DEMO_TAGGING[sample.name] ?? []).map((name) => tagIds.get(name)!);
        const campaignName = DEMO_CAMPAIGN_OF_FOLDER[sample.folderKey ?? ''];
        const customFields = {
          ...(campaignName
            ? { [campaign.id]: campaign.options.find((o) => o.label === campaignName)!.id }
            : {}),
          ...(DEMO_AGENCY_VALUES[sample.name] ? { [agency.id]: DEMO_AGENCY_VALUES[sample.name]! } : {}),
        };
        if (tags.length > 0 || Object.keys(customFields).length > 0)
          await this.library.update(scope, asset.id, { tags, customFields });
      }
      await this.addComments(scope, byName);
      await this.addPublicLink(scope, folders.get('campaigns/summer')!);
      await this.addPartnerShares(scope, samples);
      await this.addBoards(scope, byName, samples, tagIds);
      await addDemoAdAccount(
        scope,
        { adPerformance: this.adPerformance, integrations: this.integrations, ffmpeg: this.ffmpeg },
        samples,
        dir,
      );
      this.log.info('demo media added');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
