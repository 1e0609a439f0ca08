import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { paymentRequired } from './errors.js';
import { securityHeaders } from './security-headers.js';

let t: TestApp;
let user: TestUser;
let other: TestUser;
let webDistDir: string;

beforeAll(async () => {
  webDistDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-web-'));
  await fs.mkdir(path.join(webDistDir, 'assets'));
  await fs.writeFile(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><title>Hookline</title><div id="root"></div>',
  );
  await fs.writeFile(path.join(webDistDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What the build writes beside a text file: its Brotli copy.
  await fs.writeFile(
    path.join(webDistDir, 'assets', 'app-def456.js.br'),
    brotliCompressSync('console.log("a bundle")'),
  );
  await fs.writeFile(path.join(webDistDir, 'assets', 'app-def456.js'), 'console.log("a bundle")');
  t = await createTestApp({
    serveWeb: true,
    config: { webDistDir, bodyLimitBytes: 2048 },
    extraRoutes: async (app) => {
      app.get('/api/test/payment', { config: { permission: 'public' } }, async () => {
        throw paymentRequired('assets', 100);
      });
      app.get('/api/test/big', { config: { permission: 'public' } }, async () => ({
        items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })),
      }));
      app.get('/api/test/crash', { config: { permission: 'public' } }, async () => {
        throw new Error('relation "secret_table" does not exist');
      });
      app.post('/api/test/echo', { config: { permission: 'public' } }, async (request) => ({
        body: request.body,
      }));
      app.get(
        '/api/test/limited',
        { config: { permission: 'public', rateLimit: { max: 2, timeWindow: 60_000 } } },
        async () => ({
          ok: true,
        }),
      );
    },
  });
  user = await createUser(t);
  other = await createUser(t);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(webDistDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('is 200 with the database and queue up', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { status: 'up' },
      queue: { status: 'up' },
      role: 'all',
    });
  });
});

describe('errors', () => {
  it('an unknown /api route is a JSON 404 in the catalogue shape', async () => {
    const response = await t.app.inject({ url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'not_found',
      title: 'Not Found',
      message: 'Route GET /api/does-not-exist not found',
      requestId: expect.any(String),
    });
  });

  it('402 carries allocation and resourceName', async () => {
    const response = await t.app.inject({ url: '/api/test/payment' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'payment_required',
      title: 'Payment Required',
      allocation: 100,
      resourceName: 'assets',
    });
  });

  it('an unexpected error is a 500 with a request id and no internals', async () => {
    const response = await t.app.inject({ url: '/api/test/crash', headers: { 'x-request-id': 'req-42' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'internal_error',
      title: 'Internal Server Error',
      message: 'An unexpected error occurred',
      requestId: 'req-42',
    });
    expect(response.body).not.toContain('secret_table');
  });

  it('a body over the limit is 413 and broken JSON is 400, both as JSON', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { text: 'x'.repeat(4096) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'payload_too_large', message: 'The request body is too large' });

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"text": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('bad_request');
  });
});

describe('sign-in', () => {
  it('routes are signed-in only unless they say public: 401 in the error shape', async () => {
    const anonymous = await t.app.inject({ url: '/api/profile' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthorized', statusCode: 401 });
    const badToken = await t.app.inject({
      url: '/api/profile',
      headers: { authorization: 'Bearer nope' },
    });
    expect(badToken.statusCode).toBe(401);
    const signedIn = await t.app.inject({ url: '/api/profile', headers: user.headers });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('brand scope', () => {
  const folders = (accountId: string, brandId: string) =>
    `/api/accounts/${accountId}/brands/${brandId}/library/folders`;

  it("a brand-scoped route answers for the caller's own brand", async () => {
    const response = await t.app.inject({
      url: folders(user.accountId, user.brandId),
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
  });

  it("another account's brand, or a brand under the wrong account, is 404", async () => {
    const foreign = await t.app.inject({
      url: folders(other.accountId, other.brandId),
      headers: user.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const mismatched = await t.app.inject({
      url: folders(other.accountId, user.brandId),
      headers: user.headers,
    });
    expect(mismatched.statusCode).toBe(404);
  });

  it.each([
    '/api/accounts//brands/brand-1/library/folders',
    '/api/accounts/acc-1/brands//library/folders',
    '/api/accounts/undefined/brands/brand-1/library/folders',
    '/api/accounts/acc-1/brands/null/library/folders',
    '/api/accounts/acc-1/brands',
  ])("%s answers 400 'accountId and brandId are required'", async (url) => {
    const response = await t.app.inject({ url, headers: user.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'bad_request',
      message: 'accountId and brandId are required',
    });
  });

  it('an id that is not a UUID is 400 naming the field, never a 500 from the database', async () => {
    const brand = await t.app.inject({
      url: `/api/accounts/${user.accountId}/brands/xyz/assets`,
      headers: user.headers,
    });
    expect(brand.statusCode).toBe(400);
    expect(brand.json()).toMatchObject({ code: 'validation_error', fields: [{ path: 'params.brandId' }] });
    const item = await t.app.inject({ url: '/api/brands/xyz', headers: user.headers });
    expect(item.statusCode).toBe(400);
    expect(item.json()).toMatchObject({ fields: [{ path: 'params.id' }] });
    const job = await t.app.inject({ url: '/api/jobs/not-a-job', headers: user.headers });
    expect(job.statusCode).toBe(400);
  });
});

describe('authentication is attached to routes, not matched against the URL', () => {
  it('a percent-encoded path does not skip it', async () => {
    for (const url of [
      '/%61pi/profile',
      '/api/%70rofile',
      `/%61pi/accounts/${user.accountId}/brands/${user.brandId}/assets`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.body, url).not.toContain(user.email);
    }
    // The same request decoded by the router reaches the route, which still asks for a session.
    expect((await t.app.inject({ url: '/api/%70rofile' })).statusCode).toBe(401);
  });
});

describe('request ids, headers and limits', () => {
  it('echoes a sane incoming request id and makes one otherwise', async () => {
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('API answers are not cached', async () => {
    const response = await t.app.inject({ url: '/api/profile', headers: user.headers });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The browser may talk to this origin only: no `https:` wildcard (security review).
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-src 'none'");
  });

  it('a storage URL with a repeated parameter is refused, not an error', async () => {
    const url = t.context.signer.url({
      op: 'get',
      key: 'nothing/here',
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    const [, query] = url.split('?');
    const g = new URLSearchParams(query).get('g');
    const repeated = await t.app.inject({ url: `${url}&g=${g}` });
    expect(repeated.statusCode).toBe(403);
    expect((await t.app.inject({ url: `${url}&s=x` })).statusCode).toBe(403);
  });

  it('the CSP names the hosts the configuration adds: the S3 bucket, Sentry, Google sign-in, reCAPTCHA', () => {
    const config = loadConfig({
      DATA_DIR: os.tmpdir(),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_REGION: 'eu-west-1',
      SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET: 'secret',
    });
    const csp = securityHeaders(config)['content-security-policy']!;
    const directive = (name: string) => csp.split(';').find((d) => d.startsWith(name))!;
    expect(directive('connect-src').split(' ').slice(1)).toEqual([
      "'self'",
      'https://media.s3.eu-west-1.amazonaws.com',
      'https://media.s3.amazonaws.com',
      'https://o1.ingest.sentry.io',
      'https://accounts.google.com/gsi/',
    ]);
    expect(directive('script-src')).toContain('https://accounts.google.com/gsi/client');
    expect(directive('script-src')).toContain('https://www.google.com/recaptcha/');
    expect(directive('frame-src')).toContain('https://accounts.google.com/gsi/');
    const minio = loadConfig({
      DATA_DIR: os.tmpdir(),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(securityHeaders(minio)['content-security-policy']).toContain(
      "connect-src 'self' http://127.0.0.1:9000;",
    );
  });

  it('a route that opts into rate limiting answers 429 in the error shape past its limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.app.inject({ url: '/api/test/limited' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await t.app.inject({ url: '/api/test/limited' });
    expect(limited.json()).toMatchObject({ code: 'too_many_requests', statusCode: 429 });
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('/api/openapi.json is a valid OpenAPI document listing the routes', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/feature-flags',
        '/api/jobs',
        '/api/jobs/{jobId}',
        '/api/jobs/{jobId}/cancel',
      ]),
    );
    expect(document.paths['/api/jobs'].post.requestBody).toBeDefined();
  });

  it('/api/docs serves the documentation page', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    const final =
      response.statusCode === 302
        ? await t.app.inject({ url: response.headers.location as string })
        : response;
    expect(final.statusCode).toBe(200);
    expect(final.headers['content-type']).toContain('text/html');
    expect(final.body).toContain('swagger');
  });
});

describe('web app', () => {
  it('serves index.html for app routes (history fallback), never cached', async () => {
    const response = await t.app.inject({ url: '/library/assets/root?brandId=b' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('long-caches hashed assets and 404s missing ones instead of answering HTML', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the Brotli copy the build made to browsers that accept it', async () => {
    const response = await t.app.inject({
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("a bundle")');
    const plain = await t.app.inject({ url: '/assets/app-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("a bundle")');
  });
});

describe('compression', () => {
  it('API answers above 1 KB go out in Brotli or gzip, smaller ones as they are', async () => {
    const br = await t.app.inject({ url: '/api/test/big', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).items).toHaveLength(200);
    const gzip = await t.app.inject({ url: '/api/test/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).items).toHaveLength(200);
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
