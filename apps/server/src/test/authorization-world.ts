import { randomUUID } from 'node:crypto';
import type {
  Asset,
  Board,
  Comment,
  CustomField,
  ShareRecord,
  Tag,
  TagCategory,
  UploadAsset,
} from '@hookline/contract';
import { emptyInsight } from '../modules/ad-performance/records.js';
import { integrations, memberBrands } from '../platform/db/schema/index.js';
import { createUser, signIn, type TestUser } from './factories.js';
import { image, video } from './media-fixtures.js';
import type { TestApp } from './test-app.js';
import { brandPath, createUploads, processed, putBytes, uploadFile } from './uploads.js';

/**
 * The world the authorization matrix runs in: account A with brands B (the records) and B2,
 * its admin and members, a user of another account, a super user, and real records in B
 * (folders, an uploaded image, video and text file, a zip job).
 */
export const userActorNames = [
  'anonymous',
  'outsider',
  'otherBrandMember',
  'member',
  'admin',
  'superUser',
] as const;

/**
 * Share actors (the sharing issue): shares of B's folder 'Records', which holds every record
 * the samples touch. viewerLink holds its public link; commenter and editor are users of
 * other accounts it is shared with; siblingLink holds a link to a folder beside it (every
 * record is outside its path); the rest hold links that must open nothing: expired, locked
 * (no session), removed, and a brand-audience link sent anonymously or by an outsider.
 * Board share actors hold shares of B's board 'Campaign' (its presentation link, and users of
 * other accounts invited to read and to write): they reach that board and nothing else the
 * samples touch (its one item, uploaded into it, is none of the samples' records).
 */
export const shareActorNames = [
  'viewerLink',
  'commenter',
  'editor',
  'siblingLink',
  'expiredLink',
  'lockedLink',
  'revokedLink',
  'brandLinkAnonymous',
  'brandLinkOutsider',
  'boardViewerLink',
  'boardCommenter',
  'boardEditor',
] as const;

export const actorNames = [...userActorNames, ...shareActorNames] as const;
export type ActorName = (typeof actorNames)[number];
export type ShareActorName = (typeof shareActorNames)[number];
type SignedInName =
  | Exclude<(typeof userActorNames)[number], 'anonymous'>
  | 'commenter'
  | 'editor'
  | 'boardCommenter'
  | 'boardEditor';

export interface World {
  t: TestApp;
  accountId: string;
  brandId: string;
  /** Signed-in users by actor name (anonymous and link holders have none). */
  users: Record<SignedInName, TestUser>;
  headers(actor: ActorName): Record<string, string>;
  folder: Asset;
  otherFolder: Asset;
  image: Asset;
  video: Asset;
  text: Asset;
  zipJobId: string;
  /** B's board 'Campaign' (review mode on; its reviewers: B's admin and member and the board's invitees). */
  board: Board;
  /** The one item on it, uploaded into it. */
  boardImage: Asset;
  /** A fresh board of B made by this actor when they may make one (else by B's admin). */
  newBoard(actor: ActorName): Promise<Board>;
  /** A fresh saved search of B, shared with the brand, this actor's when they are B's admin, member or a super user (else B's admin's). */
  newSavedSearch(actor: ActorName): Promise<{ id: string }>;
  /** The name of a public file (a logo) whose bytes are in: GET /api/public-files/{name}. */
  publicFileName: string;
  /** A fresh folder in B's 'Records' (for calls that consume their record: delete, move). */
  newFolder(name?: string): Promise<Asset>;
  /** A public link of a fresh folder in 'Records', made by B's admin: its share id, the item's id and its token. */
  newLink(body?: object): Promise<{ shareId: string; itemId: string; token: string }>;
  /** The names of the records in 'Records' (no answer to an actor outside it may carry them). */
  recordNames: string[];
  /** A fresh upload of B whose bytes are in, not yet completed. */
  pendingUpload(): Promise<UploadAsset>;
  /** A new session of an actor (for calls that end the session they are made with). */
  freshHeaders(actor: ActorName): Promise<Record<string, string>>;
  /** A unique e-mail address. */
  newEmail(): string;
  /** A link from the newest mail to an address (verification, reset, invitation). */
  mailLink(email: string, subject: RegExp): URL;
  /** An invitation to account A made by its admin: its id and the invited address. */
  newInvitation(): Promise<{ id: string; email: string }>;
  /** A sign-up invitation to account A (as uploads and shares send them): its id. */
  newSignupInvitation(): Promise<string>;
  /** A member of account A, for calls that remove one. */
  newMember(): Promise<TestUser>;
  /** A job of B started by its admin. */
  newJob(): Promise<string>;
  /** A unique name short enough for tags and categories. */
  shortName(): string;
  /** A tag and a custom tag category of B, made by its admin. */
  newTag(): Promise<Tag>;
  newTagCategory(): Promise<TagCategory>;
  /** A custom field of B, made by its admin. */
  newCustomField(): Promise<CustomField>;
  /** A comment on B's video by this actor (by B's admin for actors who cannot comment there). */
  newComment(actor: ActorName): Promise<Comment>;
  /** A reaction of this actor (or B's admin) to a comment of B: its comment id and its id. */
  newReaction(actor: ActorName): Promise<{ commentId: string; id: string }>;
  /** B's Meta integration (the demo kind, no token), made again when a call disconnected it. */
  integrationId(): Promise<string>;
  /** An ad of B (an imported ad account's) that delivered yesterday. */
  adId(): Promise<string>;
  /** A Google Drive connection of this actor's own in B (B's admin's for actors who are no user). */
  newUserIntegration(actor: ActorName): Promise<string>;
}

let emails = 0;
let names = 0;
const shortName = () => `n${Date.now().toString(36).slice(-5)}${++names}`;
const newEmail = () => `matrix-${Date.now()}-${++emails}@example.com`;

export async function buildWorld(t: TestApp): Promise<World> {
  const admin = await createUser(t);
  const { accountId, brandId } = admin;
  const member = await createUser(t, { accountId, role: 'member' });
  const otherBrandMember = await createUser(t, { accountId, role: 'member' });
  const otherBrand = await t.context.services.brands.createBrand(accountId, 'Second brand', {
    onboardingCompleted: true,
  });
  // Limit that member to the second brand: B is not theirs to see.
  await t.context.database.db
    .insert(memberBrands)
    .values({ userId: otherBrandMember.userId, brandId: otherBrand.id });
  const outsider = await createUser(t);
  const superUser = await createUser(t, { isSuperUser: true });
  const users = { outsider, otherBrandMember, member, admin, superUser };
  // Records of B are made by its admin; every path names account A and brand B.
  const asAdmin = { ...admin, accountId, brandId };

  const request = async <T>(method: 'POST' | 'GET', path: string, payload?: object): Promise<T> => {
    const response = await t.app.inject({
      method,
      url: brandPath(asAdmin, path),
      headers: admin.headers,
      payload,
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  const makeFolder = (name: string, parentId = 'root') =>
    request<Asset>('POST', `/assets/${parentId}/folders`, { name });
  const folder = await makeFolder('Records');
  const sibling = await makeFolder('Beside');
  const otherFolder = await makeFolder('Elsewhere', folder.id);
  const newFolder = (name = `Folder ${randomUUID().slice(0, 8)}`) => makeFolder(name, folder.id);
  const imageFile = (
    await uploadFile(t, asAdmin, 'picture.jpg', await image(64, 48), { parentId: folder.id })
  ).completed;
  const videoFile = (await uploadFile(t, asAdmin, 'clip.mp4', await video(6), { parentId: folder.id }))
    .completed;
  const textFile = (await uploadFile(t, asAdmin, 'notes.txt', Buffer.from('hello'), { parentId: folder.id }))
    .completed;
  const [imageDone, videoDone, textDone] = await Promise.all(
    [imageFile, videoFile, textFile].map((a) => processed(t, asAdmin, a.id)),
  );
  const zip = await request<{ jobId: string }>('POST', '/library/download', {
    entities: [{ id: imageDone!.id }],
  });

  const logo = await image(32, 32, 'png');
  const small = await t.app.inject({
    method: 'POST',
    url: '/api/upload/url',
    headers: asAdmin.headers,
    payload: { fileName: 'logo.png', contentType: 'image/png', size: logo.length },
  });
  const { presignedURL, uploadHeaders, url: logoUrl } = small.json();
  await t.app.inject({ method: 'PUT', url: presignedURL, payload: logo, headers: uploadHeaders });

  const share = async (itemId: string, body: object) => {
    const record = await request<ShareRecord>('POST', `/library/BRAND/${itemId}/share`, {
      resourceId: itemId,
      library: 'BRAND',
      ...body,
    });
    return record;
  };
  const newLink = async (body: object = {}) => {
    const item = await newFolder();
    const record = await share(item.id, { isPublic: true, ...body });
    const link = record.publicShare!;
    return {
      shareId: link.shareTokenId,
      itemId: item.id,
      token: new URL(link.href).searchParams.get('shareToken')!,
    };
  };
  const linkToken = async (itemId: string, body: object = {}) =>
    new URL((await share(itemId, { isPublic: true, ...body })).publicShare!.href).searchParams.get(
      'shareToken',
    )!;
  const commenter = await createUser(t);
  const editor = await createUser(t);
  const everyone = { ...users, commenter, editor } as Record<SignedInName, TestUser>;
  await share(folder.id, {
    shares: [
      { email: commenter.email, action: 'read' },
      { email: editor.email, action: 'write' },
    ],
    notify: false,
  });
  const viewerToken = await linkToken(folder.id);
  const siblingToken = await linkToken(sibling.id);
  const brandToken = await linkToken(otherFolder.id, { audience: 'BRAND' });
  const expired = await newLink({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
  await t.context.database.execute(
    `update shares set expires_at = now() - interval '1 second' where id = $1`,
    [expired.shareId],
  );
  const locked = await newLink({ password: 'a long password' });
  const revoked = await newLink();
  await t.app.inject({
    method: 'DELETE',
    url: brandPath(asAdmin, `/library/BRAND/${revoked.itemId}/share/${revoked.shareId}`),
    headers: admin.headers,
  });
  const boardCommenter = await createUser(t);
  const boardEditor = await createUser(t);
  Object.assign(everyone, { boardCommenter, boardEditor });
  const board = await request<Board>('POST', '/boards', { name: 'Campaign' });
  await request('POST', `/boards/${board.id}/invite`, {
    emails: [
      { email: boardCommenter.email, action: 'read' },
      { email: boardEditor.email, action: 'write' },
    ],
  });
  const presentation = await request<{ href: string }>('POST', `/boards/${board.id}/presentation`);
  const boardBytes = await image(40, 30);
  const boardBatch = await t.app.inject({
    method: 'POST',
    url: brandPath(asAdmin, '/assets/batch'),
    headers: admin.headers,
    payload: { assets: [{ name: 'board-picture.jpg', size: boardBytes.length }], boardId: board.id },
  });
  if (boardBatch.statusCode >= 300) throw new Error(`board upload: ${boardBatch.body}`);
  const boardImage = boardBatch.json<{ assets: Asset[] }>().assets[0]!;
  const reviewBoard = await t.app.inject({
    method: 'PUT',
    url: brandPath(asAdmin, `/boards/${board.id}`),
    headers: admin.headers,
    payload: {
      reviewMode: true,
      reviewerIds: [admin.userId, member.userId, boardCommenter.userId, boardEditor.userId],
    },
  });
  if (reviewBoard.statusCode !== 200) throw new Error(`board review: ${reviewBoard.body}`);
  const boardCreators = new Set<ActorName>(['admin', 'member', 'superUser']);
  const shareHeaders: Record<ShareActorName, Record<string, string>> = {
    viewerLink: { 'x-share-token': viewerToken },
    commenter: commenter.headers,
    editor: editor.headers,
    siblingLink: { 'x-share-token': siblingToken },
    expiredLink: { 'x-share-token': expired.token },
    lockedLink: { 'x-share-token': locked.token },
    revokedLink: { 'x-share-token': revoked.token },
    brandLinkAnonymous: { 'x-share-token': brandToken },
    brandLinkOutsider: { ...outsider.headers, 'x-share-token': brandToken },
    boardViewerLink: { 'x-share-token': new URL(presentation.href).searchParams.get('shareToken')! },
    boardCommenter: boardCommenter.headers,
    boardEditor: boardEditor.headers,
  };

  const commenters = new Set<ActorName>(['admin', 'member', 'superUser', 'commenter', 'editor']);
  const newComment = async (actor: ActorName): Promise<Comment> => {
    const author = commenters.has(actor) ? everyone[actor as SignedInName] : admin;
    const response = await t.app.inject({
      method: 'POST',
      url: brandPath(asAdmin, `/assets/${videoDone!.id}/comments`),
      headers: author.headers,
      payload: { content: 'A matrix comment' },
    });
    if (response.statusCode !== 201) throw new Error(`comment: ${response.statusCode} ${response.body}`);
    return response.json<Comment>();
  };

  return {
    t,
    accountId,
    brandId,
    users: everyone,
    headers: (actor) =>
      actor === 'anonymous'
        ? {}
        : actor in shareHeaders
          ? shareHeaders[actor as ShareActorName]
          : everyone[actor as SignedInName].headers,
    newLink,
    recordNames: [imageDone!.name, videoDone!.name, textDone!.name, otherFolder.name],
    folder,
    otherFolder,
    image: imageDone!,
    video: videoDone!,
    text: textDone!,
    zipJobId: zip.jobId,
    board,
    boardImage,
    async adId() {
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const { adIds } = await t.context.services.adPerformance.write(
        { accountId, brandId },
        {
          account: {
            externalId: 'act_matrix_import',
            name: 'Matrix ads',
            currency: 'USD',
            timezone: 'UTC',
            accountStatus: null,
            disableReason: null,
            source: 'IMPORT',
            purchaseActionType: null,
          },
          campaigns: [
            {
              externalId: 'c',
              name: 'Matrix campaign',
              status: null,
              effectiveStatus: null,
              objective: null,
            },
          ],
          adSets: [
            {
              externalId: 's',
              campaignExternalId: 'c',
              name: 'Matrix set',
              status: null,
              effectiveStatus: null,
            },
          ],
          ads: [
            {
              externalId: 'ad',
              adSetExternalId: 's',
              campaignExternalId: 'c',
              name: 'Matrix ad',
              status: null,
              effectiveStatus: 'ACTIVE',
              previewUrl: null,
              permalink: null,
              fileType: 'STATIC',
              createdAt: null,
              updatedAt: null,
              creative: null,
            },
          ],
          insights: [
            {
              ...emptyInsight('ad', yesterday),
              spend: 12,
              impressions: 1000,
              linkClicks: 8,
              conversions: 1,
              conversionValue: 30,
            },
          ],
        },
      );
      return adIds.get('ad') as string;
    },
    async integrationId() {
      const scope = { accountId, brandId };
      const existing = await t.context.services.integrations.findMeta(scope.brandId);
      if (existing) return existing.id;
      await t.context.services.integrations.createDemo(scope, {
        pages: [],
        adAccountExternalId: 'act_matrix',
      });
      return (await t.context.services.integrations.findMeta(scope.brandId))!.id;
    },
    async newUserIntegration(actor) {
      const owner = everyone[actor as SignedInName] ?? admin;
      const id = randomUUID();
      // One open connection per user and vendor: a call that did not use up the last one leaves it.
      await t.context.database.execute(
        `delete from integrations where user_id = $1 and vendor = 'GOOGLE_DRIVE'`,
        [owner.userId],
      );
      await t.context.database.db.insert(integrations).values({
        id,
        accountId,
        brandId,
        vendor: 'GOOGLE_DRIVE',
        level: 'USER',
        userId: owner.userId,
        name: 'Google Drive',
        sealedToken: 'sealed',
      });
      return id;
    },
    async newBoard(actor) {
      const creator = boardCreators.has(actor) ? everyone[actor as SignedInName] : admin;
      const response = await t.app.inject({
        method: 'POST',
        url: brandPath(asAdmin, '/boards'),
        headers: creator.headers,
        payload: { name: `Board ${shortName()}` },
      });
      if (response.statusCode !== 201) throw new Error(`board: ${response.statusCode} ${response.body}`);
      return response.json<Board>();
    },
    async newSavedSearch(actor) {
      const owner = boardCreators.has(actor) ? everyone[actor as SignedInName] : admin;
      const response = await t.app.inject({
        method: 'POST',
        url: brandPath(asAdmin, '/saved-searches'),
        headers: owner.headers,
        payload: { name: `Search ${shortName()}`, keyword: 'world', shared: true },
      });
      if (response.statusCode !== 201)
        throw new Error(`saved search: ${response.statusCode} ${response.body}`);
      return response.json<{ id: string }>();
    },
    publicFileName: String(logoUrl).split('/').pop()!,
    newFolder,
    async freshHeaders(actor): Promise<Record<string, string>> {
      const user = everyone[actor as SignedInName];
      if (!user) return {};
      const token = await signIn(t, user.email, user.password);
      return { authorization: `Bearer ${token}` };
    },
    newEmail,
    mailLink: (email, subject) => t.mail.link(email, subject),
    async newInvitation() {
      const email = newEmail();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin.headers,
        payload: { accountId, email, firstName: 'Invited', lastName: 'Person' },
      });
      if (response.statusCode !== 201) throw new Error(`invite: ${response.statusCode} ${response.body}`);
      return { id: response.json<{ id: string }>().id, email };
    },
    async newSignupInvitation() {
      const invitation = await t.context.services.team.createSignupInvitation({
        inviterId: admin.userId,
        accountId,
        email: newEmail(),
      });
      return invitation.id;
    },
    newMember: () => createUser(t, { accountId, role: 'member' }),
    async newJob() {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: admin.headers,
        payload: {
          brandId,
          type: 'DOWNLOAD_CLIP',
          customParams: { assetId: videoDone!.id, startOffsetMs: 0, endOffsetMs: 1500 },
        },
      });
      if (response.statusCode !== 201) throw new Error(`job: ${response.statusCode} ${response.body}`);
      return response.json<{ id: string }>().id;
    },
    shortName,
    newTag: () => request<Tag>('POST', '/tags', { name: shortName() }),
    newTagCategory: () => request<TagCategory>('POST', '/tag-categories', { name: shortName() }),
    newComment,
    async newReaction(actor) {
      // Commenting shares do not react: their cells remove a reaction B's admin made.
      const author = commenters.has(actor) && actor !== 'commenter' ? everyone[actor as SignedInName] : admin;
      const comment = await newComment(actor);
      const response = await t.app.inject({
        method: 'POST',
        url: brandPath(asAdmin, `/comments/${comment.id}/reactions`),
        headers: author.headers,
        payload: { emoji: '👍' },
      });
      return { commentId: comment.id, id: response.json<{ id: string }>().id };
    },
    newCustomField: () => request<CustomField>('POST', '/custom-fields', { name: shortName(), type: 'TEXT' }),
    async pendingUpload() {
      const bytes = await image(32, 32);
      const batch = await createUploads(t, asAdmin, [
        { name: 'pending.jpg', size: bytes.length, parentId: folder.id },
      ]);
      const created = batch.assets[0]!;
      await putBytes(t, created, bytes);
      return created;
    },
  };
}
