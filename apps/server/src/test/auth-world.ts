import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The auth tests' app and requests (auth, invitations and e-mail link tests): one app per
 * file, POSTs from a client address a describe may change (the auth rate limits count per
 * address), and the seeds' sign-up body.
 */
export function useAuthWorld() {
  const world = {
    t: undefined as unknown as TestApp,
    /** The client's address; a describe may give each test its own. */
    clientAddress: '127.0.0.1',
    post: (url: string, payload: object, headers: Record<string, string> = {}) =>
      world.t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: world.clientAddress }),
    signUp: (email: string, extra: object = {}) =>
      world.post('/api/registration/signup', {
        email,
        password: 'secret-pass',
        confirmPassword: 'secret-pass',
        fullName: 'Ana Lima',
        ...extra,
      }),
  };
  beforeAll(async () => {
    world.t = await createTestApp();
  });
  afterAll(async () => {
    await world.t?.close();
  });
  return world;
}

/** The browser's cookie for the verify route, from a response that set it (sign-up, a 403 sign-in). */
export function verifyBrowser(response: { headers: Record<string, unknown> }): Record<string, string> {
  const header = String(response.headers['set-cookie'] ?? '');
  const cookie = header.split(';')[0] ?? '';
  expect(cookie).toMatch(/^hookline_verify_browser=[\w-]{43}$/);
  return { cookie };
}
