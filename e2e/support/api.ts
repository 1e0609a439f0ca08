import { type EndpointDefinition, endpoints, endpointUrl } from '@hookline/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';

export interface CallArgs {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * The API as journeys set up their worlds: every call names an endpoint of the contract
 * (its method and path come from there), signed in as one user.
 */
export class TestApi {
  private constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static async signIn(baseUrl: string, credentials: { email: string; password: string }): Promise<TestApi> {
    const { access_token } = await new TestApi(baseUrl, '').call<{ access_token: string }>(
      endpoints.auth.login,
      {
        body: credentials,
      },
    );
    return new TestApi(baseUrl, access_token);
  }

  /** As the user signed in on a page (its access_token cookie). */
  static async of(page: Page, baseUrl: string): Promise<TestApi> {
    const cookie = (await page.context().cookies()).find((c) => c.name === 'access_token');
    return new TestApi(baseUrl, decodeURIComponent(cookie?.value ?? ''));
  }

  async call<T = unknown>(endpoint: EndpointDefinition, args: CallArgs = {}): Promise<T> {
    const response = await fetch(new URL(endpointUrl(endpoint, args), this.baseUrl), {
      method: endpoint.method,
      headers: {
        ...(args.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: args.body === undefined ? undefined : JSON.stringify(args.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${endpoint.method} ${endpoint.path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** An image uploaded as the web uploads it (batch, the bytes to its URL, completion): its id. */
  async uploadImage(
    scope: { accountId: string; brandId: string },
    name: string,
    options: { parentId?: string; color?: { r: number; g: number; b: number } } = {},
  ): Promise<string> {
    const bytes = await sharp({
      create: { width: 640, height: 400, channels: 3, background: options.color ?? { r: 40, g: 90, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    return this.uploadBytes(scope, name, bytes, options);
  }

  /** A file uploaded as the web uploads it: its id. */
  async uploadBytes(
    scope: { accountId: string; brandId: string },
    name: string,
    bytes: Buffer,
    options: { parentId?: string } = {},
  ): Promise<string> {
    const batch = await this.call<{
      assets: { id: string; presignedURL: string; uploadHeaders: Record<string, string> }[];
    }>(endpoints.uploads.createBatch, {
      params: scope,
      body: { assets: [{ name, size: bytes.length, parentId: options.parentId ?? 'root' }] },
    });
    const file = batch.assets[0]!;
    const put = await fetch(new URL(file.presignedURL, this.baseUrl), {
      method: 'PUT',
      headers: file.uploadHeaders,
      body: new Uint8Array(bytes),
    });
    if (!put.ok) throw new Error(`PUT ${name}: ${put.status}`);
    await this.call(endpoints.uploads.complete, { params: { ...scope, id: file.id }, body: {} });
    return file.id;
  }
}
