import { adEffectiveStatuses } from '@hookline/contract';
import { afterAll, beforeAll } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../../test/fake-graph.js';
import { GraphClient, type GraphClientOptions } from '../platform/meta/graph-client.js';
import { META_GRAPH_VERSION } from '../platform/meta/version.js';

/** What the Graph client's tests (platform/meta/graph-*.test.ts) share: a fake, a client for it, helpers. */

/** Every ad `effective_status` (Graph leaves archived and deleted ads out unless asked). */
export const allStatuses = [...adEffectiveStatuses];

export function clientFor(fake: FakeGraph, extra: Partial<GraphClientOptions> = {}) {
  return new GraphClient({
    appId: fake.appId,
    appSecret: fake.appSecret,
    version: META_GRAPH_VERSION,
    graphUrl: fake.url,
    videoUrl: fake.url,
    dialogUrl: fake.url,
    ...extra,
  });
}

export async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

/** The file's fake (seed 7, "today" 2026-11-20), a client for it, its user token and first ad account. */
export let fake: FakeGraph;
export let graph: GraphClient;
export let token: string;
export let account1: string;

/** Starts the fake before the file's tests and stops it after them. */
export function useGraphWorld(): void {
  beforeAll(async () => {
    fake = await startFakeGraph({ seed: 7, now: new Date('2026-11-20T12:00:00Z') });
    graph = clientFor(fake);
    token = fake.state.userToken;
    account1 = fake.state.adAccounts[0]!.id;
  });
  afterAll(() => fake.close());
}
