import { SAVED_SEARCH_LIMITS, type SavedSearch, savedSearchMessages } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createFolder, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Saved searches through HTTP (issue 16 "Beyond the seeds"): saved, listed by name, renamed,
 * shared read-only with the brand, another user's private one not there (404), the limit of
 * 50, bad names, and filters whose tag, board, folder or field has gone dropped with their names.
 */
let t: TestApp;
let owner: TestUser; // B's admin
let member: TestUser;
let otherMember: TestUser;
let outsider: TestUser;
let otherBrand: string;

interface ErrorBody {
  message: string;
  fields?: { path: string; message: string }[];
}

async function call<T = SavedSearch>(
  u: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path = '',
  payload?: object,
  brandId = owner.brandId,
) {
  const response = await t.app.inject({
    method,
    url: `/api/accounts/${owner.accountId}/brands/${brandId}/saved-searches${path}`,
    headers: u.headers,
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as T };
}

const save = (u: TestUser, body: object) => call(u, 'POST', '', body);
const names = async (u: TestUser) => (await call<SavedSearch[]>(u, 'GET')).body.map((s) => s.name);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  member = {
    ...(await createUser(t, { accountId: owner.accountId, role: 'member' })),
    brandId: owner.brandId,
  };
  otherMember = {
    ...(await createUser(t, { accountId: owner.accountId, role: 'member' })),
    brandId: owner.brandId,
  };
  outsider = await createUser(t);
  otherBrand = await createBrand(t, owner, 'Second brand');
});

afterAll(() => t?.close());

describe('saved searches', () => {
  it('saves a keyword, filters and sort, and answers them back by name with the owner', async () => {
    const filters = [{ id: 'aspect', name: 'Aspect ratio', children: [{ id: '9:16', name: '9:16' }] }];
    const made = await save(member, {
      name: '  Vertical summer  ',
      keyword: 'summer',
      filters,
      sort: 'createdAt',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Vertical summer',
      keyword: 'summer',
      filters,
      sort: 'createdAt',
      order: 'desc',
      shared: false,
      canEdit: true,
      droppedFilters: [],
      createdBy: { firstName: expect.any(String) },
    });
    await save(member, { name: 'apples first' });
    expect(await names(member)).toEqual(expect.arrayContaining(['apples first', 'Vertical summer']));
    const listed = await names(member);
    expect(listed.indexOf('apples first')).toBeLessThan(listed.indexOf('Vertical summer'));
  });

  it('keeps a private search to its owner: others, admins included, get 404', async () => {
    const { body } = await save(member, { name: 'Private one' });
    expect(await names(otherMember)).not.toContain('Private one');
    expect(await names(owner)).not.toContain('Private one');
    expect((await call(otherMember, 'PUT', `/${body.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await call(owner, 'DELETE', `/${body.id}`)).status).toBe(404);
    expect((await call(outsider, 'GET')).status).toBe(404);
    // Another brand of the same account does not list it either.
    expect((await call<SavedSearch[]>(member, 'GET', '', undefined, otherBrand)).body).toEqual([]);
  });

  it('shares a search read-only with the brand; its owner and admins change it', async () => {
    const { body } = await save(member, { name: 'Team search', keyword: 'hero', shared: true });
    const seen = (await call<SavedSearch[]>(otherMember, 'GET')).body.find((s) => s.id === body.id);
    expect(seen).toMatchObject({ name: 'Team search', canEdit: false });
    const refused = await call<ErrorBody>(otherMember, 'PUT', `/${body.id}`, { name: 'Taken over' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(savedSearchMessages.ownerOrAdmin);
    expect((await call(otherMember, 'DELETE', `/${body.id}`)).status).toBe(403);
    expect((await call<SavedSearch[]>(owner, 'GET')).body.find((s) => s.id === body.id)?.canEdit).toBe(true);
    const renamed = await call(owner, 'PUT', `/${body.id}`, {
      name: 'Team search (admin)',
      keyword: 'heroes',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Team search (admin)', keyword: 'heroes', shared: true });
    const unshared = await call(member, 'PUT', `/${body.id}`, { shared: false });
    expect(unshared.body.shared).toBe(false);
    expect(await names(otherMember)).not.toContain('Team search (admin)');
    expect((await call(member, 'DELETE', `/${body.id}`)).status).toBe(200);
    expect(await names(member)).not.toContain('Team search (admin)');
  });

  it('refuses a missing or too long name and bad filters, naming the field', async () => {
    const blank = await call<ErrorBody>(member, 'POST', '', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields?.[0]).toMatchObject({
      path: 'body.name',
      message: savedSearchMessages.nameRequired,
    });
    const long = await call<ErrorBody>(member, 'POST', '', { name: 'x'.repeat(61) });
    expect(long.status).toBe(400);
    expect(long.body.fields?.[0]).toMatchObject({
      path: 'body.name',
      message: savedSearchMessages.nameTooLong,
    });
    const filters = await call<ErrorBody>(member, 'POST', '', { name: 'Bad', filters: [{ name: 'no id' }] });
    expect(filters.status).toBe(400);
    expect(filters.body.fields?.[0]?.path).toMatch(/^body.filters/);
    const sort = await call<ErrorBody>(member, 'PUT', '/00000000-0000-4000-8000-000000000000', {
      sort: 'size',
    });
    expect(sort.status).toBe(400);
    expect((await call(member, 'PUT', '/00000000-0000-4000-8000-000000000000', { name: 'x' })).status).toBe(
      404,
    );
  });

  it('drops the choices whose tag, board, folder or custom field has gone, and names them', async () => {
    const api = `/api/accounts/${owner.accountId}/brands/${owner.brandId}`;
    const post = async (path: string, payload: object) =>
      (
        await t.app.inject({ method: 'POST', url: `${api}${path}`, headers: owner.headers, payload })
      ).json() as {
        id: string;
      };
    const category = await post('/tag-categories', { name: 'Season' });
    const summer = await post('/tags', { name: 'Summer', categoryId: category.id });
    const winter = await post('/tags', { name: 'Winter', categoryId: category.id });
    const folder = { id: await createFolder(t, owner, { name: 'Campaigns' }) };
    const field = await post('/custom-fields', { name: 'Market', type: 'TEXT' });
    const { body } = await save(owner, {
      name: 'With references',
      filters: [
        {
          id: 'tags',
          name: 'Tags',
          children: [summer, winter].map((tag, i) => ({ id: tag.id, name: ['Summer', 'Winter'][i] })),
        },
        {
          id: 'folder',
          name: 'Folder',
          children: [{ id: folder.id, name: 'Campaigns' }],
          params: { includeSubFolders: true },
        },
        {
          id: `field:${field.id}`,
          name: 'Market',
          operator: 'CONTAINS',
          params: { value: 'UK', fieldType: 'TEXT' },
        },
        { id: 'type', name: 'Type', children: [{ id: 'VIDEO', name: 'Video' }] },
      ],
    });
    expect(body.droppedFilters).toEqual([]);
    const remove = (path: string) =>
      t.app.inject({ method: 'DELETE', url: `${api}${path}`, headers: owner.headers, payload: {} });
    expect((await remove(`/tags/${winter.id}`)).statusCode).toBeLessThan(300);
    expect((await remove(`/custom-fields/${field.id}`)).statusCode).toBeLessThan(300);
    const [after] = (await call<SavedSearch[]>(owner, 'GET')).body.filter((s) => s.id === body.id);
    expect(after!.droppedFilters).toEqual(['Winter', 'Market']);
    expect(after!.filters.map((f) => f.id)).toEqual(['tags', 'folder', 'type']);
    expect(after!.filters[0]!.children).toEqual([{ id: summer.id, name: 'Summer' }]);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMITS.perUser} per user`, async () => {
    const user = {
      ...(await createUser(t, { accountId: owner.accountId, role: 'member' })),
      brandId: owner.brandId,
    };
    const made = await Promise.all(
      Array.from({ length: SAVED_SEARCH_LIMITS.perUser + 2 }, (_, i) => save(user, { name: `Search ${i}` })),
    );
    expect(made.filter((r) => r.status === 201)).toHaveLength(SAVED_SEARCH_LIMITS.perUser);
    const refused = made.find((r) => r.status !== 201) as unknown as { status: number; body: ErrorBody };
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(savedSearchMessages.tooMany);
    // Another user's count is their own.
    expect((await save(otherMember, { name: 'Still fine' })).status).toBe(201);
  });
});
