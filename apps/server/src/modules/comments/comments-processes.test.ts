import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/client.js';
import { createFiles, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, createTestDatabase, eventually, type TestApp } from '../../test/test-app.js';

/**
 * Live comments across API processes (PostgreSQL): a comment written through one process
 * reaches an event stream held open by another, through the database's NOTIFY. PGlite is
 * one process by design, so this runs on PostgreSQL only.
 */
const onPostgres = Boolean(inject('postgresTemplate'));

describe.runIf(onPostgres)('live comments across API processes', () => {
  let first: TestApp;
  let second: TestApp;
  let secondDatabase: DatabaseHandle;
  let user: TestUser;
  let video: string;

  beforeAll(async () => {
    const database = await createTestDatabase();
    first = await createTestApp({ database: await database.open() });
    secondDatabase = await database.open();
    second = await createTestApp({ database: secondDatabase });
    user = await createUser(first);
    video = (await createFiles(first, user, { names: ['live.mp4'] }))[0]!;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await secondDatabase?.close();
  });

  it('a comment posted through one process reaches a stream on the other', async () => {
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = second.app.server.address() as AddressInfo;
    const path = `/api/accounts/${user.accountId}/brands/${user.brandId}/assets/${video}`;
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}${path}/comments/events`, {
      headers: { ...user.headers, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const read = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received += decoder.decode(value);
      }
    })().catch(() => undefined);
    await eventually(async () => (received.includes('event: ready') ? true : undefined), 5000);

    const posted = await first.app.inject({
      method: 'POST',
      url: `${path}/comments`,
      headers: user.headers,
      payload: { content: 'From the other process' },
    });
    expect(posted.statusCode).toBe(201);
    await eventually(async () => (received.includes('event: comments') ? true : undefined), 5000);
    controller.abort();
    await read;
  });
});
