import type { Asset, CustomField, MoveCopyResponse } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFiles, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t);
  member = await createUser(t, { accountId: admin.accountId, role: 'member' });
  outsider = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

type ErrorBody = { message: string; fields?: { path: string; message: string }[] };
async function call<T>(method: string, url: string, payload?: object, u: TestUser = admin) {
  const brandId = u === outsider ? outsider.brandId : admin.brandId;
  const response = await t.app.inject({
    method: method as 'GET',
    url: `/api/accounts/${u === outsider ? outsider.accountId : admin.accountId}/brands/${brandId}${url}`,
    payload,
    headers: u.headers,
  });
  return { status: response.statusCode, body: response.json() as T };
}
const field = async (body: object) => {
  const made = await call<CustomField>('POST', '/custom-fields', body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
};
const file = async (name: string) => (await createFiles(t, admin, { names: [name] }))[0]!;
const item = async (id: string) => (await call<Asset>('GET', `/library/BRAND/${id}`)).body;

describe('custom field definitions', () => {
  it('creates fields of every type in order; selects need options; names are unique (409)', async () => {
    const text = await field({ name: 'Agency', type: 'TEXT', description: 'Who made it' });
    const select = await field({
      name: 'Market',
      type: 'SINGLE_SELECT',
      options: [{ label: 'DE' }, { label: 'FR' }],
    });
    expect(text).toMatchObject({
      type: 'TEXT',
      options: [],
      position: 0,
      requiredOnUpload: false,
      usageCount: 0,
    });
    expect(select.options.map((o) => o.label)).toEqual(['DE', 'FR']);
    expect(select.position).toBe(1);

    const noOptions = await call<ErrorBody>('POST', '/custom-fields', {
      name: 'Channel',
      type: 'MULTI_SELECT',
    });
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.fields?.[0]?.path).toBe('body.options');
    const textWithOptions = await call('POST', '/custom-fields', {
      name: 'X',
      type: 'TEXT',
      options: [{ label: 'a' }],
    });
    expect(textWithOptions.status).toBe(400);
    const twice = await call('POST', '/custom-fields', {
      name: 'M',
      type: 'SINGLE_SELECT',
      options: [{ label: 'a' }, { label: 'A' }],
    });
    expect(twice.status).toBe(400);
    const taken = await call<ErrorBody>('POST', '/custom-fields', { name: 'agency', type: 'URL' });
    expect(taken.status).toBe(409);
    expect(taken.body.fields?.[0]?.path).toBe('body.name');
    expect((await call('POST', '/custom-fields', { name: 'x'.repeat(51), type: 'TEXT' })).status).toBe(400);

    const list = (await call<CustomField[]>('GET', '/custom-fields', undefined, member)).body;
    expect(list.map((f) => f.name).slice(0, 2)).toEqual(['Agency', 'Market']);
    // Reordering: Market first.
    await call('PUT', `/custom-fields/${select.id}`, { position: 0 });
    const reordered = (await call<CustomField[]>('GET', '/custom-fields')).body;
    expect(reordered.map((f) => [f.name, f.position]).slice(0, 2)).toEqual([
      ['Market', 0],
      ['Agency', 1],
    ]);
  });

  it('only brand admins manage fields; members read them; another brand’s field is not found', async () => {
    expect((await call('POST', '/custom-fields', { name: 'By member', type: 'TEXT' }, member)).status).toBe(
      403,
    );
    expect((await call('GET', '/custom-fields', undefined, member)).status).toBe(200);
    const theirs = (
      await call<CustomField>('POST', '/custom-fields', { name: 'Theirs', type: 'TEXT' }, outsider)
    ).body;
    expect((await call('PUT', `/custom-fields/${theirs.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await call('DELETE', `/custom-fields/${theirs.id}`)).status).toBe(404);
  });

  it('the type never changes; renaming an option keeps values; deleting one deletes its values', async () => {
    const tier = await field({
      name: 'Tier',
      type: 'MULTI_SELECT',
      options: [{ label: 'Gold' }, { label: 'Silver' }],
    });
    const [gold, silver] = tier.options;
    const id = await file('tiered.mp4');
    await call('PUT', `/assets/${id}`, { customFields: { [tier.id]: [gold!.id, silver!.id] } });

    const retype = await call<ErrorBody>('PUT', `/custom-fields/${tier.id}`, { type: 'TEXT' });
    expect(retype.status).toBe(400);
    expect(retype.body.message).toBe('The type of a field cannot change');

    const renamed = await call<CustomField>('PUT', `/custom-fields/${tier.id}`, {
      options: [{ id: gold!.id, label: 'Platinum' }, { label: 'Bronze' }],
    });
    expect(renamed.body.options.map((o) => o.label)).toEqual(['Platinum', 'Bronze']);
    expect((await item(id)).customFields[tier.id]).toEqual([gold!.id]);

    await call('PUT', `/custom-fields/${tier.id}`, { options: [{ label: 'Only new' }] });
    expect((await item(id)).customFields[tier.id]).toBeUndefined();
  });

  it('deleting a field says how many items lose a value; at most 50 fields per brand', async () => {
    const owner = await createUser(t);
    const as = async <T>(method: string, url: string, payload?: object) => {
      const response = await t.app.inject({
        method: method as 'GET',
        url: `/api/accounts/${owner.accountId}/brands/${owner.brandId}${url}`,
        payload,
        headers: owner.headers,
      });
      return { status: response.statusCode, body: response.json() as T };
    };
    const made: CustomField[] = [];
    for (let i = 0; i < 50; i += 1)
      made.push((await as<CustomField>('POST', '/custom-fields', { name: `f${i}`, type: 'TEXT' })).body);
    const tooMany = await as<ErrorBody>('POST', '/custom-fields', { name: 'f50', type: 'TEXT' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('A brand can have at most 50 fields');
    const ids = await createFiles(t, owner, { names: ['a.mp4', 'b.mp4'] });
    await as('PUT', '/library/bulk', {
      entities: ids.map((id) => ({ id })),
      updateQuery: { customFields: { [made[0]!.id]: 'Shared value' } },
    });
    const deleted = await as<{ valuesDeleted: number }>('DELETE', `/custom-fields/${made[0]!.id}`);
    expect(deleted.body).toEqual({ ok: true, valuesDeleted: 2 });
  });
});

describe('values on items', () => {
  it('checks each value by its field’s type and names the field; null clears; nothing half-written', async () => {
    const fields = {
      text: await field({ name: 'Notes', type: 'TEXT' }),
      number: await field({ name: 'Budget', type: 'NUMBER' }),
      date: await field({ name: 'Launch', type: 'DATE' }),
      url: await field({ name: 'Landing page', type: 'URL' }),
      single: await field({
        name: 'Owner team',
        type: 'SINGLE_SELECT',
        options: [{ label: 'Brand' }, { label: 'Growth' }],
      }),
    };
    const id = await file('valued.mp4');
    const good = await call<Asset>('PUT', `/assets/${id}`, {
      customFields: {
        [fields.text.id]: '  Made in Berlin <img src=x onerror=alert(1)>  ',
        [fields.number.id]: 12500.5,
        [fields.date.id]: '2026-03-01',
        [fields.url.id]: 'https://example.com/summer',
        [fields.single.id]: fields.single.options[1]!.id,
      },
    });
    expect(good.status).toBe(200);
    expect(good.body.customFields).toEqual({
      [fields.text.id]: 'Made in Berlin <img src=x onerror=alert(1)>',
      [fields.number.id]: 12500.5,
      [fields.date.id]: '2026-03-01',
      [fields.url.id]: 'https://example.com/summer',
      [fields.single.id]: fields.single.options[1]!.id,
    });

    const refuse = async (value: unknown, fieldId: string, message: RegExp) => {
      const answer = await call<ErrorBody>('PUT', `/assets/${id}`, {
        name: 'renamed.mp4',
        customFields: { [fieldId]: value },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.fields?.[0]?.path).toBe(`body.customFields.${fieldId}`);
      expect(answer.body.message).toMatch(message);
    };
    await refuse('2025-02-30', fields.date.id, /real date/);
    await refuse('javascript:alert(1)', fields.url.id, /http/);
    await refuse('twelve', fields.number.id, /number/);
    await refuse('not-an-option', fields.single.id, /options/);
    const theirs = (
      await call<CustomField>('POST', '/custom-fields', { name: 'Foreign', type: 'TEXT' }, outsider)
    ).body;
    await refuse('x', theirs.id, /Unknown field/);
    const after = await item(id);
    expect(after.name).toBe('valued.mp4');
    expect(after.customFields[fields.date.id]).toBe('2026-03-01');

    const cleared = await call<Asset>('PUT', `/assets/${id}`, { customFields: { [fields.number.id]: null } });
    expect(cleared.body.customFields[fields.number.id]).toBeUndefined();
    expect(cleared.body.customFields[fields.text.id]).toBeDefined();
  });

  it('library bulk update sets values on each file; copies keep them', async () => {
    const channel = await field({
      name: 'Channel',
      type: 'MULTI_SELECT',
      options: [{ label: 'Meta' }, { label: 'TikTok' }],
    });
    const ids = await createFiles(t, admin, { names: ['one.mp4', 'two.mp4'] });
    const bulk = await call<{ updatedEntities: string[] }>('PUT', '/library/bulk', {
      entities: ids.map((id) => ({ id, library: 'BRAND' })),
      updateQuery: { customFields: { [channel.id]: channel.options.map((o) => o.id) } },
    });
    expect(bulk.body.updatedEntities.sort()).toEqual([...ids].sort());
    expect((await item(ids[1]!)).customFields[channel.id]).toEqual(channel.options.map((o) => o.id));
    const target = (await call<Asset>('POST', '/assets/root/folders', { name: 'Copies of fields' })).body;
    const copied = await call<MoveCopyResponse>('POST', `/assets/copy?assetIds=${ids[0]}`, {
      folderId: target.id,
    });
    expect(copied.body.assets[0]!.customFields[channel.id]).toEqual(channel.options.map((o) => o.id));
  });

  it('an upload batch must name every field required on upload', async () => {
    const owner = await createUser(t);
    const path = `/api/accounts/${owner.accountId}/brands/${owner.brandId}`;
    const inject = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url: `${path}${url}`, payload, headers: owner.headers });
    const campaign = (
      await inject('POST', '/custom-fields', {
        name: 'Campaign',
        type: 'SINGLE_SELECT',
        options: [{ label: 'Summer' }],
        requiredOnUpload: true,
      })
    ).json<CustomField>();
    await inject('POST', '/custom-fields', { name: 'Brief', type: 'TEXT', requiredOnUpload: true });
    const missing = await inject('POST', '/assets/batch', { assets: [{ name: 'clip.mp4', size: 1000 }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing required fields: Campaign, Brief');
    // Folders are exempt.
    const folder = await inject('POST', '/assets/root/folders', { name: 'Briefs' });
    expect(folder.statusCode, folder.body).toBe(201);
    const brief = (await t.app.inject({ url: `${path}/custom-fields`, headers: owner.headers })).json<
      CustomField[]
    >()[1]!;
    const made = await inject('POST', '/assets/batch', {
      assets: [{ name: 'clip.mp4', size: 1000 }],
      customFields: { [campaign.id]: campaign.options[0]!.id, [brief.id]: 'Launch cut' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const asset = made.json<{ assets: Asset[] }>().assets[0]!;
    expect(asset.customFields).toEqual({ [campaign.id]: campaign.options[0]!.id, [brief.id]: 'Launch cut' });

    // A field made required later leaves existing items alone: no value is asked of them.
    const late = (
      await inject('POST', '/custom-fields', { name: 'Market', type: 'TEXT' })
    ).json<CustomField>();
    expect((await inject('PUT', `/custom-fields/${late.id}`, { requiredOnUpload: true })).statusCode).toBe(
      200,
    );
    const renamed = await inject('PUT', `/assets/${asset.id}`, { name: 'clip-v2.mp4' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Asset>().customFields).toEqual(asset.customFields);
  });
});
