import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderRoutes } from '../scripts/render-routes.js';
import { dateTime } from './dates.js';
import { allEndpoints } from './endpoints/index.js';
import { dateKeys } from './route.js';
import { routes } from './routes.generated.js';

describe('route table', () => {
  it('is current: regenerate it with `npm run generate -w @hookline/contract`', () => {
    const rendered = renderRoutes();
    for (const [file, text] of rendered)
      expect(fs.readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'), file).toBe(text);
    const groupFiles = fs.readdirSync(new URL('./routes/', import.meta.url));
    expect(groupFiles.map((f) => `routes/${f}`).sort()).toEqual(
      [...rendered.keys()].filter((f) => f.startsWith('routes/')).sort(),
    );
  });

  it('has every endpoint with its method and path', () => {
    for (const { name, endpoint } of allEndpoints()) {
      const [group, member] = name.split('.') as [keyof typeof routes, string];
      const route = (routes[group] as Record<string, { name: string; method: string; path: string }>)[member];
      expect(route).toMatchObject({ name, method: endpoint.method, path: endpoint.path });
    }
  });

  it('lists the date keys of an answer at any depth, through arrays, unions and recursion', () => {
    const node: z.ZodType = z.object({
      updatedAt: dateTime,
      get children() {
        return z.array(node);
      },
    });
    const schema = z.object({
      createdAt: dateTime,
      finishedOn: dateTime.nullable().optional(),
      name: z.string(),
      history: z.array(z.object({ at: dateTime })),
      either: z.union([z.object({ seenAt: dateTime }), z.object({ other: z.string() })]),
      tree: node,
    });
    expect(dateKeys(schema, 'test')).toEqual(['at', 'createdAt', 'finishedOn', 'seenAt', 'updatedAt']);
    expect(routes.library.listAssets.dates).toContain('createdAt');
  });

  it('refuses dates it could not find by key', () => {
    expect(() => dateKeys(z.record(z.string(), dateTime), 'test')).toThrow(/record/);
    expect(() => dateKeys(dateTime, 'test')).toThrow(/outside an object/);
  });
});
