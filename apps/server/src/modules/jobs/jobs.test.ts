import type { Job } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, JobFailure, JobRegistry } from '../../platform/jobs/registry.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, createTestDatabase, eventually, type TestApp } from '../../test/test-app.js';

let failOnceCalls = 0;

function testRegistry() {
  return new JobRegistry()
    .register(
      defineJob({
        type: 'TEST_ECHO',
        params: z.object({ text: z.string().min(1), times: z.number().int().min(1).default(1) }),
        queue: { retryLimit: 0 },
        async handler(params, ctx) {
          await ctx.reportProgress({ percent: 50, message: 'halfway' });
          return { echoed: params.text.repeat(params.times), brandId: ctx.brandId };
        },
      }),
    )
    .register(
      defineJob({
        type: 'TEST_FAIL',
        params: z.object({}),
        queue: { retryLimit: 0 },
        async handler() {
          throw new JobFailure('The clip could not be cut');
        },
      }),
    )
    .register(
      defineJob({
        type: 'TEST_CRASH',
        params: z.object({}),
        queue: { retryLimit: 0 },
        async handler() {
          throw new Error('connection reset at 10.0.0.3: select * from secrets');
        },
      }),
    )
    .register(
      defineJob({
        type: 'TEST_FAIL_ONCE',
        params: z.object({}),
        queue: { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false },
        async handler(_params, ctx) {
          failOnceCalls += 1;
          if (ctx.attempt === 1) throw new Error('transient');
          return { attempt: ctx.attempt };
        },
      }),
    )
    .register(
      defineJob({
        type: 'TEST_WAIT',
        params: z.object({}),
        queue: { retryLimit: 0 },
        async handler(_params, ctx) {
          await new Promise<void>((resolve) => {
            if (ctx.signal.aborted) resolve();
            ctx.signal.addEventListener('abort', () => resolve());
            setTimeout(resolve, 20_000).unref();
          });
          return { waited: true };
        },
      }),
    );
}

let t: TestApp;
let owner: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp({ registry: testRegistry() });
  owner = await createUser(t);
  outsider = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

async function startJob(type: string, customParams: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: owner.headers,
    payload: { brandId: owner.brandId, type, customParams },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Job>();
}

async function follow(link: Job['actions']['self'], app = t.app, user = owner) {
  const response = await app.inject({ method: link.method, url: link.href, headers: user.headers });
  return { statusCode: response.statusCode, job: response.json<Job>() };
}

async function pollUntilDone(job: Job, app = t.app): Promise<Job> {
  return eventually(async () => {
    const { job: current } = await follow(job.actions.self, app);
    return current.status === 'CREATED' ? undefined : current;
  });
}

describe('POST /api/jobs', () => {
  it('answers the job with status CREATED and its self and cancel links', async () => {
    const job = await startJob('TEST_ECHO', { text: 'hi' });
    expect(job.status).toBe('CREATED');
    expect(job.type).toBe('TEST_ECHO');
    expect(job.brandId).toBe(owner.brandId);
    expect(job.actions.self).toEqual({ method: 'GET', href: `/api/jobs/${job.id}` });
    expect(job.actions.cancel).toEqual({ method: 'POST', href: `/api/jobs/${job.id}/cancel` });
  });

  it('polling the self link reaches FINISHED with the handler result', async () => {
    const job = await startJob('TEST_ECHO', { text: 'ab', times: 3 });
    const done = await pollUntilDone(job);
    expect(done.status).toBe('FINISHED');
    expect(done.result).toEqual({ echoed: 'ababab', brandId: owner.brandId });
    expect(done.progress).toEqual({ percent: 50, message: 'halfway' });
    expect(done.finishedOn).toEqual(expect.any(String));
  });

  it('a failing handler gives FAILED with its user-safe message', async () => {
    const done = await pollUntilDone(await startJob('TEST_FAIL'));
    expect(done.status).toBe('FAILED');
    expect(done.error).toBe('The clip could not be cut');
    expect(done.result).toBeUndefined();
  });

  it('an unexpected error gives FAILED without leaking its details', async () => {
    const done = await pollUntilDone(await startJob('TEST_CRASH'));
    expect(done.status).toBe('FAILED');
    expect(done.error).toBe('Something went wrong');
    expect(JSON.stringify(done)).not.toContain('secrets');
  });

  it('retries a failed attempt when the type allows it, then finishes', async () => {
    failOnceCalls = 0;
    const done = await pollUntilDone(await startJob('TEST_FAIL_ONCE'));
    expect(done.status).toBe('FINISHED');
    expect(done.result).toEqual({ attempt: 2 });
    expect(failOnceCalls).toBe(2);
  });

  it('refuses an unknown type with the field named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: owner.headers,
      payload: { brandId: owner.brandId, type: 'NOT_A_JOB' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      message: 'Unknown job type NOT_A_JOB',
      fields: [{ path: 'body.type', message: 'Unknown job type NOT_A_JOB' }],
    });
  });

  it("refuses customParams that do not match the type's schema", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: owner.headers,
      payload: { brandId: owner.brandId, type: 'TEST_ECHO', customParams: { text: '' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe('body.customParams.text');
  });

  it('refuses a body without brandId', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: owner.headers,
      payload: { type: 'TEST_ECHO' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((f: { path: string }) => f.path)).toContain('body.brandId');
  });
});

describe('job links', () => {
  it('cancel gives CANCELLED and the job stays cancelled', async () => {
    const job = await startJob('TEST_WAIT');
    // Let a worker pick it up, so cancelling stops a running handler.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cancelled = await follow(job.actions.cancel);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.job.status).toBe('CANCELLED');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const later = await follow(job.actions.self);
    expect(later.job.status).toBe('CANCELLED');
    expect(later.job.result).toBeUndefined();
  });

  it('cancelling a finished job answers 409', async () => {
    const done = await pollUntilDone(await startJob('TEST_ECHO', { text: 'x' }));
    const response = await t.app.inject({
      method: 'POST',
      url: done.actions.cancel.href,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The job has already finished');
  });

  it('an unknown job is 404 and a malformed id is 400', async () => {
    const missing = await t.app.inject({
      url: '/api/jobs/0190b6c2-7d1e-7000-8000-000000000000',
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Job not found');
    const malformed = await t.app.inject({ url: '/api/jobs/not-an-id', headers: owner.headers });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('who may see a job', () => {
  it('signed-out callers get 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      payload: { brandId: owner.brandId, type: 'TEST_ECHO' },
    });
    expect(response.statusCode).toBe(401);
  });

  it("another account's user cannot start a job for the brand, nor see or cancel its jobs", async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: outsider.headers,
      payload: { brandId: owner.brandId, type: 'TEST_ECHO', customParams: { text: 'x' } },
    });
    expect(refused.statusCode).toBe(404);
    const job = await startJob('TEST_WAIT');
    expect((await follow(job.actions.self, t.app, outsider)).statusCode).toBe(404);
    expect((await follow(job.actions.cancel, t.app, outsider)).statusCode).toBe(404);
    expect((await follow(job.actions.self, t.app, owner)).job.status).not.toBe('CANCELLED');
    await follow(job.actions.cancel);
  });
});

describe('restarts', () => {
  it('a job queued before a restart is picked up by the next process, not lost', async () => {
    const database = await createTestDatabase();
    // The PGlite copy lives in memory, so the "restart" keeps the handle and replaces everything above it.
    const handle = await database.open();
    const apiOnly = await createTestApp({ registry: testRegistry(), role: 'api', database: handle });
    const user = await createUser(apiOnly);
    const response = await apiOnly.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: user.headers,
      payload: { brandId: user.brandId, type: 'TEST_ECHO', customParams: { text: 'later' } },
    });
    const job = response.json<Job>();
    expect(response.statusCode, response.body).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await follow(job.actions.self, apiOnly.app, user)).job.status).toBe('CREATED');
    await apiOnly.close();

    const reopened = database.databaseUrl ? await database.open() : handle;
    const next = await createTestApp({ registry: testRegistry(), role: 'all', database: reopened });
    try {
      const done = await eventually(async () => {
        const { job: current } = await follow(job.actions.self, next.app, user);
        return current.status === 'CREATED' ? undefined : current;
      });
      expect(done.status).toBe('FINISHED');
      expect(done.result).toEqual({ echoed: 'later', brandId: user.brandId });
    } finally {
      await next.close();
      await reopened.close();
      if (reopened !== handle) await handle.close();
    }
  });
});
