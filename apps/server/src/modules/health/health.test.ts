import { describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase } from '../../test/test-app.js';

describe('GET /api/health', () => {
  it('answers 503 with the database down once the database is gone', async () => {
    const database = await (await createTestDatabase()).open();
    const t = await createTestApp({ database });
    try {
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      await t.context.queue.stop(1000);
      await database.close();
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'degraded',
        database: { status: 'down' },
        queue: { status: 'down' },
      });
    } finally {
      await t.app.close();
    }
  });
});
