import type { AccountsService } from '../identity/accounts-service.js';
import type { LibraryService } from '../library/service.js';

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
  constructor(
    private readonly accounts: AccountsService,
    private readonly library: LibraryService,
  ) {}

  async seed(): Promise<DemoCredentials | undefined> {
    const demo = await this.accounts.seedDemoWorkspace();
    if (!demo) return undefined;
    const scope = {
      user: { userId: demo.userId, email: demo.email, isSuperUser: false, sessionId: '' },
      accountId: demo.accountId,
      brandId: demo.brandId,
      canWrite: true,
    };
    await this.library.createFolders(scope, 'root', DEMO_FOLDERS);
    return demo;
  }
}
