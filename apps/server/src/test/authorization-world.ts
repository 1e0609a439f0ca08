import { randomUUID } from 'node:crypto';
import type { Asset, Comment, CustomField, Tag, TagCategory, UploadAsset } from '@hookline/contract';
import { memberBrands } from '../platform/db/schema/index.js';
import { createUser, signIn, type TestUser } from './factories.js';
import { image, video } from './media-fixtures.js';
import type { TestApp } from './test-app.js';
import { brandPath, createUploads, processed, putBytes, uploadFile } from './uploads.js';

/**
 * The world the authorization matrix runs in: account A with brands B (the records) and B2,
 * its admin and members, a user of another account, a super user, and real records in B
 * (folders, an uploaded image, video and text file, a zip job).
 */
export const actorNames = [
  'anonymous',
  'outsider',
  'otherBrandMember',
  'member',
  'admin',
  'superUser',
] as const;
export type ActorName = (typeof actorNames)[number];

export interface World {
  t: TestApp;
  accountId: string;
  brandId: string;
  /** Signed-in users by actor name (anonymous has none). */
  users: Record<Exclude<ActorName, 'anonymous'>, TestUser>;
  headers(actor: ActorName): Record<string, string>;
  folder: Asset;
  otherFolder: Asset;
  image: Asset;
  video: Asset;
  text: Asset;
  zipJobId: string;
  /** The name of a public file (a logo) whose bytes are in: GET /api/public-files/{name}. */
  publicFileName: string;
  /** A fresh folder in B (for calls that consume their record: delete, move). */
  newFolder(name?: string): Promise<Asset>;
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
  const newFolder = (name = `Folder ${randomUUID().slice(0, 8)}`) =>
    request<Asset>('POST', '/assets/root/folders', { name });

  const folder = await newFolder('Records');
  const otherFolder = await newFolder('Elsewhere');
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

  const newComment = async (actor: ActorName): Promise<Comment> => {
    const author = actor === 'admin' || actor === 'member' || actor === 'superUser' ? users[actor] : admin;
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
    users,
    headers: (actor) => (actor === 'anonymous' ? {} : users[actor].headers),
    folder,
    otherFolder,
    image: imageDone!,
    video: videoDone!,
    text: textDone!,
    zipJobId: zip.jobId,
    publicFileName: String(logoUrl).split('/').pop()!,
    newFolder,
    async freshHeaders(actor): Promise<Record<string, string>> {
      if (actor === 'anonymous') return {};
      const token = await signIn(t, users[actor].email, users[actor].password);
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
      const author = actor === 'admin' || actor === 'member' || actor === 'superUser' ? users[actor] : admin;
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
      const batch = await createUploads(t, asAdmin, [{ name: 'pending.jpg', size: bytes.length }]);
      const created = batch.assets[0]!;
      await putBytes(t, created, bytes);
      return created;
    },
  };
}
