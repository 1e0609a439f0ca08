import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { userActor } from '../../platform/http/actor.js';
import type { LibraryScope } from '../library/scope.js';
import type { LibraryService } from '../library/service.js';
import type { TeamService } from '../team/service.js';
import type { UploadsService } from '../uploads/service.js';
import { makeSampleMedia } from './sample-media.js';

export interface DemoCredentials {
  email: string;
  password: string;
  accountId: string;
  brandId: string;
}

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

  private async addMedia(scope: LibraryScope, folders: Map<string, string>): Promise<void> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-demo-'));
    try {
      for (const sample of await makeSampleMedia(dir, this.ffmpeg)) {
        const parentId = (sample.folderKey && folders.get(sample.folderKey)) || 'root';
        await this.uploads.ingest(scope, { name: sample.name, file: sample.file, parentId });
      }
      this.log.info('demo media added');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
