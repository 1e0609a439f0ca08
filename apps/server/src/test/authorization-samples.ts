import { STORAGE_ROUTE } from '../platform/storage/signed-urls.js';
import type { ActorName, World } from './authorization-world.js';
import { image } from './media-fixtures.js';

/**
 * A valid call of each route, on real records of the world's account and brand: the
 * authorization matrix makes it as every actor. Samples say only what to send; what each
 * actor should get comes from the permission table. A call that uses up its record (delete,
 * move, complete an upload) makes a fresh one each time.
 */
export interface SampleCall {
  /** Statuses that are no access answer for this call (e.g. 409 cancelling a job that just finished). */
  alsoAllowed?: number[];
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
  /** Raw routes (not endpoint definitions): the URL as it is, and raw bytes. */
  url?: string;
  payload?: Buffer;
  headers?: Record<string, string>;
}

export type Sample = (world: World, actor: ActorName) => Promise<SampleCall> | SampleCall;

/** Actors who may make (and so delete) a board of B. */
const BOARD_CREATORS = new Set<ActorName>(['admin', 'member', 'superUser']);

const scoped = (w: World, extra: Record<string, string> = {}) => ({
  params: { accountId: w.accountId, brandId: w.brandId, ...extra },
});

/** By endpoint name ('library.listAssets'), or 'METHOD url' for routes outside the definitions. */
export const samples: Record<string, Sample> = {
  // ── platform ──
  'platform.health': () => ({}),
  'platform.featureFlags': () => ({}),

  // ── sign-in and sign-up (public) ──
  'auth.options': () => ({}),
  'auth.login': (w) => ({ body: { email: w.users.member.email, password: w.users.member.password } }),
  // Google sign-in is not configured in tests: the call is answered, not refused for access.
  'auth.google': () => ({ body: { accessToken: 'not-a-google-token' }, alsoAllowed: [400, 401, 501, 503] }),
  'auth.signup': (w) => ({
    body: {
      email: w.newEmail(),
      password: 'a good password',
      confirmPassword: 'a good password',
      fullName: 'New Person',
    },
  }),
  'auth.verifyEmail': async (w) => {
    const email = w.newEmail();
    await w.t.app.inject({
      method: 'POST',
      url: '/api/registration/signup',
      payload: {
        email,
        password: 'a good password',
        confirmPassword: 'a good password',
        fullName: 'Verify Me',
      },
    });
    // Outside the sign-up's browser the link verifies with the owner's own password (auth/service.ts).
    return {
      body: { token: w.mailLink(email, /Verify/).searchParams.get('token'), password: 'owner password' },
    };
  },
  'auth.resendVerification': (w) => ({ body: { email: w.users.member.email } }),
  'auth.forgotPassword': (w) => ({ body: { email: w.newEmail() } }),
  'auth.resetPassword': async (w) => {
    const someone = await w.newMember();
    await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: someone.email },
    });
    const link = w.mailLink(someone.email, /Reset/);
    return {
      body: {
        email: someone.email,
        token: link.searchParams.get('token'),
        newPassword: 'another good password',
      },
    };
  },
  'auth.acceptInvitation': async (w) => {
    const { email } = await w.newInvitation();
    const link = w.mailLink(email, /invited you/);
    return { body: { email, token: link.searchParams.get('token'), password: 'a good password' } };
  },
  'auth.inviteInfo': async (w) => ({ params: { inviteId: await w.newSignupInvitation() } }),
  'auth.logout': async (w, actor) => ({ headers: await w.freshHeaders(actor) }),

  // ── profile, brands, team, plan ──
  'profile.profile': () => ({}),
  'brands.list': () => ({}),
  'brands.get': (w) => ({ params: { id: w.brandId } }),
  'brands.update': (w) => ({ params: { id: w.brandId }, body: { name: 'Brand renamed' } }),
  'brands.completeOnboarding': (w) => ({
    params: { id: w.brandId },
    body: { companyName: 'Brand onboarded', industryId: 1, website: 'example.com' },
  }),
  'brands.creativeKit': (w) => ({ params: { id: w.brandId } }),
  'brands.updateCreativeKit': (w) => ({ params: { id: w.brandId }, body: { brandKit: { font: 'Inter' } } }),
  'brands.industries': () => ({}),
  'team.members': (w) => ({ query: { accountId: w.accountId } }),
  'team.invite': (w) => ({
    body: { accountId: w.accountId, email: w.newEmail(), firstName: 'New', lastName: 'Member' },
  }),
  'team.reinvite': async (w) => {
    const { email } = await w.newInvitation();
    const members = await w.t.app.inject({
      url: `/api/users?accountId=${w.accountId}`,
      headers: w.users.admin.headers,
    });
    const member = members.json<{ id: string; email: string }[]>().find((m) => m.email === email);
    return {
      params: { id: member?.id ?? '00000000-0000-4000-8000-000000000000' },
      query: { accountId: w.accountId },
    };
  },
  'team.remove': async (w) => ({
    params: { id: (await w.newMember()).userId },
    query: { accountId: w.accountId },
  }),
  'plans.usage': (w) => ({ params: { accountId: w.accountId } }),
  'plans.package': (w) => ({ params: { accountId: w.accountId } }),
  'plans.allocation': (w) => ({ params: { accountId: w.accountId } }),
  'plans.requestUpgrade': (w) => ({
    params: { accountId: w.accountId },
    body: { fullName: 'Ada Admin', email: 'ada@example.com' },
  }),

  // ── jobs ──
  'jobs.create': (w) => ({
    body: {
      brandId: w.brandId,
      type: 'DOWNLOAD_CLIP',
      customParams: { assetId: w.video.id, startOffsetMs: 0, endOffsetMs: 1500 },
    },
  }),
  'jobs.get': async (w) => ({ params: { jobId: await w.newJob() } }),
  // A clip may finish before the cancel lands: 409 'already finished' is no access answer.
  'jobs.cancel': async (w) => ({ params: { jobId: await w.newJob() }, alsoAllowed: [409] }),

  // ── library ──
  // ── tags ──
  'tags.listCategories': (w) => scoped(w),
  'tags.createCategory': (w) => ({ ...scoped(w), body: { name: w.shortName() } }),
  'tags.updateCategory': async (w) => ({
    ...scoped(w, { id: (await w.newTagCategory()).id }),
    body: { name: w.shortName() },
  }),
  'tags.deleteCategory': async (w) => scoped(w, { id: (await w.newTagCategory()).id }),
  'tags.list': (w) => scoped(w),
  'tags.create': (w) => ({ ...scoped(w), body: { name: w.shortName() } }),
  'tags.createBulk': (w) => ({ ...scoped(w), body: { names: [w.shortName(), w.shortName()] } }),
  'tags.update': async (w) => ({
    ...scoped(w, { id: (await w.newTag()).id }),
    body: { description: 'Notes' },
  }),
  'tags.delete': async (w) => scoped(w, { id: (await w.newTag()).id }),
  'tags.bulkTag': async (w) => ({
    ...scoped(w),
    body: { entityIds: [{ id: w.image.id, library: 'BRAND' }], tagIds: [(await w.newTag()).id] },
  }),

  // ── custom fields ──
  'customFields.list': (w) => scoped(w),
  'customFields.create': (w) => ({ ...scoped(w), body: { name: w.shortName(), type: 'NUMBER' } }),
  'customFields.update': async (w) => ({
    ...scoped(w, { id: (await w.newCustomField()).id }),
    body: { description: 'Notes' },
  }),
  'customFields.delete': async (w) => scoped(w, { id: (await w.newCustomField()).id }),

  // ── comments ──
  'comments.list': (w) => scoped(w, { assetId: w.video.id }),
  'comments.listInLibrary': (w) => scoped(w, { library: 'BRAND', assetId: w.video.id }),
  'comments.create': (w) => ({ ...scoped(w, { assetId: w.video.id }), body: { content: 'Looks good' } }),
  'comments.createInLibrary': (w) => ({
    ...scoped(w, { library: 'BRAND', assetId: w.video.id }),
    body: { text: 'Looks good', start: 1 },
  }),
  'comments.update': async (w, actor) => ({
    ...scoped(w, { id: (await w.newComment(actor)).id }),
    body: { content: 'Edited' },
  }),
  'comments.delete': async (w, actor) => scoped(w, { id: (await w.newComment(actor)).id }),
  'comments.restore': async (w, actor) => scoped(w, { id: (await w.newComment(actor)).id }),
  'comments.restorePut': async (w, actor) => scoped(w, { id: (await w.newComment(actor)).id }),
  'comments.resolve': async (w, actor) => scoped(w, { id: (await w.newComment(actor)).id }),
  'comments.unresolve': async (w, actor) => scoped(w, { id: (await w.newComment(actor)).id }),
  'comments.react': async (w, actor) => ({
    ...scoped(w, { id: (await w.newComment(actor)).id }),
    body: { emoji: '🔥' },
  }),
  'comments.unreact': async (w, actor) => {
    const { commentId, id } = await w.newReaction(actor);
    return scoped(w, { commentId, id });
  },
  'comments.mentions': (w) => scoped(w, { assetId: w.video.id }),
  // A client that does not ask for a stream is answered 400 once access passed (no stream held open).
  'comments.events': (w) => ({ ...scoped(w, { assetId: w.video.id }), alsoAllowed: [400] }),

  // Listings reach a shared folder with includeShared (members see the same with or without it).
  'library.listAssets': (w) => ({ ...scoped(w), query: { parentId: w.folder.id, includeShared: 'true' } }),
  'library.listChildren': (w) => ({
    ...scoped(w, { parentId: w.folder.id }),
    query: { includeShared: 'true' },
  }),
  'library.listFolders': (w) => scoped(w, { folderId: w.folder.id }),
  'library.createFolder': (w) => ({
    ...scoped(w, { parentId: w.otherFolder.id }),
    body: { name: 'Made here' },
  }),
  'library.createFolders': (w) => ({
    ...scoped(w),
    body: { parentId: w.otherFolder.id, folders: [{ key: 'a', name: 'Batch A' }] },
  }),
  'library.folderTree': (w) => ({ ...scoped(w), query: { folderId: w.folder.id, includeShared: 'true' } }),
  'library.favorites': (w) => scoped(w),
  'library.getItem': (w) => scoped(w, { library: 'BRAND', id: w.image.id }),
  'library.favorite': (w) => scoped(w, { library: 'BRAND', id: w.image.id }),
  'library.unfavorite': (w) => scoped(w, { library: 'BRAND', id: w.image.id }),
  'library.updateAsset': async (w) => ({
    ...scoped(w, { id: (await w.newFolder()).id }),
    body: { name: 'Renamed' },
  }),
  'library.updateDescription': (w) => ({
    ...scoped(w, { id: w.image.id }),
    body: { description: 'A picture' },
  }),
  'library.deleteAsset': async (w) => scoped(w, { id: (await w.newFolder()).id }),
  'library.deleteEntities': async (w) => ({
    ...scoped(w),
    body: { entities: [{ id: (await w.newFolder()).id }] },
  }),
  'library.deleteAssets': async (w) => ({ ...scoped(w), body: { ids: [(await w.newFolder()).id] } }),
  'library.deleteAssetsBulk': async (w) => ({ ...scoped(w), body: { ids: [(await w.newFolder()).id] } }),
  'library.bulkUpdate': (w) => ({
    ...scoped(w),
    body: { entities: [{ id: w.image.id }], updateQuery: { isHidden: false } },
  }),
  'library.copy': async (w) => ({
    ...scoped(w),
    query: { assetIds: [(await w.newFolder()).id] },
    body: { folderId: w.otherFolder.id },
  }),
  'library.move': async (w) => ({
    ...scoped(w),
    query: { assetIds: [(await w.newFolder()).id] },
    body: { parentId: w.otherFolder.id },
  }),
  'library.bulkMove': async (w) => ({
    ...scoped(w),
    body: { destFolderId: w.otherFolder.id, assetIds: [(await w.newFolder()).id] },
  }),
  'library.bulkCopy': async (w) => ({
    ...scoped(w),
    body: { destFolderId: w.otherFolder.id, assetIds: [(await w.newFolder()).id] },
  }),

  // ── uploads ──
  'uploads.createBatch': (w) => ({
    ...scoped(w),
    body: { assets: [{ name: 'new.jpg', size: 2000, parentId: w.folder.id }] },
  }),
  'uploads.complete': async (w) => ({ ...scoped(w, { id: (await w.pendingUpload()).id }), body: {} }),
  'uploads.setState': async (w) => ({
    ...scoped(w, { id: (await w.pendingUpload()).id }),
    body: { uploadingState: 'FAILED_TO_UPLOAD' },
  }),
  'uploads.updateContent': (w) => ({ ...scoped(w, { id: w.text.id }), body: { content: 'new text' } }),
  'uploads.smallUploadUrl': () => ({
    body: { fileName: 'logo.png', contentType: 'image/png', size: 1000, purpose: 'brandLogo' },
  }),
  'uploads.publicFile': (w) => ({ params: { name: w.publicFileName } }),

  // ── downloads ──
  'downloads.downloadStream': (w) => ({ ...scoped(w), body: { id: w.image.id } }),
  'downloads.download': (w) => scoped(w, { id: w.image.id }),
  'downloads.requestZip': (w) => ({ ...scoped(w), body: { entities: [{ id: w.image.id }] } }),
  'downloads.zipStatus': (w) => scoped(w, { jobId: w.zipJobId }),
  'downloads.gif': (w) => ({ ...scoped(w), body: { id: w.video.id, timeStart: 0, timeEnd: 500 } }),

  // ── sharing ──
  'shares.policy': (w) => ({ query: { brandId: w.brandId } }),
  'shares.unlock': async (w) => ({
    body: {
      shareToken: (await w.newLink({ password: 'a long password' })).token,
      password: 'a long password',
    },
  }),
  'shares.get': (w) => scoped(w, { library: 'BRAND', id: w.image.id }),
  'shares.create': async (w) => {
    const item = await w.newFolder();
    return {
      ...scoped(w, { library: 'BRAND', id: item.id }),
      body: { resourceId: item.id, library: 'BRAND', isPublic: true, actions: ['read'] },
    };
  },
  'shares.update': async (w) => {
    const link = await w.newLink();
    return {
      ...scoped(w, { library: 'BRAND', id: link.itemId, shareId: link.shareId }),
      body: { downloadsAllowed: false },
    };
  },
  'shares.delete': async (w) => {
    const link = await w.newLink();
    return scoped(w, { library: 'BRAND', id: link.itemId, shareId: link.shareId });
  },
  // Access passes for readers; then only a recipient of another brand's item removes it (400 otherwise).
  'shares.unshare': (w) => ({ ...scoped(w, { library: 'BRAND', id: w.image.id }), alsoAllowed: [400] }),
  'shares.shared': () => ({}),

  // ── boards ──
  'boards.list': (w) => scoped(w),
  'boards.create': (w) => ({ ...scoped(w), body: { name: `Board ${w.shortName()}` } }),
  'boards.locations': (w) => ({ ...scoped(w), query: { assetId: w.image.id } }),
  'boards.get': (w) => scoped(w, { id: w.board.id }),
  'boards.update': (w) => ({ ...scoped(w, { id: w.board.id }), body: { status: 'IN_REVIEW' } }),
  // Those who may delete get a board of their own; everyone else is refused the world's board.
  'boards.delete': async (w, actor) =>
    scoped(w, { id: BOARD_CREATORS.has(actor) ? (await w.newBoard(actor)).id : w.board.id }),
  // An item that is not on the board: answered as failed, nothing removed.
  'boards.removeAssets': (w) => ({ ...scoped(w, { id: w.board.id }), body: { assetIds: [w.image.id] } }),
  'boards.invite': (w) => ({
    ...scoped(w, { id: w.board.id }),
    body: { emails: [{ email: w.newEmail(), action: 'read' }] },
  }),
  'boards.presentation': (w) => scoped(w, { id: w.board.id }),
  'boards.mentions': (w) => scoped(w, { id: w.board.id }),
  'boards.comments': (w) => scoped(w, { id: w.board.id }),
  'boards.comment': (w) => ({ ...scoped(w, { id: w.board.id }), body: { content: 'On the board' } }),
  'boards.reviews': (w) => scoped(w, { id: w.board.id }),
  // Super users pass the access check but are nobody's reviewer (403 'Only the reviewers…').
  'boards.review': (w, actor) => ({
    ...scoped(w, { id: w.board.id, assetId: w.boardImage.id }),
    body: { decision: 'APPROVED' },
    alsoAllowed: actor === 'superUser' ? [403] : [],
  }),

  // ── integrations (Meta is not configured in tests: connecting answers 503, publishing 400) ──
  'integrations.list': (w) => scoped(w),
  // ── creative analytics (members of the brand read) ──
  'analytics.list': (w) => ({ ...scoped(w), query: { analyticsPreset: 'SEVEN_DAYS', sort: 'roas' } }),
  'analytics.get': async (w) => scoped(w, { id: await w.adId() }),
  'analytics.groups': (w) => ({ ...scoped(w), query: { groupBy: 'creativeTitle' } }),
  'analytics.creativeOptions': (w) => ({ ...scoped(w), query: { field: 'ctaType', q: 'shop' } }),
  'analytics.compare': async (w) => ({ ...scoped(w), query: { adIds: await w.adId() } }),
  // An item's ad performance: members read it (shares are refused on the item, 403).
  'assetPerformance.get': (w) => ({
    ...scoped(w, { id: w.video.id }),
    query: { analyticsPreset: 'LAST_MONTH' },
  }),
  'assetCardPerformance.summary': (w) => ({ ...scoped(w), query: { ids: [w.video.id, w.image.id] } }),
  // ── the ad naming convention (members read, admins save) ──
  'namingConvention.get': (w) => scoped(w),
  'namingConvention.update': (w) => ({
    ...scoped(w),
    body: { delimiter: '_', fields: [{ position: 0, name: 'format' }] },
  }),
  'ai.capabilities': (w) => scoped(w),
  'analysis.text': (w) => scoped(w, { assetId: w.video.id }),
  'analysis.transcript': (w) => scoped(w, { assetId: w.video.id }),
  'analysis.status': (w) => scoped(w, { assetId: w.video.id }),
  'analysis.retry': (w) => scoped(w, { assetId: w.video.id }),
  'analysis.clipTypes': (w) => scoped(w),
  'analysis.breakdown': (w) => scoped(w, { assetId: w.video.id }),
  'analysis.intelligenceTypes': (w) => scoped(w),
  'analysis.subtypes': (w) => ({ ...scoped(w), query: { types: ['CTA'], q: 'sh' } }),
  'analysis.creativeClips': (w) => ({ ...scoped(w), query: { types: ['CTA'], hook: 'true' } }),
  'analysis.regenerateTags': (w) => ({
    ...scoped(w),
    body: { entityIds: [{ id: w.image.id, library: 'BRAND' }] },
  }),
  // The world's image is no duplicate: whoever may resolve gets past access to the 409.
  'duplicates.resolve': (w) => ({
    ...scoped(w, { assetId: w.image.id }),
    body: { action: 'KEEP_BOTH' },
    alsoAllowed: [409],
  }),
  'duplicates.groups': (w) => scoped(w),
  'search.search': (w) => ({ ...scoped(w), query: { keyword: 'world', types: ['VIDEO'] } }),
  'search.options': (w) => ({ ...scoped(w), query: { entity: 'TAG', q: 'a' } }),
  'search.libraryOptions': (w) => ({ ...scoped(w), query: { q: 'world' } }),
  'search.similar': (w) => ({ ...scoped(w, { id: w.image.id }), query: { limit: '10' } }),
  'savedSearches.list': (w) => scoped(w),
  'savedSearches.create': (w) => ({
    ...scoped(w),
    body: { name: `Search ${w.shortName()}`, keyword: 'world' },
  }),
  // Each actor gets a search of its own (an outsider, B's admin's: refused before it is looked at).
  'savedSearches.update': async (w, actor) => ({
    ...scoped(w, { id: (await w.newSavedSearch(actor)).id }),
    body: { name: 'Renamed search' },
  }),
  'savedSearches.delete': async (w, actor) => scoped(w, { id: (await w.newSavedSearch(actor)).id }),
  'integrations.authInfo': (w) => ({ ...scoped(w), query: { vendor: 'FACEBOOK' } }),
  'integrations.userIntegrations': (w) => scoped(w),
  'integrations.get': async (w) => scoped(w, { id: await w.integrationId() }),
  'integrations.update': async (w) => ({
    ...scoped(w, { id: await w.integrationId() }),
    body: { syncStartTimestampUtc: new Date().toISOString() },
  }),
  'integrations.refresh': async (w) => scoped(w, { id: await w.integrationId() }),
  'integrations.syncStatus': async (w) => scoped(w, { id: await w.integrationId() }),
  // Drive arrives with the imports issue: whoever may connect is told it is not configured.
  'integrations.create': (w) => ({
    ...scoped(w),
    body: { vendor: 'GOOGLE_DRIVE', brandId: w.brandId, settings: { code: 'a-code', state: 'a-state' } },
    alsoAllowed: [503],
  }),
  // Disconnects B's Meta connection; the next call's integrationId() connects it again.
  'integrations.delete': async (w) => scoped(w, { id: await w.integrationId() }),
  'integrations.deleteUserIntegration': async (w, actor) =>
    scoped(w, { id: await w.newUserIntegration(actor) }),
  // A video of B, but no ad account is connected: 400 once access is granted.
  'integrations.publish': (w) => ({
    ...scoped(w),
    body: {
      adAccountId: 'act_1',
      entityIds: [w.video.id],
      library: 'BRAND',
      brandId: w.brandId,
      platform: 'FACEBOOK',
    },
    alsoAllowed: [400],
  }),
  'adPerformance.import': (w) => ({
    ...scoped(w),
    query: { fileName: 'export.csv' },
    payload: Buffer.from('Day,Ad name,Amount spent (USD),Impressions\n2026-11-01,Matrix ad,12.50,1000\n'),
    headers: { 'content-type': 'text/csv' },
  }),

  // ── routes outside the endpoint definitions (public by design) ──
  'GET /api/openapi.json': () => ({ url: '/api/openapi.json' }),
  [`GET ${STORAGE_ROUTE}`]: (w) => ({ url: w.image.url! }),
  [`PUT ${STORAGE_ROUTE}`]: async (w) => {
    const bytes = await image(32, 32);
    const batch = await w.t.app.inject({
      method: 'POST',
      url: `/api/accounts/${w.accountId}/brands/${w.brandId}/assets/batch`,
      headers: w.users.admin.headers,
      payload: { assets: [{ name: 'raw.jpg', size: bytes.length }] },
    });
    const target = batch.json<{ assets: { presignedURL: string; uploadHeaders: Record<string, string> }[] }>()
      .assets[0]!;
    return { url: target.presignedURL, payload: bytes, headers: target.uploadHeaders };
  },
};
