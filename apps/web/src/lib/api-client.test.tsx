import {
  buildQueryString,
  dateTime,
  type EndpointDefinition,
  type HttpMethod,
  routeOf,
} from '@hookline/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorResponse, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderRoutes, renderWithProviders } from '@/test/render';
import { ApiError } from './api-client';
import { call } from './call';
import { ResponseShapeError } from './response-shape';

/** An endpoint of the test's own, called through its route. */
const testRoute = <const E extends EndpointDefinition>(endpoint: E) => routeOf('test.endpoint', endpoint);

/** Endpoints of a made-up API, so the transport is tested apart from any feature. */
const plain = (method: HttpMethod, path: `/api/${string}`) =>
  testRoute({ method, path, permission: 'public', tags: [] });
const withBody = (method: HttpMethod, path: `/api/${string}`) =>
  testRoute({ method, path, permission: 'public', tags: [], body: z.unknown() });

function Location() {
  return null;
}

const testRoutes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/library', element: <p>Library page</p> },
  { path: '/signin', element: <p>Sign-in page</p> },
  { path: '/reset-password', element: <p>Reset password page</p> },
  { path: '*', element: <Location />, handle: { public: true } },
];

describe('api client: requests', () => {
  it('repeats array query parameters and drops empty ones', async () => {
    const network = stubFetch({ 'GET /api/assets': () => jsonResponse([]) });
    const listAssets = testRoute({
      method: 'GET',
      path: '/api/assets',
      permission: 'public',
      tags: [],
      query: z.object({
        ids: z.array(z.string()).optional(),
        q: z.string().optional(),
        tag: z.string().nullable().optional(),
        folder: z.string().optional(),
        types: z.array(z.string()).optional(),
        limit: z.number(),
        starred: z.boolean(),
      }),
    });
    await call(listAssets, {
      query: { ids: ['a', 'b'], q: '', tag: null, folder: undefined, types: [], limit: 40, starred: false },
    });
    const [request] = network.requests;
    expect(request?.url.pathname).toBe('/api/assets');
    expect(request?.url.search).toBe('?ids=a&ids=b&limit=40&starred=false');
    expect(buildQueryString({ ids: ['x', '', null, 'y'] })).toBe('ids=x&ids=y');
  });

  it('decodes dates where the response schema has them, at any depth, and leaves other strings', async () => {
    stubFetch({
      'GET /api/boards/1': () =>
        jsonResponse({
          createdAt: '2026-11-22T10:15:30.123Z',
          owner: { lastLogin: '2026-01-02T03:04:05+01:00', name: 'Ana' },
          comments: [{ at: '2026-03-01T08:00:00Z' }],
          day: '2026-11-22',
          title: '2026-11-22T10:15:30.123Z is when it started',
        }),
    });
    const getBoard = testRoute({
      method: 'GET',
      path: '/api/boards/:id',
      permission: 'public',
      tags: [],
      params: z.object({ id: z.string() }),
      response: z.object({
        createdAt: dateTime,
        owner: z.object({ lastLogin: dateTime, name: z.string() }),
        comments: z.array(z.object({ at: dateTime })),
        day: z.string(),
        title: z.string(),
      }),
    });
    const board = await call(getBoard, { params: { id: '1' } });
    expect(board.createdAt).toBeInstanceOf(Date);
    expect(board.createdAt.toISOString()).toBe('2026-11-22T10:15:30.123Z');
    expect(board.owner.lastLogin).toBeInstanceOf(Date);
    expect(board.owner.lastLogin.toISOString()).toBe('2026-01-02T02:04:05.000Z');
    expect(board.comments[0]?.at).toBeInstanceOf(Date);
    expect(board.owner.name).toBe('Ana');
    expect(board.day).toBe('2026-11-22');
    expect(typeof board.title).toBe('string');
  });

  it('returns lists with the total from x-total-count', async () => {
    stubFetch({
      'GET /api/boards': () =>
        jsonResponse([{ id: '1' }, { id: '2' }], { headers: { 'x-total-count': '57' } }),
    });
    const listBoards = testRoute({
      method: 'GET',
      path: '/api/boards',
      permission: 'public',
      tags: [],
      query: z.object({ limit: z.number() }),
      response: z.array(z.object({ id: z.string() })),
      list: true,
    });
    const page = await call(listBoards, { query: { limit: 2 } });
    expect(page.items.map((b) => b.id)).toEqual(['1', '2']);
    expect(page.total).toBe(57);
  });

  it('sends the access token from the cookie as a Bearer header, and none without it', async () => {
    const network = stubFetch({ 'GET /api/me': () => jsonResponse({}) });
    await call(plain('GET', '/api/me'));
    expect(network.requests[0]?.headers.get('Authorization')).toBeNull();

    // biome-ignore lint/suspicious/noDocumentCookie: the test signs in the way the product does.
    document.cookie = 'access_token=tok-123; Path=/';
    await call(plain('GET', '/api/me'));
    expect(network.requests[1]?.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('posts JSON bodies', async () => {
    const network = stubFetch({ 'POST /api/jobs': () => jsonResponse({ id: 'j1' }, { status: 201 }) });
    await call(withBody('POST', '/api/jobs'), { body: { brandId: 'b1', type: 'DOWNLOAD_CLIP' } });
    expect(network.requests[0]?.method).toBe('POST');
    expect(network.requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(network.requests[0]?.body).toEqual({ brandId: 'b1', type: 'DOWNLOAD_CLIP' });
  });
});

describe('api client: error catalogue (000 §8)', () => {
  it('on a 401 outside public pages clears the session and goes to sign-in with the return location', async () => {
    stubFetch({
      'GET /api/me': () => errorResponse(401, { code: 'unauthorized', title: 'Unauthorized', message: 'x' }),
    });
    // biome-ignore lint/suspicious/noDocumentCookie: a signed-in session to be cleared.
    document.cookie = 'access_token=tok-123; Path=/';
    window.localStorage.setItem('access_token', 'tok-123');
    const { router } = renderRoutes(testRoutes, { initialEntries: ['/library?accountId=a1&brandId=b1'] });

    await expect(call(plain('GET', '/api/me'))).rejects.toBeInstanceOf(ApiError);

    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/library?accountId=a1&brandId=b1',
    );
    expect(document.cookie).not.toContain('access_token=tok-123');
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });

  it('on a 401 on a public page stays and keeps the session', async () => {
    stubFetch({
      'POST /api/auth/reset': () => errorResponse(401, { code: 'unauthorized', title: 'T', message: 'M' }),
    });
    window.localStorage.setItem('access_token', 'tok-123');
    const { router } = renderRoutes(testRoutes, { initialEntries: ['/reset-password?token=abc'] });
    expect(await screen.findByText('Reset password page')).toBeTruthy();

    await expect(
      call(withBody('POST', '/api/auth/reset'), { body: {} }, { silent: true }),
    ).rejects.toMatchObject({ status: 401 });

    expect(router.state.location.pathname).toBe('/reset-password');
    expect(screen.getByText('Reset password page')).toBeTruthy();
    expect(window.localStorage.getItem('access_token')).toBe('tok-123');
  });

  it('on a 401 on the not-found page (public) does not redirect', async () => {
    stubFetch({
      'GET /api/me': () => errorResponse(401, { code: 'unauthorized', title: 'T', message: 'M' }),
    });
    const { router } = renderRoutes(testRoutes, { initialEntries: ['/no-such-page'] });
    await expect(call(plain('GET', '/api/me'), {}, { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(router.state.location.pathname).toBe('/no-such-page');
  });

  it('on a 403 shows the Forbidden toast', async () => {
    stubFetch({
      'DELETE /api/assets/1': () =>
        errorResponse(403, { code: 'forbidden', title: 'Nope', message: 'Server text' }),
    });
    renderWithProviders(<p>page</p>);
    await expect(call(plain('DELETE', '/api/assets/1'))).rejects.toMatchObject({ status: 403 });
    expect(await screen.findByText('Forbidden')).toBeTruthy();
    expect(screen.getByText('You are not allowed to perform this action')).toBeTruthy();
  });

  it('on other failures shows the generic toast', async () => {
    stubFetch({ 'GET /api/boards': () => new Response('boom', { status: 500 }) });
    renderWithProviders(<p>page</p>);
    await expect(call(plain('GET', '/api/boards'))).rejects.toMatchObject({ status: 500 });
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Please refresh and try again')).toBeTruthy();
  });

  it("replaces the generic toast with the server's title and message", async () => {
    stubFetch({
      'POST /api/boards': () =>
        errorResponse(409, {
          code: 'conflict',
          title: 'Board exists',
          message: 'A board with this name exists',
        }),
    });
    renderWithProviders(<p>page</p>);
    const error = await call(withBody('POST', '/api/boards'), { body: { name: 'A' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body?.code).toBe('conflict');
    expect(await screen.findByText('Board exists')).toBeTruthy();
    expect(screen.getByText('A board with this name exists')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('shows a toast for a network failure, and none for a silent call', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<p>page</p>);
    await expect(call(plain('GET', '/api/boards'), {}, { silent: true })).rejects.toMatchObject({
      status: 0,
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Something went wrong')).toBeNull();

    await expect(call(plain('GET', '/api/boards'))).rejects.toMatchObject({ status: 0 });
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
  });

  it('on a 402 opens the upgrade prompt with the allocation and resource name', async () => {
    stubFetch({
      'POST /api/uploads': () =>
        errorResponse(402, {
          code: 'payment_required',
          title: 'Payment Required',
          message: 'Limit reached',
          allocation: 100,
          resourceName: 'assets',
        }),
    });
    renderWithProviders(<p>page</p>);
    await expect(call(withBody('POST', '/api/uploads'), { body: {} })).rejects.toMatchObject({ status: 402 });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Payment Required');
    expect(dialog.textContent).toContain('Your plan allows 100 assets.');
  });
});

describe('typed client: response validation', () => {
  it('refuses, in tests and development, an answer that does not match its schema', async () => {
    stubFetch({ 'GET /api/boards/1': () => jsonResponse({ id: 1, createdAt: 'yesterday' }) });
    const getBoard = testRoute({
      method: 'GET',
      path: '/api/boards/:id',
      permission: 'public',
      tags: [],
      params: z.object({ id: z.string() }),
      response: z.object({ id: z.string(), createdAt: dateTime }),
    });
    const error = await call(getBoard, { params: { id: '1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(String((error as Error).message)).toContain('GET /api/boards/:id');
  });

  it('fills and encodes path parameters', async () => {
    const network = stubFetch({ 'GET /api/boards/a%2Fb': () => jsonResponse({}) });
    await call(
      testRoute({
        method: 'GET',
        path: '/api/boards/:id',
        permission: 'public',
        tags: [],
        params: z.object({ id: z.string() }),
      }),
      { params: { id: 'a/b' } },
    );
    expect(network.requests[0]?.url.pathname).toBe('/api/boards/a%2Fb');
  });
});
