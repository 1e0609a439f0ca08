import type { ShareRecord } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/client.js';
import { createFiles, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.js';

/**
 * Revocation across API processes (PostgreSQL): shares resolve from the database on every
 * request, so a link removed through one process opens nothing on another at once.
 */
const onPostgres = Boolean(inject('postgresTemplate'));

describe.runIf(onPostgres)('shares across API processes', () => {
  let first: TestApp;
  let second: TestApp;
  let secondDatabase: DatabaseHandle;
  let owner: TestUser;
  let recipient: TestUser;
  let file: string;

  beforeAll(async () => {
    const database = await createTestDatabase();
    // Every API process signs and seals with the same SIGNING_SECRET (README: production).
    const env = { SIGNING_SECRET: 'one secret for every process of this test' };
    first = await createTestApp({ database: await database.open(), env });
    secondDatabase = await database.open();
    second = await createTestApp({ database: secondDatabase, env });
    owner = await createUser(first);
    recipient = await createUser(first);
    file = (await createFiles(first, owner, { names: ['shared.mp4'] }))[0]!;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await secondDatabase?.close();
  });

  const path = () => `/api/accounts/${owner.accountId}/brands/${owner.brandId}/library/BRAND/${file}`;

  it('a link and a person share removed through one process open nothing on the other', async () => {
    const made = await first.app.inject({
      method: 'POST',
      url: `${path()}/share`,
      headers: owner.headers,
      payload: {
        resourceId: file,
        library: 'BRAND',
        isPublic: true,
        shares: [{ email: recipient.email, action: 'read' }],
        notify: false,
      },
    });
    const record = made.json<ShareRecord>();
    const token = new URL(record.publicShare!.href).searchParams.get('shareToken')!;
    const viaLink = () => second.app.inject({ url: path(), headers: { 'x-share-token': token } });
    const viaPerson = () => second.app.inject({ url: path(), headers: recipient.headers });
    expect((await viaLink()).statusCode).toBe(200);
    expect((await viaPerson()).statusCode).toBe(200);

    await first.app.inject({
      method: 'DELETE',
      url: `${path()}/share/${record.publicShare!.shareTokenId}`,
      headers: owner.headers,
    });
    await first.app.inject({
      method: 'DELETE',
      url: `${path()}/share/${record.sharedWith[0]!.shareTokenId}`,
      headers: owner.headers,
    });
    expect((await viaLink()).statusCode).toBe(401);
    expect((await viaPerson()).statusCode).toBe(404);
  });
});
