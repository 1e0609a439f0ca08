import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { answerWhenClosed } from './queue.js';

/**
 * pg-boss settles jobs without awaiting (timgit/pg-boss#577): a complete or fail that runs
 * after the database closed must resolve, not reject (an unhandled rejection in the process).
 * Driven through pg-boss itself, so a pg-boss upgrade that changes its SQL shows up here.
 */
describe('the job queue once the database is closed', () => {
  const boss = new PgBoss({ db: { executeSql: async (text: string) => answerWhenClosed(text) } });

  it('answers settling commands with nothing changed', async () => {
    const id = randomUUID();
    await expect(boss.complete('q', id)).resolves.toMatchObject({ affected: 0 });
    await expect(boss.fail('q', id, { message: 'late' })).resolves.toMatchObject({ affected: 0 });
    await expect(boss.cancel('q', id)).resolves.toMatchObject({ affected: 0 });
    await expect(boss.resume('q', id)).resolves.toMatchObject({ affected: 0 });
  });

  it('answers every other statement with no rows', () => {
    expect(answerWhenClosed('SELECT * FROM pgboss.job WHERE id = $1')).toEqual({ rows: [] });
  });
});
