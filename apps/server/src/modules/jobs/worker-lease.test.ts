import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Job } from '@hookline/contract';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { hangingRegistry } from '../../test/hanging-worker.js';
import { createTestApp, createTestDatabase, eventually, type TestApp } from '../../test/test-app.js';

/**
 * Nothing stays stuck after a crash (PostgreSQL: several worker processes share the queue).
 * A worker process is killed with SIGKILL in the middle of a job; another worker process
 * hands the job back once the dead one's lease runs out, and the job's own row shows the
 * retry's outcome or FAILED, never "running" for ever.
 */
const onPostgres = Boolean(inject('postgresTemplate'));
const SIGNING_SECRET = 'test-signing-secret-of-at-least-32-characters';
const LEASE = { JOB_HEARTBEAT_MS: '500', JOB_LEASE_TIMEOUT_MS: '2000', SIGNING_SECRET };

const open: TestApp[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const t of open.splice(0)) await t.close();
});

/** A real worker process running TEST_HANG; answers once it hangs in a job. */
async function hangingWorker(databaseUrl: string, retryLimit: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '..', '..', 'test', 'hanging-worker.ts')],
    {
      env: {
        ...process.env,
        ...LEASE,
        DATABASE_URL: databaseUrl,
        ROLE: 'worker',
        APP_ENV: 'test',
        TEST_RETRY_LIMIT: String(retryLimit),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  return {
    child,
    hanging: () => eventually(async () => (/HANGING/.test(output) ? true : undefined), 60_000),
    ready: () => eventually(async () => (/WORKER READY/.test(output) ? true : undefined), 60_000),
    output: () => output,
  };
}

async function run(retryLimit: number) {
  const { databaseUrl } = await createTestDatabase();
  // The API side enqueues only: the job must land in the worker process.
  const api = await createTestApp({
    database: await (await import('../../platform/db/client.js')).openDatabase({ databaseUrl: databaseUrl! }),
    role: 'api',
    registry: hangingRegistry(retryLimit),
    env: { ...LEASE },
  });
  open.push(api);
  const user = await createUser(api);
  const worker = await hangingWorker(databaseUrl!, retryLimit);
  await worker.ready();
  const created = await api.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: user.headers,
    payload: { brandId: user.brandId, type: 'TEST_HANG', customParams: {} },
  });
  expect(created.statusCode).toBe(201);
  const jobId = created.json<Job>().id;
  await worker.hanging();
  worker.child.kill('SIGKILL');

  // Another worker process starts; the dead one's job comes back within 60 s.
  const started = Date.now();
  const rescuer = await createTestApp({
    database: await (await import('../../platform/db/client.js')).openDatabase({ databaseUrl: databaseUrl! }),
    role: 'worker',
    registry: hangingRegistry(retryLimit),
    env: { ...LEASE },
  });
  open.push(rescuer);
  const job = await eventually(async () => {
    const current = (await api.app.inject({ url: `/api/jobs/${jobId}`, headers: user.headers })).json<Job>();
    return current.status === 'CREATED' ? undefined : current;
  }, 60_000);
  return { job, seconds: (Date.now() - started) / 1000 };
}

describe.skipIf(!onPostgres)('a worker process killed mid-job', () => {
  it('with no retries left: another process hands the job back and its row says FAILED', async () => {
    const { job, seconds } = await run(0);
    expect(job).toMatchObject({
      status: 'FAILED',
      error: 'The server running this job stopped. Please try again.',
    });
    expect(seconds).toBeLessThan(60);
  }, 150_000);

  it('with a retry left: another process runs it again and its row says FINISHED', async () => {
    const { job, seconds } = await run(1);
    expect(job).toMatchObject({ status: 'FINISHED', result: { attempt: 2 } });
    expect(seconds).toBeLessThan(60);
  }, 150_000);
});
