import type http from 'node:http';

/** A request as the fake routes it, an answer as it sends it, and Graph's field expansion. */

export interface FakeRequest {
  method: string;
  path: string;
  version: string | null;
  params: Record<string, string>;
  files: Record<string, Buffer>;
  headers: http.IncomingHttpHeaders;
  inBatch: boolean;
}

export interface FakeAnswer {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
  redirect?: string;
  bytes?: { contentType: string; body: Buffer };
}

export const ok = (json: unknown): FakeAnswer => ({ status: 200, json });

// Field expansion: "id,name,creative{id,object_story_spec},insights.limit(5){spend}".
export type FieldTree = Map<string, FieldTree | null>;

export function parseFields(spec: string): FieldTree {
  let i = 0;
  const parseList = (): FieldTree => {
    const tree: FieldTree = new Map();
    while (i < spec.length && spec[i] !== '}') {
      let name = '';
      while (i < spec.length && !',{}.'.includes(spec[i]!)) name += spec[i++];
      while (spec[i] === '.') {
        i++;
        while (i < spec.length && !',{}.('.includes(spec[i]!)) i++;
        if (spec[i] === '(') while (i < spec.length && spec[i++] !== ')');
      }
      let sub: FieldTree | null = null;
      if (spec[i] === '{') {
        i++;
        sub = parseList();
        i++;
      }
      if (name.trim()) tree.set(name.trim(), sub);
      if (spec[i] === ',') i++;
    }
    return tree;
  };
  return parseList();
}

/** Fields whose value is another Graph node: asked without subfields they give only its id. */
const nodeFields = new Set(['creative', 'adset', 'campaign', 'account', 'business', 'owner']);

export function project(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((item) => project(item, tree));
  if (!value || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of tree) {
    const field = source[name];
    if (field === undefined) continue;
    if (sub) out[name] = project(field, sub);
    else if (nodeFields.has(name) && field && typeof field === 'object' && 'id' in field) {
      out[name] = { id: (field as { id: unknown }).id };
    } else out[name] = field;
  }
  if (source.id !== undefined && out.id === undefined && !tree.has('id')) {
    return { ...out, id: source.id };
  }
  return out;
}

export function withFields(request: FakeRequest, node: object, defaults: string): unknown {
  return project(node, parseFields(request.params.fields || defaults));
}
