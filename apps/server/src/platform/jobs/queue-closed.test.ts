import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { answerWhenClosed, settleRetrying } from './queue.js';

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

/**
 * The same unawaited complete or fail sent while the connection is lost (a terminated backend,
 * 57P01; CI once saw it surface as an unhandled rejection): tried again while the database is
 * unavailable, and answered "nothing changed", logged, when it stays so or fails otherwise.
 */
describe('a settling command while the connection is lost', () => {
  const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });
  const settled = { rows: [{ count: '1' }] };
  /** A database whose next `failures` settling commands fail with `error`. */
  function flaky(failures: number, error: Error = terminated) {
    const calls: string[] = [];
    const logged: unknown[] = [];
    const boss = new PgBoss({
      db: {
        executeSql: (text: string) =>
          settleRetrying(
            async () => {
              calls.push(text);
              if (calls.length <= failures) throw error;
              return settled;
            },
            text,
            { closed: () => false, log: (e) => logged.push(e), delays: [1, 1, 1] },
          ),
      },
    });
    return { boss, calls, logged };
  }

  it('is sent again once the pool reconnects, and completes the job', async () => {
    const { boss, calls, logged } = flaky(2);
    await expect(boss.complete('q', randomUUID())).resolves.toMatchObject({ affected: 1 });
    expect(calls).toHaveLength(3);
    expect(logged).toEqual([]);
  });

  it('resolves as nothing changed, logged once, when the database stays away or the error is another', async () => {
    const away = flaky(10);
    await expect(away.boss.fail('q', randomUUID(), { message: 'x' })).resolves.toMatchObject({ affected: 0 });
    expect(away.calls).toHaveLength(4);
    expect(away.logged).toEqual([terminated]);
    const broken = flaky(1, new Error('syntax error at or near "x"'));
    await expect(broken.boss.complete('q', randomUUID())).resolves.toMatchObject({ affected: 0 });
    expect(broken.calls).toHaveLength(1);
    expect(broken.logged).toHaveLength(1);
  });
});
