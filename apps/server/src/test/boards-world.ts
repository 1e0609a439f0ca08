import type { Asset, Board } from '@hookline/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { createUser, type TestUser } from './factories.js';
import { image } from './media-fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';
import { completeUpload, putBytes } from './uploads.js';

/**
 * The set-up the boards module's test files share (modules/boards/*.test.ts): one app per
 * file, whose `owner` (an account admin), `member` (a member of the owner's account, in the
 * owner's brand) and `stranger` (a user of another account) are made before the file's tests
 * by setUpBoardsWorld(), and calls in the owner's brand.
 */
export let t: TestApp;
export let owner: TestUser;
export let member: TestUser;
export let stranger: TestUser;

/** Makes the app and its users before the calling test file's tests; closes it after them. */
export function setUpBoardsWorld(): void {
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    member = await colleague();
    stranger = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** A member of the owner's account, acting in the owner's brand. */
export async function colleague(): Promise<TestUser> {
  return { ...(await createUser(t, { accountId: owner.accountId, role: 'member' })), brandId: owner.brandId };
}

export type Headers = Record<string, string>;
export const B = (u: TestUser = owner) => `/api/accounts/${u.accountId}/brands/${u.brandId}`;
export async function call<T = unknown>(method: string, path: string, headers: Headers, payload?: object) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: path.startsWith('/api/') ? path : `${B()}${path}`,
    headers,
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.body ? (response.json() as T) : (undefined as T),
    total: Number(response.headers['x-total-count']),
  };
}
export async function newBoard(name: string, as: TestUser = owner, extra: object = {}): Promise<Board> {
  const made = await call<Board>('POST', `${B(as)}/boards`, as.headers, { name, ...extra });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}
/** Uploads files into a board (bytes in, completed): the ids. */
export async function uploadInto(boardId: string, names: string[], as: TestUser = owner): Promise<string[]> {
  const bytes = await image(40, 30);
  const batch = await call<{ assets: (Asset & { presignedURL?: string; uploadHeaders: Headers })[] }>(
    'POST',
    `${B()}/assets/batch`,
    as.headers,
    { assets: names.map((name) => ({ name, size: bytes.length })), boardId },
  );
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  for (const created of batch.body.assets) {
    const parts = await putBytes(t, created as never, bytes);
    const done = await completeUpload(
      t,
      { ...owner, headers: as.headers } as TestUser,
      created as never,
      parts,
    );
    expect(done.statusCode, done.body).toBe(200);
  }
  return batch.body.assets.map((asset) => asset.id);
}
export const boardContent = (boardId: string, headers: Headers = owner.headers, query = '') =>
  call<Asset[]>('GET', `/assets?boardId=${boardId}${query}`, headers);
export const assign = (boardId: string, ids: string[], as: TestUser = owner) =>
  call<{ updatedEntities: string[] }>('PUT', `${B(as)}/library/bulk`, as.headers, {
    entities: ids.map((id) => ({ id })),
    updateQuery: { boardId },
  });
