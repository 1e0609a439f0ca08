import { GraphError, type GraphUsage, graphErrorFromBody } from './errors.js';
import {
  encodeParams,
  type GraphCallOptions,
  type GraphParams,
  type GraphTransport,
} from './graph-transport.js';

/** Lists and batches: every page of a list edge, batch requests, and the reads of reference §2 (me, ad accounts, Pages). */

export interface GraphPage<T> {
  data: T[];
  usage: GraphUsage;
}

interface ListBody<T> {
  data?: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
}

export interface GraphBatchRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** '/me', 'act_1/ads', '1234567' (no version: the batch's is used). */
  path: string;
  params?: GraphParams;
}

export type GraphBatchAnswer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; error: GraphError };

/** Reference §2. */
export interface GraphAdAccount {
  id: string;
  name: string;
  account_id: string;
  account_status: number;
  disable_reason?: number;
  currency: string;
  timezone_name: string;
}

export interface GraphPageSummary {
  id: string;
  name: string;
  link?: string;
}

const BATCH_LIMIT = 50;

const AD_ACCOUNT_FIELDS = 'id,name,account_id,account_status,disable_reason,currency,timezone_name';

/**
 * Every page of a list edge, following `paging.next` until Meta sends none. A page
 * shorter than the limit is not the end (reference §4 "Pagination").
 */
export async function* pages<T>(
  graph: GraphTransport,
  path: string,
  token: string,
  params: GraphParams = {},
  options: GraphCallOptions = {},
): AsyncGenerator<GraphPage<T>, void, undefined> {
  let result = await graph.get<ListBody<T>>(path, token, params, options);
  let previous = '';
  for (;;) {
    yield { data: Array.isArray(result.body?.data) ? result.body.data : [], usage: result.usage };
    const next = result.body?.paging?.next;
    if (!next) return;
    const url = graph.followUrl(next, token);
    // A next link pointing back at the page just read would loop for ever.
    if (url.toString() === previous) return;
    previous = url.toString();
    result = await graph.call<ListBody<T>>('GET', url, undefined, options);
  }
}

/** Every item of a list edge (all pages). */
export async function all<T>(
  graph: GraphTransport,
  path: string,
  token: string,
  params: GraphParams = {},
  options: GraphCallOptions = {},
) {
  const items: T[] = [];
  for await (const page of pages<T>(graph, path, token, params, options)) items.push(...page.data);
  return items;
}

/**
 * Graph batch requests: at most 50 per call, so longer lists go in several calls (one
 * after the other). Each answer comes back parsed, in order, or as its own GraphError.
 */
export async function batch<T = unknown>(
  graph: GraphTransport,
  token: string,
  requests: readonly GraphBatchRequest[],
  options: GraphCallOptions = {},
): Promise<GraphBatchAnswer<T>[]> {
  const answers: GraphBatchAnswer<T>[] = [];
  for (let i = 0; i < requests.length; i += BATCH_LIMIT) {
    const chunk = requests.slice(i, i + BATCH_LIMIT);
    const batch = chunk.map((request) => {
      const method = request.method ?? 'GET';
      const relative = request.path.replace(/^\/+/, '');
      const encoded = new URLSearchParams(encodeParams(request.params ?? {})).toString();
      return method === 'POST'
        ? { method, relative_url: relative, body: encoded }
        : { method, relative_url: encoded ? `${relative}?${encoded}` : relative };
    });
    const { body, usage } = await graph.post<unknown>(
      '/',
      token,
      { batch: JSON.stringify(batch), include_headers: 'false' },
      options,
    );
    if (!Array.isArray(body) || body.length !== chunk.length) {
      throw new GraphError({
        httpStatus: 200,
        code: null,
        message: 'The Graph API answered a batch request with something other than one answer per request',
        usage,
      });
    }
    for (const item of body as unknown[]) answers.push(batchAnswer<T>(graph, item, usage));
  }
  return answers;
}

export async function me(
  graph: GraphTransport,
  token: string,
  options: GraphCallOptions = {},
): Promise<{ id: string; name: string }> {
  const { body } = await graph.get<{ id: string; name: string }>(
    '/me',
    token,
    { fields: 'id,name' },
    options,
  );
  return { id: String(body.id), name: String(body.name ?? '') };
}

export function adAccounts(
  graph: GraphTransport,
  token: string,
  options: GraphCallOptions = {},
): Promise<GraphAdAccount[]> {
  return all<GraphAdAccount>(graph, '/me/adaccounts', token, { fields: AD_ACCOUNT_FIELDS }, options);
}

export function pagesOf(
  graph: GraphTransport,
  token: string,
  options: GraphCallOptions = {},
): Promise<GraphPageSummary[]> {
  return all<GraphPageSummary>(graph, '/me/accounts', token, { fields: 'id,name,link' }, options);
}

/** Removes the app from the user's Facebook account; the token stops working. */
export async function revokePermissions(
  graph: GraphTransport,
  token: string,
  options: GraphCallOptions = {},
): Promise<void> {
  await graph.delete('/me/permissions', token, {}, options);
}

function batchAnswer<T>(graph: GraphTransport, item: unknown, usage: GraphUsage): GraphBatchAnswer<T> {
  if (!item || typeof item !== 'object') {
    return {
      ok: false,
      status: 504,
      error: new GraphError({
        httpStatus: 504,
        code: null,
        message: 'Meta gave no answer for this request of the batch (it timed out); send it again',
        usage,
      }),
    };
  }
  const { code, body } = item as { code?: number; body?: unknown };
  const status = Number(code ?? 200);
  let parsed: unknown = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = body;
    }
  }
  const error = graphErrorFromBody(parsed, status, usage, graph.secrets());
  if (error) return { ok: false, status, error };
  if (status >= 400) {
    return {
      ok: false,
      status,
      error: new GraphError({
        httpStatus: status,
        code: null,
        message: `Graph API answered HTTP ${status}`,
        usage,
      }),
    };
  }
  return { ok: true, status, body: parsed as T };
}
